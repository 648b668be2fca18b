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

/**
 * For tests: the public sources' recorded data (samples/replay, as `npm run replay` serves it)
 * loaded into `db` by the real loaders, as of {@link REPLAY_NOW}: the Treasury's own curve file,
 * then FINRA's corporates and their end-of-day history from 25 Aug 2026. FINRA publishes no issue
 * size, so every bond's amount outstanding is 0 (unknown).
 */
export async function loadReplayMarket(db: Kysely<Database>): Promise<void> {
  const clock = handClock(REPLAY_NOW);
  const treasury = await startRecordedServer(join(process.cwd(), 'samples/replay/treasury'), clock.now);
  const finra = await startFinraReplay(() => false);
  try {
    await loadTreasuryCurve(db, {
      baseUrl: treasury.baseUrl,
      clock,
      cursor: sourceCursor(db, TREASURY_SOURCE.source, TREASURY_SOURCE.dataset, () => clock.now()),
      backfillYears: 2,
    });
    await finraPublicProvider(finra.config, { now: () => REPLAY_NOW, sleep: async () => {} }).loadBatch!(db, {
      to: '2026-09-24',
      from: '2026-08-25',
    });
  } finally {
    await finra.close();
    await treasury.close();
  }
}
