/**
 * Product usage tracking in the app: started at login with the user (spec §4 "Tracking starts"; the
 * server attaches roleType and roleFunction, spec §6), stopped at logout. Page views come from the
 * router (the route pattern, never ids), other events from `trackEvent` where people act (search,
 * sort, filter, export, calculator use…), the memory ping from memoryPing.ts. Batches go to the
 * product's own proxy path through the one API client; failures are reported, never shown (§8).
 */
import { USAGE_EVENT_PATHS, type UsageEvent } from '@common/api/usage';
import { USAGE_TRACKING } from '@common/constants';
import { ApiError, api } from '../api/client';
import { getErrorReporter } from '../api/reporters';
import { UsageQueue, type UsageProperties, realClock } from './usageQueue';
import { memoryPingMeanMs, startMemoryPing } from './memoryPing';

/** The device id cookie: a random id kept 365 days (§9 cookie life). */
export const DEVICE_COOKIE = 'bw_device';

/** The cookie that keeps a device id for the §9 cookie life. */
export function deviceCookie(id: string, secure: boolean): string {
  const maxAge = USAGE_TRACKING.cookieLifeDays * 24 * 3600;
  return `${DEVICE_COOKIE}=${encodeURIComponent(id)}; Max-Age=${maxAge}; Path=/; SameSite=Lax${secure ? '; Secure' : ''}`;
}

/** This browser's analytics device id, from its cookie or made (and kept) now. */
export function usageDeviceId(doc: Document = document): string {
  const found = doc.cookie.split('; ').find((c) => c.startsWith(`${DEVICE_COOKIE}=`));
  const existing = found ? decodeURIComponent(found.slice(DEVICE_COOKIE.length + 1)) : '';
  if (/^[\w-]{8,64}$/.test(existing)) return existing;
  const id = crypto.randomUUID();
  doc.cookie = deviceCookie(id, typeof location !== 'undefined' && location.protocol === 'https:');
  return id;
}

/** Sends a batch through the one API client; the status is what the queue decides on. */
async function sendBatch(events: UsageEvent[], options: { keepalive: boolean; signal: AbortSignal }): Promise<number> {
  try {
    await api.post(USAGE_EVENT_PATHS.batch, { events }, { keepalive: options.keepalive, signal: options.signal });
    return 200;
  } catch (err) {
    if (err instanceof ApiError) return err.status;
    throw err;
  }
}

let queue: UsageQueue | null = null;
/**
 * Events of a signed-in session recorded before tracking started (the first page view renders
 * before user info has arrived): they join the queue when it starts, and go with a logout.
 */
const early: Array<{ name: string; properties?: UsageProperties; path: string }> = [];
const EARLY_LIMIT = 20;
let stopPing: (() => void) | null = null;
const reportFailure = (err: unknown) => void Promise.resolve(getErrorReporter().report(err)).catch(() => undefined);
const onHide = () => {
  if (document.visibilityState === 'hidden') queue?.flushOnHide();
};

/** The app route an event happened on, without query (ids stay in properties when they matter). */
function currentPath(): string {
  return typeof location === 'undefined' ? '' : location.hash.replace(/^#/, '').split('?')[0]!;
}

/** Starts analytics for the signed-in user (idempotent per user). */
export function startUsageTracking(userId: string): void {
  if (queue) stopUsageTracking();
  queue = new UsageQueue({ transport: sendBatch, deviceId: usageDeviceId(), userId, onFailure: reportFailure });
  for (const e of early.splice(0)) queue.track(e.name, e.properties, e.path);
  stopPing = startMemoryPing({
    clock: realClock,
    meanMs: memoryPingMeanMs(import.meta.env.PROD),
    send: (memory) => trackEvent('memory.usage', memory),
  });
  document.addEventListener('visibilitychange', onHide);
  window.addEventListener('pagehide', onHide);
}

/** Stops analytics (logout): nothing more is sent for this user. */
export function stopUsageTracking(): void {
  early.length = 0;
  queue?.stop();
  queue = null;
  stopPing?.();
  stopPing = null;
  if (typeof document !== 'undefined') document.removeEventListener('visibilitychange', onHide);
  if (typeof window !== 'undefined') window.removeEventListener('pagehide', onHide);
}

/** Records an event people care about (callers track only while someone is signed in). */
export function trackEvent(name: string, properties?: UsageProperties): void {
  if (queue) queue.track(name, properties, currentPath());
  else if (early.length < EARLY_LIMIT) early.push({ name, ...(properties ? { properties } : {}), path: currentPath() });
}
