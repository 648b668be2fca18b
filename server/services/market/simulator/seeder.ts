/**
 * The market seeder: on the first start of a fresh embedded database, a year of simulated market
 * history (SIM_BONDS bonds, SIM_HISTORY_DAYS business days, seed SIM_SEED) with a progress bar.
 */
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../../db/schema';
import type { Seeder } from '../../../seed';
import { DEFAULT_SEED, seedUniverse } from './index';
import { SIMULATOR_STATE_KEY } from './state';

/**
 * Removes what an interrupted seed left behind (simulator bonds cascade to their trades, prices,
 * ratings and stats), so a restart seeds from a clean slate instead of failing on duplicates.
 */
export async function clearSimulatedMarket(db: Kysely<Database>): Promise<void> {
  await sql`delete from deals where id in (select t.deal_id from deal_tranches t join bonds b on b.id = t.bond_id where b.source = 'simulator') or not exists (select 1 from deal_tranches t where t.deal_id = deals.id and t.bond_id is not null)`.execute(
    db,
  );
  await db.deleteFrom('trades').where('source', '=', 'simulator').execute();
  await db.deleteFrom('bonds').where('source', '=', 'simulator').execute();
  await sql`delete from issuers i where not exists (select 1 from bonds b where b.issuer_id = i.id)
    and not exists (select 1 from deals d where d.issuer_id = i.id)
    and not exists (select 1 from issuers c where c.parent_issuer_id = i.id)`.execute(db);
  await sql`delete from issuers i where not exists (select 1 from bonds b where b.issuer_id = i.id)
    and not exists (select 1 from deals d where d.issuer_id = i.id)`.execute(db);
  await db.deleteFrom('app_settings').where('key', '=', SIMULATOR_STATE_KEY).execute();
}

/** Business days of end-of-day prices computed during the first start (the rest: backfill job). */
export const SEED_PRICED_DAYS = 15;

export const marketSeeder: Seeder = {
  name: 'market',
  async run({ db, config, log, progress, now }) {
    await clearSimulatedMarket(db);
    const summary = await seedUniverse(db, {
      seed: config.simSeed ?? DEFAULT_SEED,
      bonds: config.simBonds,
      historyDays: config.simHistoryDays,
      // The first start prices the last weeks at once and the rest in the background.
      pricedDays: SEED_PRICED_DAYS,
      progress,
      now,
    });
    log.info(
      `Market seeded in ${summary.seconds.toFixed(1)} s: ${summary.issuers} issuers, ${summary.bonds} bonds, ` +
        `${summary.trades} trades, ${summary.deals} deals over ${summary.days} days (${summary.startDate} to ${summary.endDate})` +
        (summary.priced ? `; older end-of-day prices are filled in the background` : ''),
    );
  },
};
