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
import { directInputs, type IndexClose, type IndexInputs } from './marketIndex';
import { isoDay } from './common';
import { defineCache } from '../../caches/registry';

export const INDEX_INPUTS_TTL_MS = 60_000;

interface BondCloses {
  coupon: string;
  outstanding: string;
  /** (day, clean price) by day. */
  closes: [string, string][];
}

interface Kept {
  day: string;
  since: number;
  baskets: Map<string, Promise<number[]>>;
  bonds: Map<number, Promise<BondCloses>>;
}
const kept = defineCache<Kysely<Database>, Kept>({
  name: 'market.indexInputs',
  home: 'server/services/market/queries/indexReadModel.ts',
  per: 'database',
  key: 'basket (selection and class) or bond id, for one market day',
  lifetime: { ms: INDEX_INPUTS_TTL_MS, clock: "caller's now" },
  invalidatedBy: ['a new market day'],
});

/** The index's inputs for the market's `day`, as of `now` (ms), shared by every caller. */
export function indexInputs(db: Kysely<Database>, day: string, now: number): IndexInputs {
  let k = kept.get(db);
  if (!k || k.day !== day || now - k.since >= INDEX_INPUTS_TTL_MS)
    kept.set(db, (k = { day, since: now, baskets: new Map(), bonds: new Map() }));
  const state = k;
  const direct = directInputs(db);
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
    async closes(ids, from, to) {
      const missing = ids.filter((id) => !state.bonds.has(id));
      if (missing.length > 0) {
        const read = readCloses(db, missing);
        for (const id of missing) {
          const one = read.then((all) => all.get(id) ?? { coupon: '0', outstanding: '0', closes: [] });
          state.bonds.set(id, one);
          one.catch(() => state.bonds.delete(id));
        }
      }
      const out: IndexClose[] = [];
      for (const id of ids) {
        const bond = await state.bonds.get(id)!;
        for (const [d, price] of bond.closes) {
          if (d >= from && d <= to)
            out.push({ bond_id: id, day: d, clean_price: price, coupon: bond.coupon, amount_outstanding: bond.outstanding });
        }
      }
      return out;
    },
  };
}

/** Every close of the bonds, with their terms: one read for all of them. */
async function readCloses(db: Kysely<Database>, ids: number[]): Promise<Map<number, BondCloses>> {
  const rows = await sql<{ bond_id: number; price_date: string | Date; clean_price: string; coupon: string; amount_outstanding: string }>`
    select ep.bond_id, ep.price_date, ep.clean_price, b.coupon, b.amount_outstanding
    from evaluated_prices ep join bonds b on b.id = ep.bond_id
    where ep.bond_id in (${sql.join(ids)}) and ep.kind = 'eod'
    order by ep.price_date`.execute(db);
  const out = new Map<number, BondCloses>();
  for (const r of rows.rows) {
    let bond = out.get(r.bond_id);
    if (!bond) out.set(r.bond_id, (bond = { coupon: r.coupon, outstanding: r.amount_outstanding, closes: [] }));
    bond.closes.push([isoDay(r.price_date)!, r.clean_price]);
  }
  return out;
}
