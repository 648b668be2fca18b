/**
 * End-of-day price history in the background. A first start prices only the most recent days of
 * the seeded history (enough for today's changes versus the previous close), so the app is up
 * quickly; the older days are priced afterwards in chunks, newest first, by a recurring job. The
 * pending range lives in app_settings, so a restart or another instance carries on.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema';
import { businessDaysEnding } from '../../../../common/calendar';
import { pricingApi } from './pricingSeam';

export const BACKFILL_KEY = 'market_price_backfill';

/** Business days still to price, inclusive. */
export interface BackfillRange {
  from: string;
  to: string;
}

/** Records (or clears, with null) the range still to price. */
export async function setBackfill(db: Kysely<Database>, range: BackfillRange | null): Promise<void> {
  if (!range || range.to < range.from) {
    await db.deleteFrom('app_settings').where('key', '=', BACKFILL_KEY).execute();
    return;
  }
  const value = JSON.stringify(range);
  await db
    .insertInto('app_settings')
    .values({ key: BACKFILL_KEY, value })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value, updated_at: new Date() }))
    .execute();
}

/** The range still to price, or null when the history is complete. */
export async function getBackfill(db: Kysely<Database>): Promise<BackfillRange | null> {
  const row = await db.selectFrom('app_settings').select('value').where('key', '=', BACKFILL_KEY).executeTakeFirst();
  if (!row) return null;
  return (typeof row.value === 'string' ? JSON.parse(row.value) : row.value) as BackfillRange;
}

/**
 * Prices the newest `maxDays` business days of the pending range and shrinks it. Returns the
 * days priced (0 when nothing is pending). Safe to repeat: pricing a close is idempotent.
 */
export async function runPriceBackfill(db: Kysely<Database>, maxDays = 20): Promise<number> {
  const range = await getBackfill(db);
  if (!range) return 0;
  const pricing = await pricingApi();
  if (!pricing) return 0;
  const days = businessDaysEnding(range.to, maxDays + 1).filter((d) => d >= range.from && d <= range.to);
  if (days.length === 0) {
    await setBackfill(db, null);
    return 0;
  }
  const chunk = days.slice(-maxDays);
  await pricing.priceHistory(db, chunk[0]!, chunk[chunk.length - 1]!);
  const before = days.length > chunk.length ? days[0]! : null;
  await setBackfill(db, before && before >= range.from ? { from: range.from, to: before } : null);
  return chunk.length;
}
