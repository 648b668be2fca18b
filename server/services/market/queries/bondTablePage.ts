import type { BondTableColumn } from '../../../../common/enums';
import { DEFAULT_BOND_SORT } from '../../../../common/enums';
import { RATING_BUCKETS, RATING_CLASSES, type RatingBucket, type RatingClass, spRatingsIn } from '../../../../common/market';
import { tenorBounds } from './common';
import type { BondFilters, BondSort } from './bondList';
import { columnOrder, type Snapshot, type SnapshotRecord } from './bondTableSnapshot';
import { pickColumns } from './bondRows';
import type { BondRow } from '../../../../common/api/market';

/**
 * The filters as a predicate over snapshot records — the same rules as bondFilterConditions
 * (SQL): outstanding only; sector code covers its industries; rating classes/buckets expand to
 * S&P ratings; tenor buckets by maturity bounds; q is a CUSIP/ISIN/ticker prefix or description
 * substring, case-insensitive, taken literally.
 */
export function compileFilter(f: BondFilters, s: Snapshot): (r: SnapshotRecord) => boolean {
  const tests: ((r: SnapshotRecord) => boolean)[] = [(r) => r.row.maturityDate > s.day];
  if (f.sector?.length) {
    const codes = new Set(f.sector);
    const byId = new Map(s.sectors.map((x) => [x.id, x]));
    const ids = new Set(
      s.sectors.filter((x) => codes.has(x.code) || (x.parentId !== null && codes.has(byId.get(x.parentId)?.code ?? ''))).map((x) => x.id),
    );
    tests.push((r) => ids.has(r.sectorId));
  }
  if (f.rating?.length) {
    const ratings = new Set<string>();
    for (const v of f.rating) {
      if ((RATING_CLASSES as readonly string[]).includes(v) || (RATING_BUCKETS as readonly string[]).includes(v)) {
        for (const x of spRatingsIn(v as RatingBucket | RatingClass)) ratings.add(x);
      } else ratings.add(v);
    }
    tests.push((r) => r.ratingSp !== null && ratings.has(r.ratingSp));
  }
  if (f.seniority?.length) {
    const set = new Set(f.seniority);
    tests.push((r) => set.has(r.seniority));
  }
  if (f.tenor?.length) {
    const bounds = f.tenor.map((t) => tenorBounds(s.day, t));
    tests.push((r) => bounds.some((b) => r.row.maturityDate > b.after && (b.upTo === null || r.row.maturityDate <= b.upTo)));
  }
  if (f.issuerId?.length) {
    const set = new Set(f.issuerId.map(Number));
    tests.push((r) => set.has(r.issuerId));
  }
  if (f.callable !== undefined) tests.push((r) => r.callable === f.callable);
  if (f.q) {
    const q = f.q.toUpperCase();
    tests.push((r) => r.cusip.startsWith(q) || r.isin.startsWith(q) || r.tickerUpper.startsWith(q) || r.descriptionUpper.includes(q));
  }
  return (r) => tests.every((t) => t(r));
}

/** Filter masks per snapshot: paging and re-sorting one filter set (what the table does) scans once. */
const masks = new WeakMap<Snapshot, Map<string, { match: Uint8Array; total: number }>>();
const MASKS_PER_SNAPSHOT = 100;

/** Which records pass the filters (1/0 by record index) and how many. */
export function matchesOf(s: Snapshot, f: BondFilters): { match: Uint8Array; total: number } {
  let cache = masks.get(s);
  if (!cache) masks.set(s, (cache = new Map()));
  const key = JSON.stringify([f.sector, f.rating, f.seniority, f.tenor, f.issuerId, f.callable, f.q]);
  const hit = cache.get(key);
  if (hit) return hit;
  const pred = compileFilter(f, s);
  const match = new Uint8Array(s.records.length);
  let total = 0;
  for (let k = 0; k < s.records.length; k++) if (pred(s.records[k]!)) { match[k] = 1; total++; }
  if (cache.size >= MASKS_PER_SNAPSHOT) cache.delete(cache.keys().next().value!);
  const entry = { match, total };
  cache.set(key, entry);
  return entry;
}

/**
 * One page from the snapshot: count the matches, then walk the primary column's order group by
 * group (equal keys), emitting matches in id order — or, with a secondary sort, ordering a group
 * by the secondary column only when the page reaches into it. Nulls last in both directions.
 */
export function pageFromSnapshot(
  s: Snapshot,
  q: BondFilters & BondSort & { columns?: BondTableColumn[] | undefined; offset: number; limit: number },
): { rows: (Partial<BondRow> & { id: number })[]; total: number } {
  const n = s.records.length;
  const { match, total } = matchesOf(s, q);

  const primary = q.sort ?? DEFAULT_BOND_SORT.column;
  const desc = q.sort ? Boolean(q.sortDesc) : (q.sortDesc ?? DEFAULT_BOND_SORT.descending);
  const o1 = columnOrder(s, primary);
  const o2 = q.sort2 && q.sort2 !== primary ? columnOrder(s, q.sort2) : null;
  const desc2 = Boolean(q.sort2Desc);
  const out: number[] = [];
  let skip = q.offset;

  /** Emits the matches of perm[a, b) (a tie group or the nulls); true when the page is full. */
  const emit = (a: number, b: number): boolean => {
    const members: number[] = [];
    for (let k = a; k < b; k++) if (match[o1.perm[k]!]) members.push(o1.perm[k]!);
    if (members.length <= skip) { skip -= members.length; return false; }
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
    for (const m of members) {
      if (skip > 0) { skip--; continue; }
      out.push(m);
      if (out.length >= q.limit) return true;
    }
    return false;
  };

  const { perm, rank, nonNull } = o1;
  let full = false;
  if (!desc) {
    for (let a = 0; a < nonNull && !full; ) {
      let b = a + 1;
      while (b < nonNull && rank[perm[b]!] === rank[perm[a]!]) b++;
      full = emit(a, b);
      a = b;
    }
  } else {
    for (let b = nonNull; b > 0 && !full; ) {
      let a = b - 1;
      while (a > 0 && rank[perm[a - 1]!] === rank[perm[b - 1]!]) a--;
      full = emit(a, b);
      b = a;
    }
  }
  if (!full && nonNull < n) emit(nonNull, n);
  return { rows: out.map((k) => pickColumns(s.records[k]!.row, q.columns)), total };
}
