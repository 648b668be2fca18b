/**
 * The notification long-poll loop of spec §4/§9, free of the app (its clock, randomness and
 * transport are given), so its timing is tested with fake timers:
 * - first poll after a random delay under 1 s; after each success the next under 0.5 s;
 * - on an error, wait 1 s, then 2 s, 4 s … and stop when the next wait would exceed 120 s;
 * - stop on 401 and on cancel (stop()).
 */
import { POLL_BACKOFF_MAX_MS, POLL_BACKOFF_START_MS, POLL_JITTER_AFTER_SUCCESS_MS, POLL_JITTER_INITIAL_MS } from '@common/constants';
import type { NotificationDto, PollResponse } from '@common/api/notifications';

export type PollStopReason = 'cancelled' | 'unauthorized' | 'gave-up';

export interface PollerDeps {
  /** One poll: resolves with the server's answer, rejects with an error carrying `status` for HTTP errors. */
  poll(cursor: string | undefined, signal: AbortSignal): Promise<PollResponse>;
  /** Where to resume after a reload (the newest stored notification). */
  initialCursor?: string | undefined;
  /** Notifications arrived; `initial` marks the first answer of a poll without a cursor (a replay, not news). */
  onNotifications(list: NotificationDto[], meta: { initial: boolean; cursor: string }): void;
  onStop?(reason: PollStopReason): void;
  random?: () => number;
}

export interface Poller {
  start(): void;
  stop(): void;
  readonly running: boolean;
  readonly cursor: string | undefined;
}

function statusOf(error: unknown): number | undefined {
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status === 'number' ? status : undefined;
}

export function createPoller(deps: PollerDeps): Poller {
  const random = deps.random ?? Math.random;
  let running = false;
  let cursor = deps.initialCursor;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let inFlight: AbortController | null = null;
  let backoffMs = POLL_BACKOFF_START_MS;
  /** Bumped by stop(): a poll answered after it belongs to a finished run and is ignored. */
  let generation = 0;

  const schedule = (delayMs: number) => {
    timer = setTimeout(() => {
      timer = null;
      void once();
    }, delayMs);
  };

  const finish = (reason: PollStopReason) => {
    running = false;
    generation++;
    if (timer) clearTimeout(timer);
    timer = null;
    inFlight?.abort();
    inFlight = null;
    deps.onStop?.(reason);
  };

  const once = async () => {
    const mine = generation;
    const controller = new AbortController();
    inFlight = controller;
    const sentCursor = cursor;
    try {
      const answer = await deps.poll(sentCursor, controller.signal);
      if (mine !== generation) return;
      inFlight = null;
      cursor = answer.cursor;
      backoffMs = POLL_BACKOFF_START_MS;
      if (answer.notifications.length > 0) {
        deps.onNotifications(answer.notifications, { initial: sentCursor === undefined, cursor: answer.cursor });
      }
      schedule(random() * POLL_JITTER_AFTER_SUCCESS_MS);
    } catch (error) {
      if (mine !== generation) return;
      inFlight = null;
      if (statusOf(error) === 401) return finish('unauthorized');
      if (backoffMs > POLL_BACKOFF_MAX_MS) return finish('gave-up');
      schedule(backoffMs);
      backoffMs *= 2;
    }
  };

  return {
    start() {
      if (running) return;
      running = true;
      backoffMs = POLL_BACKOFF_START_MS;
      schedule(random() * POLL_JITTER_INITIAL_MS);
    },
    stop() {
      if (running) finish('cancelled');
    },
    get running() {
      return running;
    },
    get cursor() {
      return cursor;
    },
  };
}
