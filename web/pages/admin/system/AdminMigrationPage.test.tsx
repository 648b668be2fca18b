import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { SYSTEM_PATHS, jobRunResponseSchema, jobStateSchema } from '@common/api/system';
import { refusal, serveApi, shaped } from '../../../test/apiServer';
import { renderPage } from '../../../test/renderPage';
import AdminMigrationPage from './AdminMigrationPage';
import { finraJob, makeSystemState, outboxJob } from './systemFixtures';

const SYSTEM = `GET ${SYSTEM_PATHS.system}`;
let server: ReturnType<typeof serveApi>;
beforeEach(() => {
  server = serveApi({ [SYSTEM]: makeSystemState() });
});
const jobRow = async (name: string) => {
  await screen.findByTestId('jobs-table');
  const row = screen.getAllByTestId('job-row').find((r) => r.getAttribute('data-job') === name);
  if (!row) throw new Error(`no row for job ${name}`);
  return row;
};

describe('admin system page (jobs, sources and migrations)', () => {
  it('shows each job with its status and last error, and the pending migration first', async () => {
    renderPage(<AdminMigrationPage />);
    const finra = await jobRow('finra-public');
    expect(within(finra).getByText('failed')).toBeTruthy();
    expect(within(finra).getByTestId('job-error').textContent).toMatch(/HTTP 503 5 times/);
    expect(within(await jobRow('outbox')).getByText('40 ms')).toBeTruthy();
    expect(screen.getByTestId('migrations-pending').textContent).toBe('1 pending');
    const migrations = within(screen.getByTestId('migrations-table')).getAllByRole('row');
    expect(migrations[1]?.textContent).toMatch(/20261128120000_bond_notes\s*pending/);
    expect(screen.getByTestId('market-source').textContent).toMatch(/simulator/);
  });

  it('pausing a job asks every instance to skip it, and the state read again shows it paused', async () => {
    const PAUSE = `PUT ${SYSTEM_PATHS.job({ name: 'finra-public' })}`;
    server.answer(PAUSE, () => {
      server.answer(SYSTEM, makeSystemState({ jobs: [{ ...finraJob, paused: true, nextRunAt: null }, outboxJob] }));
      return shaped(jobStateSchema, { ...finraJob, paused: true, nextRunAt: null });
    });
    renderPage(<AdminMigrationPage />);
    fireEvent.click(within(await jobRow('finra-public')).getByTestId('job-pause'));
    await waitFor(async () => expect(within(await jobRow('finra-public')).getByTestId('job-pause').textContent).toBe('Resume'));
    expect(server.callsTo(PAUSE).map((c) => c.body)).toEqual([{ paused: true }]);
    expect(within(await jobRow('finra-public')).getByText('paused', { selector: '.mantine-Badge-label' })).toBeTruthy();
  });

  it('run now starts the job; a run already in progress is refused with the reason shown', async () => {
    const RUN = `POST ${SYSTEM_PATHS.jobRun({ name: 'outbox' })}`;
    server.answer(RUN, shaped(jobRunResponseSchema, { status: 'started' }));
    renderPage(<AdminMigrationPage />);
    fireEvent.click(within(await jobRow('outbox')).getByTestId('job-run'));
    await waitFor(() => expect(server.callsTo(RUN)).toHaveLength(1));
    expect(screen.queryByTestId('job-action-error')).toBeNull();
    server.answer(RUN, refusal(409, 'outbox is already running on another instance.'));
    fireEvent.click(within(await jobRow('outbox')).getByTestId('job-run'));
    expect((await screen.findByTestId('job-action-error')).textContent).toMatch(/already running/);
  });
});
