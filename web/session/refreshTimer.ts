/**
 * The one scheduled session refresh (spec §4 Login). Its own module so that logout can cancel it
 * without importing the refresh logic, which itself logs out: the two would load each other.
 */
let timer: ReturnType<typeof setTimeout> | null = null;

/** Schedules `run` after `delayMs`, replacing any refresh already scheduled. */
export function scheduleRefreshTimer(run: () => void, delayMs: number): void {
  cancelScheduledRefresh();
  timer = setTimeout(() => {
    timer = null;
    run();
  }, delayMs);
}

/** Cancels a scheduled refresh (logout). */
export function cancelScheduledRefresh(): void {
  if (timer) clearTimeout(timer);
  timer = null;
}

/** True while a refresh is scheduled (tests, diagnostics). */
export function isRefreshScheduled(): boolean {
  return timer !== null;
}
