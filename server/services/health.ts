import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { getMaintenance } from './settings';
import { defineCache } from './caches/registry';

export interface DatabaseHealth {
  db: 'up' | 'down';
  maintenanceMode: boolean;
  /** The admin's message while maintenance is on (absent without one). */
  maintenanceMessage?: string;
}

/** A reading younger than this is answered as is. */
const FRESH_MS = 500;
/**
 * While a re-read is under way (the database is busy: PGlite has one connection, heavy queries
 * queue on it) the last good reading stands for at most this long, so a busy database does not
 * read as a dead one and `/health` never waits behind the queue.
 */
const BUSY_LIMIT_MS = 30_000;

class HealthProbe {
  private last: { value: DatabaseHealth; at: number } | undefined;
  private inflight: { promise: Promise<DatabaseHealth>; started: number } | undefined;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly onError: (err: unknown) => void,
  ) {}

  async read(now: number): Promise<DatabaseHealth> {
    const last = this.last;
    if (last && now - last.at < FRESH_MS) return last.value;
    const refresh = this.refresh(now);
    // Up before and merely slow now: say up. Down before: wait, so recovery shows at once.
    if (last?.value.db === 'up' && now - this.inflight!.started < BUSY_LIMIT_MS) return last.value;
    return refresh;
  }

  forget(): void {
    this.last = undefined;
  }

  private refresh(now: number): Promise<DatabaseHealth> {
    if (this.inflight) return this.inflight.promise;
    const promise = getMaintenance(this.db, now).then(
      (m): DatabaseHealth => ({ db: 'up', maintenanceMode: m.active, ...(m.active && m.message ? { maintenanceMessage: m.message } : {}) }),
      (err: unknown): DatabaseHealth => {
        this.onError(err);
        return { db: 'down', maintenanceMode: false };
      },
    );
    this.inflight = { promise, started: now };
    void promise.then((value) => {
      this.last = { value, at: now };
      this.inflight = undefined;
    });
    return promise;
  }
}

const probes = defineCache<Kysely<Database>, HealthProbe>({
  name: 'health.database',
  home: 'server/services/health.ts',
  per: 'database',
  key: '— (the last reading)',
  lifetime: { ms: FRESH_MS, clock: "caller's now" },
  invalidatedBy: [
    'forgetDatabaseHealth: a maintenance switch on this instance',
    `a busy database: the last good reading stands while a re-read is under way, at most ${BUSY_LIMIT_MS / 1000} s`,
  ],
});

function probeOf(db: Kysely<Database>, onError: (err: unknown) => void = () => {}): HealthProbe {
  return probes.of(db, () => new HealthProbe(db, onError));
}

/**
 * Is the database answering, and is maintenance mode on? Read at most every 500 ms per database
 * and never waiting behind a busy connection (see BUSY_LIMIT_MS); a failed read is "down" until
 * a read succeeds again.
 */
export function databaseHealth(db: Kysely<Database>, onError: ((err: unknown) => void) | undefined, now: number): Promise<DatabaseHealth> {
  return probeOf(db, onError).read(now);
}

/** After this instance changes maintenance mode: the next health check reads it afresh. */
export function forgetDatabaseHealth(db: Kysely<Database>): void {
  probes.get(db)?.forget();
}
