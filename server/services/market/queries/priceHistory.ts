import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { PriceHistoryResponse } from '../../../../common/api/bond';
import type { Database } from '../../../db/schema';
import { preparedStatement } from '../../../db/prepared';
import { addDays, isoDay, marketAsOf, n } from './common';
import { marketClock } from './marketClock';
import { defineCache } from '../../caches/registry';
import { deepFreeze } from '../../caches/deepFreeze';

/**
 * One bond's history is kept for a minute per range and market day, as the market's history
 * endpoints are (routes/market HISTORY_TTL_MS): end-of-day prices change once a day, and a
 * bond in the news is charted by many desks at once (a year is ~260 rows read, parsed and
 * serialised for each). The same object, frozen, is answered while kept, so it is serialised
 * once too (plugins/answerReuse.ts). Bounded: the oldest range goes first past PRICE_HISTORY_KEPT.
 */
const PRICE_HISTORY_TTL_MS = 60_000;
const PRICE_HISTORY_KEPT = 500;
const priceHistories = defineCache<object, Map<string, { at: number; value: Promise<PriceHistoryResponse> }>>({
  name: 'market.priceHistories',
  home: 'server/services/market/queries/priceHistory.ts',
  per: 'database',
  key: 'bond id, from and to days',
  lifetime: { ms: PRICE_HISTORY_TTL_MS, clock: 'market clock' },
  invalidatedBy: ['a new close (the default range ends on the market day; within the lifetime for an explicit range)'],
  bound: PRICE_HISTORY_KEPT,
});

/**
 * End-of-day evaluated prices with the day's volume, oldest first. Served by the
 * (bond_id, price_date, kind) index; default range one year back from the market day.
 */
export async function priceHistory(
  db: Kysely<Database>,
  id: number,
  range: { from?: string | undefined; to?: string | undefined },
): Promise<PriceHistoryResponse> {
  const to = range.to ?? (await marketAsOf(db)).day;
  const from = range.from ?? addDays(to, -365);
  const kept = priceHistories.of(db, () => new Map());
  const key = `${id}|${from}|${to}`;
  const hit = kept.get(key);
  const now = marketClock(db)();
  if (hit && now - hit.at < PRICE_HISTORY_TTL_MS) return hit.value;
  // Frozen: every asker within the lifetime gets this object, and its text is reused (plugins/answerReuse.ts).
  const value = readPriceHistory(db, id, from, to).then(deepFreeze);
  const cache = kept;
  cache.delete(key);
  if (cache.size >= PRICE_HISTORY_KEPT) cache.delete(cache.keys().next().value!);
  cache.set(key, { at: now, value });
  value.catch(() => {
    if (cache.get(key)?.value === value) cache.delete(key);
  });
  return value;
}

async function readPriceHistory(db: Kysely<Database>, id: number, from: string, to: string): Promise<PriceHistoryResponse> {
  const rows = await sql<{
    price_date: string | Date;
    clean_price: string;
    yield: string | null;
    g_spread_bp: string | null;
    confidence: number;
    volume: string | null;
    trade_count: number | null;
  }>`
    select ${preparedStatement} ep.price_date, ep.clean_price, ep.yield, ep.g_spread_bp, ep.confidence, d.volume, d.trade_count
    from evaluated_prices ep
    left join daily_bond_stats d on d.bond_id = ep.bond_id and d.trade_date = ep.price_date
    where ep.bond_id = ${id} and ep.kind = 'eod' and ep.price_date between ${from}::date and ${to}::date
    order by ep.price_date`.execute(db);
  return {
    bondId: id,
    points: rows.rows.map((r) => ({
      date: isoDay(r.price_date)!,
      price: Number(r.clean_price),
      yield: n(r.yield),
      gSpread: n(r.g_spread_bp),
      confidence: r.confidence,
      volume: n(r.volume) ?? 0,
      tradeCount: r.trade_count ?? 0,
    })),
  };
}
