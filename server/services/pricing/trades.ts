/**
 * Recent trades for pricing, held per bond in memory.
 *
 * Reading a fortnight of trades for 30,000 bonds takes longer than a whole tick may, so the
 * engine keeps them per process and reads only what changed: trades with a higher id (with a
 * small overlap in case a concurrent writer committed a lower id late), and the ids of trades
 * cancelled or corrected since (a partial index keeps that query tiny). An end-of-day run reloads
 * everything, so the close never depends on the cache.
 */
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema';
import type { TradeFlag } from '../../../common/market';
import { isoDay, MS_PER_DAY } from './conventions';
import { fetchPacked, packFields } from './packed';

export const SIDE_BUY = 0;
export const SIDE_SELL = 1;
export const SIDE_DEALER = 2;
const SIDE_CODE: Record<string, number> = { customer_buy: SIDE_BUY, customer_sell: SIDE_SELL, inter_dealer: SIDE_DEALER };

/** One active trade, with its implied spread cached once computed. */
export interface TradeObs {
  id: number;
  bondId: number;
  timeMs: number;
  day: string;
  quantity: number;
  /** The size as disseminated (TRACE caps prints at 5MM IG / 1MM HY): what volumes add up. */
  reportedQuantity: number;
  price: number;
  side: number;
  /**
   * Why the pricer does not believe it (trades.flag), decided by the close of its own day
   * (tradeFlags.ts); a later day's pricing leaves a flagged print out.
   */
  flag?: TradeFlag | null;
  /**
   * Spread (bp) in the bond's pricing space implied by the trade against its day's curve; NaN
   * when unpriceable. Valid while that curve and the bond's terms are the ones in the key.
   */
  cache?: { curveKey: string; termsMs: number; hy: boolean; spreadBp: number };
}

const ID_OVERLAP = 2_000;

/** Reads active trades executed in [fromMs, toMs) — or with id above `afterId` — packed in one value. */
export async function loadTrades(
  db: Kysely<Database>,
  range: { fromMs: number; toMs?: number; afterId?: number; bondIds?: number[] },
): Promise<TradeObs[]> {
  const conditions = [sql`t.status = 'active'`, sql`t.execution_time >= to_timestamp(${range.fromMs / 1000})`];
  if (range.toMs !== undefined) conditions.push(sql`t.execution_time < to_timestamp(${range.toMs / 1000})`);
  if (range.afterId !== undefined) conditions.push(sql`t.id > ${range.afterId}`);
  if (range.bondIds) conditions.push(sql`t.bond_id = any(${range.bondIds}::int[])`);
  const records = await fetchPacked(
    db,
    sql`select ${packFields(['t.id', 't.bond_id', 'round(extract(epoch from t.execution_time) * 1000)', 't.quantity', 't.price', 't.side', 't.reported_quantity', 't.flag'])}
        from trades t where ${sql.join(conditions, sql` and `)}`,
  );
  const out = new Array<TradeObs>(records.length);
  for (let i = 0; i < records.length; i++) {
    const f = records[i]!;
    const timeMs = Number(f[2]);
    out[i] = {
      id: Number(f[0]),
      bondId: Number(f[1]),
      timeMs,
      day: isoDay(new Date(timeMs)),
      quantity: Number(f[3]),
      price: Number(f[4]),
      side: SIDE_CODE[f[5]!] ?? SIDE_DEALER,
      reportedQuantity: Number(f[6]),
      flag: f[7] ? (f[7] as TradeFlag) : null,
    };
  }
  return out;
}

/** Trades grouped by bond, each list in execution order. */
export class TradeBook {
  readonly byBond = new Map<number, TradeObs[]>();
  readonly ids = new Set<number>();
  maxId = 0;

  add(trades: readonly TradeObs[]): number[] {
    const touched = new Set<number>();
    for (const t of trades) {
      if (this.ids.has(t.id)) continue;
      this.ids.add(t.id);
      if (t.id > this.maxId) this.maxId = t.id;
      let list = this.byBond.get(t.bondId);
      if (!list) this.byBond.set(t.bondId, (list = []));
      if (list.length > 0 && list[list.length - 1]!.timeMs > t.timeMs) touched.add(t.bondId);
      list.push(t);
    }
    for (const bondId of touched) this.byBond.get(bondId)!.sort((a, b) => a.timeMs - b.timeMs || a.id - b.id);
    return [...new Set(trades.map((t) => t.bondId))];
  }

