import type { FastifyInstance, FastifyReply, FastifyRequest, RouteHandlerMethod, RouteOptions } from 'fastify';
import { HttpError, tooManyRequests } from './errors';

/**
 * What an expensive route declares in its `config`, beside its access (server/plugins/access.ts):
 * `expensive: true` on routes whose widest legal call costs seconds of server work (a year of
 * market history, a CSV of the whole bond table, a backtest, an upload to parse, a workbook).
 * Declared per route, like access, and listed in the generated docs/access.md.
 */
export interface RouteCost {
  expensive?: boolean;
}

declare module 'fastify' {
  interface FastifyContextConfig extends RouteCost {}
}

/** The limits of expensive work in one instance (see registerExpensiveLimit). */
export interface ExpensiveLimits {
  /** Expensive requests one caller may have in flight (running or waiting); the next is a 429. */
  perCaller: number;
  /** Expensive requests the instance runs at once; later ones wait in the queue. */
  running: number;
  /** Expensive requests that may wait; past it, a 503 until one finishes. */
  queued: number;
}

export const DEFAULT_EXPENSIVE_LIMITS: ExpensiveLimits = { perCaller: 2, running: 4, queued: 16 };

/** A slot's end: call once the request's work (the handler and its answer) is over. */
type Release = () => void;

/**
 * Counts expensive work per caller and in the instance, with a bounded queue in front of it.
 * Pure bookkeeping on the app's clock (the clock only estimates Retry-After).
 */
export class ExpensiveWork {
  private readonly perCaller = new Map<string, number>();
  private running = 0;
  private readonly waiting: Array<{ start: () => void; signal: AbortSignal | undefined; caller: string }> = [];
  /** Recent expensive requests' duration, ms (a moving average): what Retry-After says. */
  private typicalMs = 1_000;

  constructor(
    private readonly limits: ExpensiveLimits,
    private readonly now: () => number,
  ) {}

  /** How many expensive requests a caller has in flight (running or waiting). */
  inFlight(caller: string): number {
    return this.perCaller.get(caller) ?? 0;
  }

  /** Seconds a refused caller should wait before trying again: about one expensive request. */
  retryAfterSeconds(): number {
    return Math.min(30, Math.max(1, Math.ceil(this.typicalMs / 1000)));
  }

  /**
   * Takes a slot for the caller, waiting in the queue while the instance runs its maximum.
   * Throws a 429 when the caller already has its maximum in flight, a 503 when the queue is
   * full; the signal (the client left) takes a waiting request out of the queue.
   */
  async acquire(caller: string, signal?: AbortSignal): Promise<Release> {
    const mine = this.inFlight(caller);
    if (mine >= this.limits.perCaller) {
      throw Object.assign(
        tooManyRequests(
          `You already have ${mine} heavy requests in progress (at most ${this.limits.perCaller} at a time): try again in ${this.retryAfterSeconds()} s`,
        ),
        { retryAfter: this.retryAfterSeconds() },
      );
    }
    if (this.running >= this.limits.running && this.waiting.length >= this.limits.queued) {
      throw Object.assign(new HttpError(503, `The server is busy with heavy requests: try again in ${this.retryAfterSeconds()} s`), {
        retryAfter: this.retryAfterSeconds(),
      });
    }
    this.perCaller.set(caller, mine + 1);
    const leave = () => {
      const left = this.inFlight(caller) - 1;
      if (left > 0) this.perCaller.set(caller, left);
      else this.perCaller.delete(caller);
    };
    if (this.running >= this.limits.running) {
      try {
        await new Promise<void>((start, reject) => {
          const entry = { start, signal, caller };
          this.waiting.push(entry);
          signal?.addEventListener(
            'abort',
            () => {
              const at = this.waiting.indexOf(entry);
              if (at >= 0) this.waiting.splice(at, 1);
              reject(new Error('The client left while its request waited'));
            },
            { once: true },
          );
        });
      } catch (err) {
        leave();
        throw err;
      }
    } else {
      this.running++;
    }
    const startedAt = this.now();
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.typicalMs = 0.8 * this.typicalMs + 0.2 * Math.max(0, this.now() - startedAt);
      leave();
      this.running--;
      this.startNext();
    };
  }

  /** Hands a freed running slot to the first request still waiting. */
  private startNext(): void {
    while (this.running < this.limits.running && this.waiting.length > 0) {
      const next = this.waiting.shift()!;
      if (next.signal?.aborted) continue;
      this.running++;
      next.start();
    }
  }
}

/** Resolves once the response is over: sent in full, or its connection closed. */
function responseOver(reply: FastifyReply): Promise<void> {
  const raw = reply.raw;
  if (raw.closed || raw.destroyed) return Promise.resolve();
  return new Promise((resolve) => raw.once('close', () => resolve()));
}

/**
 * The per-caller limit on expensive routes (issue 33: one trial user's cache-busting calls held
 * every other request up). A route declaring `config.expensive` runs only when its caller has
 * fewer than `perCaller` such requests in flight — else a 429 `{ error }` with Retry-After — and
 * only `running` of them run in the instance at once, the next `queued` waiting their turn (a 503
 * with Retry-After past that). A slot is held until both the handler has finished and the
 * answer is over (a streamed CSV holds it while it streams; a client that leaves does not free
 * it while the work it started still runs). Callers are signed-in users (expensive routes are
 * never public), else their address. Per instance: the work it bounds is this instance's.
 * Register before the routes (the handlers are wrapped as they are declared).
 */
export function registerExpensiveLimit(app: FastifyInstance, limits: ExpensiveLimits = DEFAULT_EXPENSIVE_LIMITS): ExpensiveWork {
  const work = new ExpensiveWork(limits, () => app.now());
  app.addHook('onRoute', (route: RouteOptions) => {
    if (!(route.config as RouteCost | undefined)?.expensive) return;
    const handler = route.handler as (this: FastifyInstance, request: FastifyRequest, reply: FastifyReply) => unknown;
    route.handler = async function limited(this: FastifyInstance, request: FastifyRequest, reply: FastifyReply) {
      const caller = request.auth ? `user:${request.auth.userId}` : `ip:${request.ip}`;
      let release: Release;
      try {
        release = await work.acquire(caller, request.signal);
      } catch (err) {
        const retryAfter = (err as { retryAfter?: number }).retryAfter;
        if (retryAfter !== undefined) void reply.header('retry-after', String(retryAfter));
        throw err;
      }
      const over = responseOver(reply);
      try {
        return await handler.call(this, request, reply);
      } finally {
        void over.then(release);
      }
    } as RouteHandlerMethod;
  });
  return work;
}
