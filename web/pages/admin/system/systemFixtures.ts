/** Test fixtures shaped by the contract (common/api/system.ts): GET /admin/system answers. */
import { type JobState, type SystemState, systemStateSchema } from '@common/api/system';
import { shaped } from '../../../test/apiServer';

export const finraJob: JobState = {
  name: 'finra-public',
  intervalMs: 3_600_000,
  paused: false,
  running: false,
  lastStartedAt: '2026-11-29T09:00:00.000Z',
  lastFinishedAt: '2026-11-29T09:00:02.000Z',
  lastDurationMs: 2000,
  lastError: 'FINRA answered HTTP 503 5 times; giving up for now',
  runs: 12,
  failures: 1,
  nextRunAt: '2026-11-29T10:00:00.000Z',
};

export const outboxJob: JobState = {
  ...finraJob,
  name: 'outbox',
  intervalMs: 60_000,
  lastError: null,
  lastDurationMs: 40,
  runs: 700,
  failures: 0,
};

/** The simulator's system with both jobs, one migration applied and one pending, nothing queued. */
export function makeSystemState(overrides: Partial<SystemState> = {}): SystemState {
  return shaped(systemStateSchema, {
    maintenanceMode: false,
    marketSource: 'simulator',
    jobs: [finraJob, outboxJob],
    sources: [],
    migrations: {
      applied: [{ name: '20260101000000_init', appliedAt: '2026-01-01T00:00:00.000Z' }],
      pending: [{ name: '20261128120000_bond_notes', appliedAt: null }],
    },
    queues: { outboxWaiting: 0, outboxFailing: 0, filingsNeedingReview: 0, unknownIdentifiers: 0, tradesMissingBonds: 0 },
    attention: [],
    ...overrides,
  });
}