  remove(ids: readonly number[]): void {
    const gone = new Set(ids.filter((id) => this.ids.has(id)));
    if (gone.size === 0) return;
    for (const [bondId, list] of this.byBond) {
      if (!list.some((t) => gone.has(t.id))) continue;
      this.byBond.set(
        bondId,
        list.filter((t) => !gone.has(t.id)),
      );
    }
    for (const id of gone) this.ids.delete(id);
  }

  /** Drops trades executed before `cutoffMs`. */
  prune(cutoffMs: number): void {
    for (const [bondId, list] of this.byBond) {
      let k = 0;
      while (k < list.length && list[k]!.timeMs < cutoffMs) this.ids.delete(list[k++]!.id);
      if (k === list.length) this.byBond.delete(bondId);
      else if (k > 0) this.byBond.set(bondId, list.slice(k));
    }
  }

  /** The bond's trades in (fromMs, toMs], newest last. */
  window(bondId: number, fromMs: number, toMs: number): TradeObs[] {
    const list = this.byBond.get(bondId);
    if (!list) return [];
    let lo = 0;
    while (lo < list.length && list[lo]!.timeMs <= fromMs) lo++;
    let hi = list.length;
    while (hi > lo && list[hi - 1]!.timeMs > toMs) hi--;
    return lo === 0 && hi === list.length ? list : list.slice(lo, hi);
  }

  /**
   * The disseminated volume of a bond's unflagged trades in (fromMs, toMs]: what a sum over
   * {@link window} gives, in the same order, without the slice (it runs for every bond on every tick).
   */
  volume(bondId: number, fromMs: number, toMs: number): number {
    const list = this.byBond.get(bondId);
    let volume = 0;
    if (!list) return volume;
    let lo = 0;
    while (lo < list.length && list[lo]!.timeMs <= fromMs) lo++;
    let hi = list.length;
    while (hi > lo && list[hi - 1]!.timeMs > toMs) hi--;
    for (let i = lo; i < hi; i++) {
      const t = list[i]!;
      if (!t.flag) volume += t.reportedQuantity;
    }
    return volume;
  }
}

/** The per-process trade cache of one database. */
export class TradeCache {
  book = new TradeBook();
  private fromMs = Infinity;
  private minId = Infinity;

  /**
   * Makes the cache hold every active trade executed since `windowFromMs`; returns the bonds
   * whose trades changed (new, cancelled) since the last refresh, or null after a full load.
   */
  async refresh(db: Kysely<Database>, windowFromMs: number, force = false): Promise<Set<number> | null> {
    if (force || windowFromMs < this.fromMs) {
      const book = new TradeBook();
      // Keep computed yields of trades we already know: they depend only on the trade and its day's curve.
      const known = new Map<number, TradeObs>();
      for (const list of this.book.byBond.values()) for (const t of list) known.set(t.id, t);
      const trades = await loadTrades(db, { fromMs: windowFromMs });
      for (const t of trades) {
        const old = known.get(t.id);
        if (old?.cache && old.price === t.price) t.cache = old.cache;
      }
      book.add(trades);
      this.book = book;
      this.fromMs = windowFromMs;
      this.minId = trades.reduce((m, t) => Math.min(m, t.id), Infinity);
      return null;
    }
    const changed = new Set<number>();
    const fresh = await loadTrades(db, { fromMs: this.fromMs, afterId: Math.max(0, this.book.maxId - ID_OVERLAP) });
    const novel = fresh.filter((t) => !this.book.ids.has(t.id));
    for (const bondId of this.book.add(novel)) changed.add(bondId);
    for (const t of novel) if (t.id < this.minId) this.minId = t.id;
    if (this.book.ids.size > 0) {
      const { rows } = await sql<{ id: string; bond_id: number }>`
        select id, bond_id from trades where status <> 'active' and id >= ${Number.isFinite(this.minId) ? this.minId : 0}`.execute(db);
      const cancelled = rows.map((r) => Number(r.id)).filter((id) => this.book.ids.has(id));
      if (cancelled.length > 0) {
        for (const r of rows) if (this.book.ids.has(Number(r.id))) changed.add(r.bond_id);
        this.book.remove(cancelled);
      }
    }
    // Keep a day of slack so a tick just after midnight does not reload the whole window.
    if (windowFromMs - this.fromMs > MS_PER_DAY) {
      this.book.prune(windowFromMs);
      this.fromMs = windowFromMs;
    }
    return changed;
  }
}
