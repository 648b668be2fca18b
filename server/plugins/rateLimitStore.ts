import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema';

/** What @fastify/rate-limit expects of a store's answer. */
type Answer = (err: Error | null, result?: { current: number; ttl: number }) => void;
declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route's own rate limit stops guessing (see {@link guessingLimit}): count it in the database. */
    sharedRateLimit?: boolean;
  }
}

/**
 * Route config for a limit that stops guessing — passwords, e-mailed and TOTP codes, reset and
 * unlock links: `max` requests a minute per client address, counted across every instance.
 */
export function guessingLimit(max: number) {
  return { rateLimit: { max, timeWindow: '1 minute' }, sharedRateLimit: true } as const;
}

/**
 * What `child` receives: the route's merged limit options, with the route itself as `routeInfo`
 * (the plugin's types say the route; `url` keeps the two compatible).
 */
interface RouteLimitOptions {
  url?: string;
  routeInfo?: { method: string | string[]; url?: string; config?: { sharedRateLimit?: boolean } };
}

/** Client addresses a memory window remembers per process (oldest forgotten first). */
const MEMORY_KEYS_MAX = 20_000;

/** A fixed window per client address in this process's memory, on the app's clock. */
class MemoryWindow {
  private readonly windows = new Map<string, { hits: number; startedAt: number }>();

  constructor(protected readonly clock: () => number) {}

  incr(key: string, answer: Answer, timeWindow: number): void {
    const now = this.clock();
    let w = this.windows.get(key);
    if (!w || w.startedAt + timeWindow <= now) {
      if (!w && this.windows.size >= MEMORY_KEYS_MAX) this.windows.delete(this.windows.keys().next().value!);
      w = { hits: 0, startedAt: now };
      this.windows.set(key, w);
    }
    w.hits++;
    answer(null, { current: w.hits, ttl: w.startedAt + timeWindow - now });
  }

  read(key: string, answer: Answer, timeWindow: number): void {
    const w = this.windows.get(key);
    const now = this.clock();
    if (!w || w.startedAt + timeWindow <= now) answer(null, { current: 0, ttl: 0 });
    else answer(null, { current: w.hits, ttl: w.startedAt + timeWindow - now });
  }

  child(_options?: RouteLimitOptions): LimitStore {
    return new MemoryWindow(this.clock);
  }
}

/** What both kinds of counter offer the plugin. */
interface LimitStore {
  incr(key: string, answer: Answer, timeWindow: number): void;
  read(key: string, answer: Answer, timeWindow: number): void;
  child(options?: RouteLimitOptions): LimitStore;
}

/**
 * The rate-limit store: @fastify/rate-limit's one interface over two kinds of counter.
 *
 * - The limits that stop guessing (routes configured with {@link guessingLimit}: login, codes,
 *   resets, password and second-factor changes) count in the database (`rate_limit_hits`), one fixed window per route and
 *   address, so N server instances do not allow N times the guesses. One upsert per such
 *   request; those routes are rare and slow by nature (argon2).
 * - The API-wide limit (every request) and the other routes' own limits (profile calls) count in
 *   this process's memory: they guard against floods, the API-wide one sits on the hot path
 *   (thousands of bond-table pages a second), and each instance applying them on its own is fine
 *   for that purpose.
 */
export function rateLimitStore(db: Kysely<Database>, now: () => number) {
  return class ApiWideWindow extends MemoryWindow {
    // The plugin constructs the store itself (with its options): the clock comes from here.
    constructor() {
      super(now);
    }

    override child(options?: RouteLimitOptions): LimitStore {
      const route = options?.routeInfo;
      if (!route?.config?.sharedRateLimit) return new MemoryWindow(now);
      const method = Array.isArray(route.method) ? route.method.join(',') : route.method;
      return new SharedRouteWindow(db, `${method} ${route.url ?? ''} `, now);
    }
  };
}

/**
 * One route's counters in `rate_limit_hits`, shared by every instance on the database. Windows
 * start and end on the app's clock (`t`, passed in), as the memory windows do.
 */
class SharedRouteWindow {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly prefix: string,
    private readonly now: () => number,
  ) {}

  incr(key: string, answer: Answer, timeWindow: number): void {
    const seconds = timeWindow / 1000;
    const t = sql`${new Date(this.now())}::timestamptz`;
    sql<{ hits: number; ttl_ms: number }>`
      insert into rate_limit_hits as r (key, window_started_at, hits) values (${this.prefix + key}, ${t}, 1)
      on conflict (key) do update set
        hits = case when r.window_started_at + make_interval(secs => ${seconds}) <= ${t} then 1 else r.hits + 1 end,
        window_started_at = case when r.window_started_at + make_interval(secs => ${seconds}) <= ${t} then ${t} else r.window_started_at end
      returning hits, (extract(epoch from (window_started_at + make_interval(secs => ${seconds}) - ${t})) * 1000)::float8 as ttl_ms`
      .execute(this.db)
      .then(({ rows }) => answer(null, { current: Number(rows[0]!.hits), ttl: Math.max(0, Math.ceil(Number(rows[0]!.ttl_ms))) }))
      .catch((err: unknown) => answer(err instanceof Error ? err : new Error(String(err))));
  }

  read(key: string, answer: Answer, timeWindow: number): void {
    const seconds = timeWindow / 1000;
    const t = sql`${new Date(this.now())}::timestamptz`;
    sql<{ hits: number; ttl_ms: number }>`
      select hits, (extract(epoch from (window_started_at + make_interval(secs => ${seconds}) - ${t})) * 1000)::float8 as ttl_ms
      from rate_limit_hits where key = ${this.prefix + key}`
      .execute(this.db)
      .then(({ rows }) => {
        const row = rows[0];
        answer(
          null,
          row && Number(row.ttl_ms) > 0 ? { current: Number(row.hits), ttl: Math.ceil(Number(row.ttl_ms)) } : { current: 0, ttl: 0 },
        );
      })
      .catch((err: unknown) => answer(err instanceof Error ? err : new Error(String(err))));
  }

  child(): SharedRouteWindow {
    return this;
  }
}

/** Drops counters whose window ended long ago (hourly clean-up at `now`, the app's clock). */
export async function cleanupRateLimits(db: Kysely<Database>, now: Date): Promise<void> {
  await db
    .deleteFrom('rate_limit_hits')
    .where('window_started_at', '<', new Date(now.getTime() - 3600_000))
    .execute();
}
