/**
 * A floating-rate note's current period as the pricing service fixes it: the last reset on or
 * before settlement, the index fixed then (the 3-month point of the curve in force on the reset
 * day, as `curves.ts` `indexFixings` reads it during pricing) and the coupon it pays. Used by the
 * bond page and the cash-flow endpoint, which read one bond at a time.
 */
import { formatDate, prepareCurve, type Bond, type DayNumber } from '@analytics/index';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema';
import { floaterLastReset, floaterNextReset, indexRateProxy } from '../../../common/pricingConventions';

export interface FloaterPeriod {
  lastResetDate: string;
  nextResetDate: string;
  /** Index fixed at the last reset (decimal); null when no curve is that old. */
  indexFixing: number | null;
}

/** The index proxy of the curve in force on `day` (latest curve dated on or before it), or null. */
export async function indexFixingOn(db: Kysely<Database>, day: string): Promise<number | null> {
  const { rows } = await sql<{ tenor: string; years: number; yield: number }>`
    select tenor, years::float8 as years, yield::float8 as yield from treasury_curve_points
    where curve_date = (select max(curve_date) from treasury_curve_points where curve_date <= ${day}::date)`.execute(db);
  return rows.length > 0 ? indexRateProxy(prepareCurve(rows)) : null;
}

/** The period of a floater holding `settleDay` and the fixing of its coupon. */
export async function floaterPeriod(db: Kysely<Database>, bond: Bond, settleDay: DayNumber): Promise<FloaterPeriod> {
  const lastResetDate = formatDate(floaterLastReset(bond, settleDay));
  return {
    lastResetDate,
    nextResetDate: formatDate(floaterNextReset(bond, settleDay)),
    indexFixing: await indexFixingOn(db, lastResetDate),
  };
}
