import { type Kysely, sql } from 'kysely';
import type { SparklinesResponse } from '../../../../common/api/market';
import type { Database } from '../../../db/schema';
import { addDays, marketAsOf } from './common';

/**
 * Recent closing prices of many bonds in one query — the bond table's sparkline column. The grid
 * asks once per block of rows it shows instead of once per row: a user flicking through
 * thousands of rows otherwise sent thousands of price-history requests and ran into the per-IP
 * rate limit, which left rows loading. One aggregated value per bond (string_agg) keeps the
 * row count, which is what costs on PGlite, at the number of bonds.
 */
export async function sparklines(db: Kysely<Database>, ids: readonly number[], days: number): Promise<SparklinesResponse> {
  const to = (await marketAsOf(db)).day;
  const from = addDays(to, -days);
  const unique = [...new Set(ids)];
  const rows = await sql<{ bond_id: number; prices: string }>`
    select bond_id, string_agg(clean_price::text, ',' order by price_date) as prices
    from evaluated_prices
    where bond_id = any(${unique}::int[]) and kind = 'eod' and price_date between ${from}::date and ${to}::date
    group by bond_id`.execute(db);
  const byId = new Map(rows.rows.map((r) => [Number(r.bond_id), r.prices.split(',').map(Number)]));
  return { from, series: unique.map((id) => ({ id, prices: byId.get(id) ?? [] })) };
}
