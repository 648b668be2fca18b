import { describe, expect, it } from 'vitest';
import type { BondRow } from '../../../../common/api/bond';
import type { BondTableColumn } from '../../../../common/enums';
import { SP_RATINGS } from '../../../../common/market';
import type { BondFilters, BondSort } from './bondList';
import { pageFromSnapshot } from './bondTablePage';
import type { Snapshot, SnapshotRecord } from './bondTableSnapshot';
import { DAY, universe } from './syntheticSnapshot';

/**
 * The snapshot page walk against a plain sort-and-filter of the same rows, on a universe big
 * enough that primary ties run into the thousands (the secondary sort then walks the secondary
 * column's order instead of sorting the run) and filter bitsets span many words. The API tests
 * (routes/bond/bond.test.ts) hold the snapshot to SQL on a small real universe; this one covers
 * the large-run paths those 60 bonds never reach.
 */
function key(row: BondRow, c: BondTableColumn): number | string | boolean | null {
  if (c === 'ratingSP') return row.ratingSP === null ? null : (SP_RATINGS as readonly string[]).indexOf(row.ratingSP);
  return row[c] as number | string | boolean | null;
}

/** Nulls last in both directions, then the secondary column, then id. */
function reference(
  s: Snapshot,
  f: (r: SnapshotRecord) => boolean,
  q: BondSort & { offset: number; limit: number },
): { ids: number[]; total: number } {
  const cmp = (a: BondRow, b: BondRow, c: BondTableColumn, d: boolean) => {
    const x = key(a, c);
    const y = key(b, c);
    if (x === y) return 0;
    if (x === null) return 1;
    if (y === null) return -1;
    return (x < y ? -1 : 1) * (d ? -1 : 1);
  };
  const rows = s.records.filter((r) => r.row.maturityDate > DAY && f(r)).map((r) => r.row);
  rows.sort((a, b) => cmp(a, b, q.sort!, Boolean(q.sortDesc)) || (q.sort2 ? cmp(a, b, q.sort2, Boolean(q.sort2Desc)) : 0) || a.id - b.id);
  return { ids: rows.slice(q.offset, q.offset + q.limit).map((r) => r.id), total: rows.length };
}

describe('bond-table page walk on a large snapshot', () => {
  const s = universe(6000);
  const page = (q: BondFilters & BondSort & { offset: number; limit: number }) => {
    const { indexes, total } = pageFromSnapshot(s, q);
    return { ids: indexes.map((k) => s.records[k]!.row.id), total };
  };

  it('orders runs of thousands of equal keys by id or by the secondary column, both directions, nulls last, at any offset', () => {
    const cases: (BondSort & { offset: number; limit: number })[] = [
      { sort: 'seniority', sort2: 'price', offset: 0, limit: 100 },
      { sort: 'seniority', sortDesc: true, sort2: 'price', sort2Desc: true, offset: 1950, limit: 120 },
      { sort: 'countryOfRisk', sort2: 'ratingSP', sort2Desc: true, offset: 1400, limit: 300 },
      { sort: 'isBenchmark', sortDesc: true, sort2: 'volume', offset: 4100, limit: 100 },
      { sort: 'volume', sort2: 'coupon', sort2Desc: true, offset: 2500, limit: 100 },
      { sort: 'price', sortDesc: true, sort2: 'seniority', offset: 4700, limit: 500 },
      // No secondary: one scan of the primary order; equal keys (thousands here) stay in id order.
      { sort: 'seniority', sortDesc: true, offset: 2100, limit: 100 },
      { sort: 'price', offset: 4000, limit: 300 },
      { sort: 'ratingSP', sortDesc: true, offset: 5200, limit: 1000 },
    ];
    for (const q of cases) expect(page(q), JSON.stringify(q)).toEqual(reference(s, () => true, q));
  });

  it('filters by rating group, seniority, sector with its industries, callable, issuer and text, alone and together', () => {
    const hy = new Set<string>(SP_RATINGS.slice(10));
    const filters: [BondFilters, (r: SnapshotRecord) => boolean][] = [
      [{ rating: ['HY'] }, (r) => r.rating !== null && hy.has(r.rating)],
      [{ seniority: ['Subordinated', 'Senior Secured'] }, (r) => r.seniority !== 'Senior Unsecured'],
      [{ sector: ['FIN'] }, (r) => r.sectorId === 1 || r.sectorId === 2],
      [{ callable: false, sector: ['UTL'] }, (r) => !r.callable && r.sectorId === 4],
      [{ issuerId: ['7', '9'] }, (r) => r.issuerId === 7 || r.issuerId === 9],
      [
        { q: 't1', rating: ['HY'], seniority: ['Senior Secured'] },
        (r) => r.tickerUpper.startsWith('T1') && r.rating !== null && hy.has(r.rating) && r.seniority === 'Senior Secured',
      ],
    ];
    for (const [f, test] of filters) {
      for (const q of [
        { sort: 'coupon' as const, sort2: 'countryOfRisk' as const, offset: 0, limit: 150 },
        { sort: 'seniority' as const, sortDesc: true, sort2: 'volume' as const, offset: 40, limit: 1000 },
      ]) {
        expect(page({ ...f, ...q }), JSON.stringify(f)).toEqual(reference(s, test, q));
      }
    }
  });
});
