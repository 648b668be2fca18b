import type { BondTableColumn } from '../../../../common/enums';
import { DEFAULT_BOND_SORT } from '../../../../common/enums';
import type { BondFilters, BondSort } from './bondList';
import { columnOrder, type Snapshot } from './bondTableSnapshot';
import { hasBit, matchesOf } from './bondTableMasks';

type Order = { perm: Int32Array; rank: Int32Array; nonNull: number };

/**
 * Calls `visit(a, b)` for each run perm[a, b) of equal keys in the sort direction — descending
 * walks the runs from the top but keeps each run in id order — then once for the nulls, which
 * come last either way. Stops when `visit` returns true.
 */
function forEachRun(o: Order, desc: boolean, n: number, visit: (a: number, b: number) => boolean): void {
  const { perm, rank, nonNull } = o;
  if (!desc) {
    for (let a = 0; a < nonNull; ) {
      let b = a + 1;
      while (b < nonNull && rank[perm[b]!] === rank[perm[a]!]) b++;
      if (visit(a, b)) return;
      a = b;
    }
  } else {
    for (let b = nonNull; b > 0; ) {
      let a = b - 1;
      while (a > 0 && rank[perm[a - 1]!] === rank[perm[b - 1]!]) a--;
      if (visit(a, b)) return;
      b = a;
    }
  }
  if (nonNull < n) visit(nonNull, n);
}

/** Ties of the primary sort bigger than this are ordered by walking the secondary column's order instead of sorting them. */
const WALK_SECONDARY_ABOVE = 256;

/**
 * One page from the snapshot: walk the primary column's order run by run (equal keys), emitting
 * matches in id order — or, with a secondary sort, ordering a run by the secondary column only
 * when the page reaches into it. Nulls last in both directions.
 */
export function pageFromSnapshot(
  s: Snapshot,
  q: BondFilters & BondSort & { columns?: BondTableColumn[] | undefined; offset: number; limit: number },
): { indexes: number[]; total: number } {
  const n = s.records.length;
  const { bits, total } = matchesOf(s, q);

  const primary = q.sort ?? DEFAULT_BOND_SORT.column;
  const desc = q.sort ? Boolean(q.sortDesc) : (q.sortDesc ?? DEFAULT_BOND_SORT.descending);
  const o1 = columnOrder(s, primary);
  const o2 = q.sort2 && q.sort2 !== primary ? columnOrder(s, q.sort2) : null;
  const desc2 = Boolean(q.sort2Desc);
  const out: number[] = [];
  let skip = q.offset;

  /** Takes `m` for the page unless it is still being skipped; true when the page is full. */
  const take = (m: number): boolean => {
    if (skip > 0) { skip--; return false; }
    out.push(m);
    return out.length >= q.limit;
  };

  /** Emits the matches of perm[a, b) of the primary order; true when the page is full. */
  const emit = (a: number, b: number): boolean => {
    const members: number[] = [];
    for (let k = a; k < b; k++) if (hasBit(bits, o1.perm[k]!)) members.push(o1.perm[k]!);
    if (members.length <= skip) { skip -= members.length; return false; }
    if (o2 && members.length > WALK_SECONDARY_ABOVE) {
      // A big run (a rating, a seniority, a country): one pass along the secondary order,
      // keeping members, costs O(n) where sorting the run would cost O(run log run).
      const inRun = new Uint8Array(n);
      for (const m of members) inRun[m] = 1;
      let full = false;
      forEachRun(o2, desc2, n, (x, y) => {
        for (let k = x; k < y && !full; k++) if (inRun[o2.perm[k]!]) full = take(o2.perm[k]!);
        return full;
      });
      return full;
    }
    if (o2 && members.length > 1) {
      const rank = o2.rank;
      members.sort((x, y) => {
        const rx = rank[x]!;
        const ry = rank[y]!;
        if (rx === ry) return x - y;
        if (rx < 0) return 1;
        if (ry < 0) return -1;
        return desc2 ? ry - rx : rx - ry;
      });
    }
    for (const m of members) if (take(m)) return true;
    return false;
  };

  forEachRun(o1, desc, n, emit);
  return { indexes: out, total };
}
