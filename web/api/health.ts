/**
 * Health check (spec §4 Other, §7, §8): GET /health with a 5 s timeout answering
 * `{ status: "ok", maintenanceMode: boolean, db: "up" }` (503 with `db: "down"` while the server
 * cannot reach its database — a non-200, handled like any other).
 * - non-200 or a bad body: toast "There was an error trying to connect to our server. Please
 *   contact support" and navigate to /bw/error;
 * - the request throws (network, timeout): the same, and maintenance = navigator.onLine
 *   (the spec's rule: a reachable network with an unreachable server reads as maintenance).
 * Re-checked every HEALTH_RECHECK_MS so maintenance toggles reach open tabs, and every
 * HEALTH_FAST_RECHECK_MS while in maintenance or failing so they leave within a second or two; a
 * page that fails to load or a call that cannot reach the server re-checks at once
 * (`recheckHealthNow`). The toast and the navigation happen only when health turns bad, not on
 * every failed re-check.
 */
import { API_PATHS, HEALTH_FAST_RECHECK_MS, HEALTH_RECHECK_MS, HEALTH_TIMEOUT_MS, MESSAGES } from '@common/constants';
import type { NotificationData } from '@mantine/notifications';
import { useAppStore, type HealthStatus } from '../stores/app';
import { ApiError, apiRequest } from './client';

export interface HealthResponse {
  status: string;
  maintenanceMode: boolean;
  /** The administrators' message while maintenance is on, when they left one. */
  maintenanceMessage?: string;
  /** The server's view of its database: "down" comes with a 503. */
  db?: 'up' | 'down';
  /** Optional: the server's support address (overrides DEFAULT_SUPPORT_EMAIL when present). */
  supportEmail?: string;
}

export interface HealthDeps {
  request?: (path: string) => Promise<unknown>;
  notify: (notification: NotificationData) => unknown;
  navigate: (path: string) => void;
  isOnline?: () => boolean;
  /** Called when health turns good again after a failure (the app leaves /bw/error). */
  onRecover?: () => void;
}

export interface HealthResult {
  health: HealthStatus;
  maintenanceMode: boolean;
  /** The administrators' message (null: none), when the server answered. */
  maintenanceMessage?: string | null;
}

const defaultRequest = (path: string) => apiRequest(path, { timeoutMs: HEALTH_TIMEOUT_MS });

let inFlight: Promise<HealthResult> | null = null;
let early: Promise<unknown> | null = null;

/**
 * Sends the first health request now, before the shell can act on it (web/boot.ts, while the
 * start-up bundle is still being evaluated); the next check adopts its answer instead of asking again.
 */
export function requestHealthEarly(): void {
  early ??= defaultRequest(API_PATHS.health);
  early.catch(() => undefined); // handled by the adopting check
}

/**
 * Runs one health check and applies it to the app store; returns what it concluded.
 * Concurrent calls share one request, and the toast/navigation happen only on the transition
 * into failure (decided after the await, so overlapping checks cannot both toast).
 */
export function checkHealth(deps: HealthDeps): Promise<HealthResult> {
  inFlight ??= runCheck(deps).finally(() => {
    inFlight = null;
  });
  return inFlight;
}

async function runCheck(deps: HealthDeps): Promise<HealthResult> {
  const { request = defaultRequest, isOnline = () => navigator.onLine } = deps;
  let result: HealthResult;
  try {
    const pending = early ?? request(API_PATHS.health);
    early = null;
    const body = (await pending) as Partial<HealthResponse> | undefined;
    if (!body || body.status !== 'ok') throw new ApiError(200, 'OK', 'Unexpected health response', body);
    result = {
      health: 'ok',
      maintenanceMode: body.maintenanceMode === true,
      maintenanceMessage: typeof body.maintenanceMessage === 'string' ? body.maintenanceMessage : null,
    };
    if (typeof body.supportEmail === 'string' && body.supportEmail.includes('@')) {
      useAppStore.getState().setSupportEmail(body.supportEmail);
    }
  } catch (error) {
    const responded = error instanceof ApiError;
    result = { health: 'failed', maintenanceMode: responded ? useAppStore.getState().maintenanceMode : isOnline() };
  }
  const wasFailing = useAppStore.getState().health === 'failed';
  useAppStore.getState().setHealth(result.health, result.maintenanceMode, result.maintenanceMessage);
  if (result.health === 'failed' && !wasFailing) {
    deps.notify({
      color: 'red',
      autoClose: 5000,
      message: MESSAGES.healthFailure,
      'data-testid': 'health-toast',
    });
    deps.navigate('/bw/error');
  }
  if (result.health === 'ok' && wasFailing) deps.onRecover?.();
  return result;
}

let activeDeps: HealthDeps | null = null;

/** In maintenance or failing: the state that is re-checked every HEALTH_FAST_RECHECK_MS. */
const urgent = ({ health, maintenanceMode }: { health: HealthStatus; maintenanceMode: boolean }) => health === 'failed' || maintenanceMode;

/**
 * Checks now and then every `intervalMs`, or every `fastMs` while in maintenance or failing;
 * returns a stop function. The app can turn urgent between two checks (an API call met the
 * maintenance gate: `enterMaintenance`): the slow wait already running is then cut to `fastMs`,
 * or an open tab would stay on the maintenance page until the slow check (up to 30 s) after
 * maintenance ended.
 */
export function startHealthChecks(
  deps: HealthDeps,
  intervalMs: number = HEALTH_RECHECK_MS,
  fastMs: number = HEALTH_FAST_RECHECK_MS,
): () => void {
  activeDeps = deps;
  /** The wait before the next check; null while a check runs (its end schedules the next). */
  let timer: ReturnType<typeof setTimeout> | null = null;
  let stopped = false;
  const next = () => {
    if (stopped) return;
    timer = setTimeout(run, urgent(useAppStore.getState()) ? fastMs : intervalMs);
  };
  const run = () => {
    timer = null;
    void checkHealth(deps).finally(next);
  };
  const unsubscribe = useAppStore.subscribe((state, previous) => {
    if (stopped || timer === null || !urgent(state) || urgent(previous)) return;
    clearTimeout(timer);
    timer = setTimeout(run, fastMs);
  });
  run();
  return () => {
    stopped = true;
    unsubscribe();
    if (timer) clearTimeout(timer);
    if (activeDeps === deps) activeDeps = null;
  };
}

/** Checks health now with the running checks' reactions (a page failed to load, a call found no server). */
export function recheckHealthNow(): void {
  if (activeDeps) void checkHealth(activeDeps);
}
