import type { BondTableColumn } from '../../../../common/enums';
import { DEFAULT_BOND_SORT } from '../../../../common/enums';
import type { BondFilters, BondSort } from './bondList';
import type { Snapshot } from './bondTableSnapshot';
import { columnOrder } from './bondTableOrders';
import { hasBit, matchesOf } from './bondTableMasks';

/** Ties of the primary sort bigger than this are ordered by walking the secondary column's order instead of sorting them. */
const WALK_SECONDARY_ABOVE = 256;

/**
 * One page from the snapshot. Without a secondary sort the primary column's order in the asked
 * direction is already the answer: one scan keeping matches (a filter bit per record). With a
 * secondary sort, runs of equal primary keys are ordered by the secondary column — only runs
 * the page reaches into. Nulls last in both directions; ties by id.
 */
export function pageFromSnapshot(
  s: Snapshot,
  q: BondFilters & BondSort & { columns?: BondTableColumn[] | undefined; offset: number; limit: number },
): { indexes: number[]; total: number } {
  const n = s.records.length;
  const { bits, total } = matchesOf(s, q);
  const out: number[] = [];
  if (q.offset >= total) return { indexes: out, total };

  const primary = q.sort ?? DEFAULT_BOND_SORT.column;
  const desc = q.sort ? Boolean(q.sortDesc) : (q.sortDesc ?? DEFAULT_BOND_SORT.descending);
  const o1 = columnOrder(s, primary);
  const seq = desc ? o1.desc : o1.asc;
  const o2 = q.sort2 && q.sort2 !== primary ? columnOrder(s, q.sort2) : null;
  let skip = q.offset;
  const limit = q.limit;

  if (!o2) {
    for (let k = 0; k < n; k++) {
      const m = seq[k]!;
      if (!hasBit(bits, m)) continue;
      if (skip > 0) skip--;
      else if (out.push(m) >= limit) break;
    }
    return { indexes: out, total };
  }

  const rank1 = o1.rank;
  const seqRank = desc ? o1.descRank : o1.ascRank;
  const rank2 = o2.rank;
  const seq2 = q.sort2Desc ? o2.desc : o2.asc;
  const desc2 = Boolean(q.sort2Desc);
  // One array for every run's members: a primary column of distinct values (a price, a yield)
  // is 30,000 runs of one, and an array each was most of a filtered deep page's cost.
  const members: number[] = [];
  for (let a = 0; a < n && out.length < limit;) {
    const head = seq[a]!;
    const r = seqRank[a]!;
    if (a + 1 === n || seqRank[a + 1] !== r) {
      // A run of one: nothing to order by the secondary column.
      a++;
      if (!hasBit(bits, head)) continue;
      if (skip > 0) skip--;
      else out.push(head);
      continue;
    }
    let b = a + 1;
    while (b < n && seqRank[b] === r) b++;
    // Runs the page starts after are only counted (most runs of a deep page).
    let count = 0;
    for (let k = a; k < b; k++) if (hasBit(bits, seq[k]!)) count++;
    const start = a;
    a = b;
    if (count <= skip) {
      skip -= count;
      continue;
    }
    if (count > WALK_SECONDARY_ABOVE) {
      // A big run (a rating, a seniority, a country, the nulls): one pass along the secondary
      // order keeping the run's matches costs O(n) where sorting the run would cost O(run log run).
      for (let k = 0; k < n && out.length < limit; k++) {
        const m = seq2[k]!;
        if (rank1[m] !== r || !hasBit(bits, m)) continue;
        if (skip > 0) skip--;
        else out.push(m);
      }
      continue;
    }
    members.length = 0;
    for (let k = start; k < b; k++) if (hasBit(bits, seq[k]!)) members.push(seq[k]!);
    if (members.length > 1) {
      members.sort((x, y) => {
        const rx = rank2[x]!;
        const ry = rank2[y]!;
        if (rx === ry) return x - y;
        if (rx < 0) return 1;
        if (ry < 0) return -1;
        return desc2 ? ry - rx : rx - ry;
      });
    }
    for (const m of members) {
      if (skip > 0) skip--;
      else if (out.push(m) >= limit) break;
    }
  }
  return { indexes: out, total };
}
