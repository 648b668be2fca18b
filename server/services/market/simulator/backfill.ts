/**
 * End-of-day price history in the background. A first start prices only the most recent days of
 * the seeded history (enough for today's changes versus the previous close), so the app is up
 * quickly; the whole history is then priced by a recurring job in chunks, OLDEST FIRST, each
 * chunk starting from the close before it (the basis filter's state stored with that close), so
 * the chain of carried state is never cut: a chunk started cold would lose every bond's carried
 * basis on its first day (issue 32: on 13 days a year ~42 % of the bonds jumped back to their
 * model). The days the first start priced (from a cold state) are re-priced at the end, and so
 * are closes struck live meanwhile, so the last stored close carries the warm state on. The
 * pending range lives in app_settings, so a restart or another instance carries on.
 */
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../../db/schema';
import { businessDaysFrom } from '../../../../common/calendar';
import { pricingApi } from './pricingSeam';

export const BACKFILL_KEY = 'market_price_backfill';

/** Business days still to price, inclusive. */
export interface BackfillRange {
  from: string;
  to: string;
}

/** Records (or clears, with null) the range still to price, stamped at `now` (the app's clock). */
export async function setBackfill(db: Kysely<Database>, range: BackfillRange | null, now: Date): Promise<void> {
  if (!range || range.to < range.from) {
    await db.deleteFrom('app_settings').where('key', '=', BACKFILL_KEY).execute();
    return;
  }
  const value = JSON.stringify(range);
  await db
    .insertInto('app_settings')
    .values({ key: BACKFILL_KEY, value, updated_at: now })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value, updated_at: now }))
    .execute();
}

/** The range still to price, or null when the history is complete. */
export async function getBackfill(db: Kysely<Database>): Promise<BackfillRange | null> {
  const row = await db.selectFrom('app_settings').select('value').where('key', '=', BACKFILL_KEY).executeTakeFirst();
  if (!row) return null;
  return (typeof row.value === 'string' ? JSON.parse(row.value) : row.value) as BackfillRange;
}

/** The latest stored end-of-day price date, or null. */
async function latestClose(db: Kysely<Database>): Promise<string | null> {
  const { rows } = await sql<{ d: string | null }>`
    select to_char(max(price_date), 'YYYY-MM-DD') as d from evaluated_prices where kind = 'eod'`.execute(db);
  return rows[0]?.d ?? null;
}

/**
 * Prices the oldest `maxDays` business days of the pending range (each from the stored close
 * before it) and shrinks the range. When the range is done but closes were struck after its end
 * meanwhile (live days), they are re-priced too, so the chain reaches the latest close. Returns
 * the days priced (0 when nothing is pending). Safe to repeat: pricing a close is idempotent.
 */
export async function runPriceBackfill(db: Kysely<Database>, now: Date, maxDays = 20): Promise<number> {
  const range = await getBackfill(db);
  if (!range) return 0;
  const pricing = await pricingApi();
  if (!pricing) return 0;
  const chunk = businessDaysFrom(range.from, maxDays).filter((d) => d <= range.to);
  if (chunk.length === 0) {
    await setBackfill(db, null, now);
    return 0;
  }
  const last = chunk[chunk.length - 1]!;
  await pricing.priceHistory(db, chunk[0]!, last);
  const after = businessDaysFrom(last, 2)[1]!;
  let to = range.to;
  if (after > to) {
    // The range is done: carry on through closes struck after it (the live days meanwhile).
    const latest = await latestClose(db);
    if (latest && latest > to) to = latest;
  }
  await setBackfill(db, after <= to ? { from: after, to } : null, now);
  return chunk.length;
}
