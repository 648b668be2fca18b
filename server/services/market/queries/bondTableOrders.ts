import type { BondRow } from '../../../../common/api/bond';
import type { BondTableColumn } from '../../../../common/enums';
import { MOODY_RATINGS, SP_RATINGS } from '../../../../common/market';
import type { Snapshot, SnapshotRecord } from './bondTableSnapshot';

/**
 * One column's sort order over the snapshot's records. `asc` lists record indexes by key
 * ascending, `desc` by key descending; in both, equal keys keep id order and nulls come last —
 * the API's order, so a page with no secondary sort is one linear scan. `rank` is each record's
 * dense key rank (-1 = null), which delimits runs of equal keys and orders by a secondary column.
 */
export interface ColumnOrder {
  asc: Int32Array;
  desc: Int32Array;
  rank: Int32Array;
  /** The rank at each position of `asc` / `desc`: finding where a run ends reads memory in order. */
  ascRank: Int32Array;
  descRank: Int32Array;
  nonNull: number;
}

type SortKey = number | string | boolean | null;

/** Sort key of a column, matching the SQL whitelist: ratings by scale rank, tenor by maturity. */
function keyOf(column: BondTableColumn): (row: BondRow) => SortKey {
  if (column === 'ratingSP')
    return (r) => {
      const i = r.ratingSP === null ? -1 : (SP_RATINGS as readonly string[]).indexOf(r.ratingSP);
      return i < 0 ? null : i;
    };
  if (column === 'ratingMoody')
    return (r) => {
      const i = r.ratingMoody === null ? -1 : (MOODY_RATINGS as readonly string[]).indexOf(r.ratingMoody);
      return i < 0 ? null : i;
    };
  if (column === 'tenor') return (r) => r.maturityDate;
  return (r) => r[column] as SortKey;
}

/** The API's order of two records by their keys: ascending, nulls last, ties by index (id order). */
function comparer(keys: readonly SortKey[]): (a: number, b: number) => number {
  return (a, b) => {
    const x = keys[a]!;
    const y = keys[b]!;
    if (x === y) return a - b;
    if (x === null) return 1;
    if (y === null) return -1;
    return x < y ? -1 : x > y ? 1 : a - b;
  };
}

/** Ranks, the descending order and the per-position ranks, from the ascending order. */
function orderFromAscending(asc: Int32Array, keys: readonly SortKey[]): ColumnOrder {
  const n = keys.length;
  const rank = new Int32Array(n).fill(-1);
  let r = -1;
  let nonNull = 0;
  for (let k = 0; k < n; k++) {
    const v = keys[asc[k]!]!;
    if (v === null) break;
    if (k === 0 || v !== keys[asc[k - 1]!]) r++;
    rank[asc[k]!] = r;
    nonNull++;
  }
  // Descending: the runs of equal keys from the top, each still in id order; then the nulls.
  const desc = new Int32Array(n);
  let out = 0;
  for (let b = nonNull; b > 0;) {
    let a = b - 1;
    while (a > 0 && rank[asc[a - 1]!] === rank[asc[b - 1]!]) a--;
    for (let k = a; k < b; k++) desc[out++] = asc[k]!;
    b = a;
  }
  for (let k = nonNull; k < n; k++) desc[out++] = asc[k]!;
  return { asc, desc, rank, ascRank: asc.map((k) => rank[k]!), descRank: desc.map((k) => rank[k]!), nonNull };
}

function sortedOrder(records: readonly SnapshotRecord[], key: (row: BondRow) => SortKey): ColumnOrder {
  const keys = records.map((rec) => key(rec.row));
  const idx = Array.from({ length: keys.length }, (_, k) => k);
  idx.sort(comparer(keys));
  return orderFromAscending(Int32Array.from(idx), keys);
}

/** The (lazily built) order of a column: by key, nulls last, ties by id, both directions. */
export function columnOrder(s: Snapshot, column: BondTableColumn): ColumnOrder {
  const cached = s.orders.get(column);
  if (cached) return cached;
  const order = sortedOrder(s.records, keyOf(column));
  s.orders.set(column, order);
  return order;
}

/** Above this share of moved records a column is sorted afresh rather than merged. */
const MERGE_UP_TO = 1 / 8;

/**
 * The previous snapshot's column orders, carried to records that replaced some of its records in
 * place (`changed`: their indexes; every other record is the same object at the same index). A
 * live tick reprices a few hundred bonds: a column none of them moved in (coupon, maturity,
 * rating, issuer…) keeps its order as it is; one they moved in is merged — the moved records
 * taken out, sorted by their new keys and merged back, O(n) — where sorting 30,000 keys again for
 * each of 40 columns after every tick took most of the server's time while the market traded.
 */
export function carriedOrders(
  previous: Snapshot,
  records: readonly SnapshotRecord[],
  changed: readonly number[],
): Map<BondTableColumn, ColumnOrder> {
  const orders = new Map<BondTableColumn, ColumnOrder>();
  const n = records.length;
  if (n !== previous.records.length) return orders;
  for (const [column, before] of previous.orders) {
    const key = keyOf(column);
    const moved = changed.filter((k) => key(previous.records[k]!.row) !== key(records[k]!.row));
    if (moved.length === 0) orders.set(column, before);
    else if (moved.length > n * MERGE_UP_TO) orders.set(column, sortedOrder(records, key));
    else orders.set(column, mergedOrder(before, records, key, moved));
  }
  return orders;
}

function mergedOrder(
  before: ColumnOrder,
  records: readonly SnapshotRecord[],
  key: (row: BondRow) => SortKey,
  moved: number[],
): ColumnOrder {
  const n = records.length;
  const keys = records.map((rec) => key(rec.row));
  const cmp = comparer(keys);
  const isMoved = new Uint8Array(n);
  for (const k of moved) isMoved[k] = 1;
  moved.sort(cmp);
  const asc = new Int32Array(n);
  let out = 0;
  let m = 0;
  for (let p = 0; p < n; p++) {
    const k = before.asc[p]!;
    if (isMoved[k]) continue;
    while (m < moved.length && cmp(moved[m]!, k) < 0) asc[out++] = moved[m++]!;
    asc[out++] = k;
  }
  while (m < moved.length) asc[out++] = moved[m++]!;
  return orderFromAscending(asc, keys);
}
