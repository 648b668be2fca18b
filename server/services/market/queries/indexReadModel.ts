/**
 * The market index's read model (issue 33): what every `from` shares, kept for the market's day.
 * A range's index is chained from each class's basket on each rebalance day and the baskets'
 * closes; the monthly baskets (a heavy ranking of 30 days of volume each) are the same for every
 * `from`, and so are a bond's closes. Both are kept here once read, so a new `from` costs its own
 * first basket (two rankings) and the arithmetic, not a year of rankings and closes.
 *
 * Kept while the market's day is the same and for at most `INDEX_INPUTS_TTL_MS`, the age the
 * route's answers already had, so a close re-priced during the day shows as soon as before.
 */
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { Database } from '../../../db/schema';
import { type BondCloses, directInputs, type IndexInputs } from './marketIndex';
import { isoDay } from './common';
import { defineCache } from '../../caches/registry';

export const INDEX_INPUTS_TTL_MS = 60_000;

interface Kept {
  day: string;
  since: number;
  baskets: Map<string, Promise<number[]>>;
  bonds: Map<number, Promise<BondCloses>>;
  /** Every day with an end-of-day close, ascending. */
  days: Promise<string[]> | null;
}
const kept = defineCache<Kysely<Database>, Kept>({
  name: 'market.indexInputs',
  home: 'server/services/market/queries/indexReadModel.ts',
  per: 'database',
  key: 'basket (selection and class), bond id, or the close days, for one market day',
  lifetime: { ms: INDEX_INPUTS_TTL_MS, clock: "caller's now" },
  invalidatedBy: ['a new market day'],
});
const NO_CLOSES: BondCloses = { coupon: 0, outstanding: 0, byDay: new Map() };

/** The index's inputs for the market's `day`, as of `now` (ms), shared by every caller. */
export function indexInputs(db: Kysely<Database>, day: string, now: number): IndexInputs {
  let k = kept.get(db);
  if (!k || k.day !== day || now - k.since >= INDEX_INPUTS_TTL_MS)
    kept.set(db, (k = { day, since: now, baskets: new Map(), bonds: new Map(), days: null }));
  const state = k;
  const direct = directInputs(db);
  const bondsOf = async (ids: number[]): Promise<Map<number, BondCloses>> => {
    const missing = ids.filter((id) => !state.bonds.has(id));
    if (missing.length > 0) {
      const read = readCloses(db, missing);
      for (const id of missing) {
        const one = read.then((all) => all.get(id) ?? NO_CLOSES);
        state.bonds.set(id, one);
        one.catch(() => state.bonds.delete(id));
      }
    }
    const out = new Map<number, BondCloses>();
    for (const id of ids) out.set(id, await state.bonds.get(id)!);
    return out;
  };
  return {
    basket(selection, cls) {
      const key = `${selection}|${cls}`;
      let basket = state.baskets.get(key);
      if (!basket) {
        state.baskets.set(key, (basket = direct.basket(selection, cls)));
        basket.catch(() => state.baskets.delete(key));
      }
      return basket;
    },
    // Every close of the bonds, kept: the index looks up only the days it needs.
    closes: (ids) => bondsOf(ids),
    async closeDays(ids, from, to) {
      if (!state.days) {
        const read = readCloseDays(db);
        state.days = read;
        read.catch(() => (state.days = null));
      }
      const [days, bonds] = await Promise.all([state.days, bondsOf(ids)]);
      const closed = [...bonds.values()];
      // On a dense market the first bond answers for each day; a day no basket bond closed on is left out.
      return days.filter((d) => d >= from && d <= to && closed.some((b) => b.byDay.has(d)));
    },
  };
}

/** Bonds per read: each answer is parsed on the main thread, so none is allowed to hold it long. */
const CLOSES_PER_READ = 200;

/**
 * Every close of the bonds, with their terms. Each bond's closes come as one JSON object (day →
 * price), so a read is a few hundred rows and one native parse each, not a row per close: the
 * first index request of the day read ~90,000 rows and held the event loop 0.4–0.8 s (issue 33).
 */
async function readCloses(db: Kysely<Database>, ids: number[]): Promise<Map<number, BondCloses>> {
  const out = new Map<number, BondCloses>();
  for (let i = 0; i < ids.length; i += CLOSES_PER_READ) {
    const rows = await sql<{ bond_id: number; coupon: string; amount_outstanding: string; closes: string }>`
      select ep.bond_id, b.coupon, b.amount_outstanding, json_object_agg(ep.price_date::text, ep.clean_price)::text as closes
      from evaluated_prices ep join bonds b on b.id = ep.bond_id
      where ep.bond_id in (${sql.join(ids.slice(i, i + CLOSES_PER_READ))}) and ep.kind = 'eod'
      group by ep.bond_id, b.coupon, b.amount_outstanding`.execute(db);
    for (const r of rows.rows) {
      const closes = JSON.parse(r.closes) as Record<string, number>;
      out.set(r.bond_id, { coupon: Number(r.coupon), outstanding: Number(r.amount_outstanding), byDay: new Map(Object.entries(closes)) });
    }
  }
  return out;
}

async function readCloseDays(db: Kysely<Database>): Promise<string[]> {
  const rows = await sql<{ d: string | Date }>`select distinct price_date as d from evaluated_prices where kind = 'eod' order by d`.execute(
    db,
  );
  return rows.rows.map((r) => isoDay(r.d)!);
}
