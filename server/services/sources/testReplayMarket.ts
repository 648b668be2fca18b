import { join } from 'node:path';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { sourceCursor } from './cursorStore';
import { finraPublicProvider } from './finra/provider';
import { startFinraReplay } from './finra/testReplay';
import { handClock, startRecordedServer } from './recordedServer';
import { loadTreasuryCurve, TREASURY_SOURCE } from './treasury/treasuryLoader';

/** The day after FINRA's recorded data (its last sales are of 23 Sep 2026), 4 pm in New York. */
export const REPLAY_NOW = Date.parse('2026-09-24T20:00:00Z');

/** The replayed FINRA service (a private copy a test may edit, at `finra.root`) and the Treasury's, on a hand clock at {@link REPLAY_NOW}. */
export interface ReplayServers {
  finra: Awaited<ReturnType<typeof startFinraReplay>>;
  /** Loads the Treasury's curve file into `db`, backfilled two years, as the daily job does. */
  loadCurve: (db: Kysely<Database>) => Promise<unknown>;
  /** FINRA's corporates and their end-of-day history from 25 Aug 2026 through `today`, loaded at `now`. */
  loadFinra: (db: Kysely<Database>, today: string, now?: number) => Promise<unknown>;
  close: () => Promise<void>;
}

/** For tests: the public sources' recorded data (samples/replay, as `npm run replay` serves it), on local ports. */
export async function startReplayServers(): Promise<ReplayServers> {
  const clock = handClock(REPLAY_NOW);
  const treasury = await startRecordedServer(join(process.cwd(), 'samples/replay/treasury'), clock.now);
  const finra = await startFinraReplay(() => false);
  return {
    finra,
    loadCurve: (db) =>
      loadTreasuryCurve(db, {
        baseUrl: treasury.baseUrl,
        clock,
        cursor: sourceCursor(db, TREASURY_SOURCE.source, TREASURY_SOURCE.dataset, () => clock.now()),
        backfillYears: 2,
      }),
    loadFinra: (db, today, now = REPLAY_NOW) =>
      finraPublicProvider(finra.config, { now: () => now, sleep: async () => {} }).loadBatch!(db, { to: today, from: '2026-08-25' }),
    close: async () => {
      await finra.close();
      await treasury.close();
    },
  };
}

/**
 * For tests: the public sources' recorded data loaded into `db` by the real loaders, as of
 * {@link REPLAY_NOW}: the Treasury's own curve file, then FINRA's corporates and their end-of-day
 * history from 25 Aug 2026. FINRA publishes no issue size, so every bond's amount outstanding is
 * 0 (unknown).
 */
export async function loadReplayMarket(db: Kysely<Database>): Promise<void> {
  const replay = await startReplayServers();
  try {
    await replay.loadCurve(db);
    await replay.loadFinra(db, '2026-09-24');
  } finally {
    await replay.close();
  }
}
