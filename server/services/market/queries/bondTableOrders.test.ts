import { describe, expect, it } from 'vitest';
import type { BondTableColumn } from '../../../../common/enums';
import { SP_RATINGS } from '../../../../common/market';
import { mulberry32 } from '../../../../common/random';
import type { BondFilters } from './bondList';
import { carryMasks, matchesOf } from './bondTableMasks';
import { carriedOrders, type ColumnOrder, columnOrder } from './bondTableOrders';
import type { Snapshot, SnapshotRecord } from './bondTableSnapshot';
import { universe } from './syntheticSnapshot';

/**
 * A live tick replaces the records of the bonds it repriced, in place. What was built over the
 * old records (column orders, filter bitsets) is carried to the new ones; these scenarios hold
 * the carried structures to the same structures built afresh over the new records.
 */
const COLUMNS: BondTableColumn[] = ['price', 'volume', 'coupon', 'seniority', 'ratingSP', 'isBenchmark', 'countryOfRisk', 'tenor'];

function withOrders(s: Snapshot): Snapshot {
  for (const c of COLUMNS) columnOrder(s, c);
  return s;
}

/** The same snapshot with `share` of its records replaced by copies whose price and volume moved. */
function repriced(
  s: Snapshot,
  share: number,
  seed: number,
  change?: (rec: SnapshotRecord) => SnapshotRecord,
): { next: Snapshot; replaced: number[] } {
  const r = mulberry32(seed);
  const records = s.records.slice();
  const replaced: number[] = [];
  for (let k = 0; k < records.length; k++) {
    if (r() >= share) continue;
    const old = records[k]!;
    // Some move to a price another bond has (ties), some to null, some back from null.
    const price = r() < 0.1 ? null : r() < 0.3 ? 100 : Math.round(900 + r() * 200) / 10;
    const moved = { ...old, row: { ...old.row, price, volume: r() < 0.5 ? old.row.volume : Math.round(r() * 1e7) } };
    records[k] = change ? change(moved) : moved;
    replaced.push(k);
  }
  return { next: { ...s, records, orders: new Map() }, replaced };
}

/**
 * Where two column orders differ (field and first index), compared as bytes: a deep equality of
 * 5 × 6,000-element arrays per column took seconds of CPU, and a loaded CI machine timed it out.
 */
function differences(a: ColumnOrder | undefined, b: ColumnOrder): string[] {
  if (!a) return ['not carried'];
  const out: string[] = [];
  if (a.nonNull !== b.nonNull) out.push(`nonNull ${a.nonNull} ≠ ${b.nonNull}`);
  for (const field of ['asc', 'desc', 'rank', 'ascRank', 'descRank'] as const) {
    const [x, y] = [a[field], b[field]];
    if (Buffer.from(x.buffer, x.byteOffset, x.byteLength).equals(Buffer.from(y.buffer, y.byteOffset, y.byteLength))) continue;
    const at = x.findIndex((v, k) => v !== y[k]);
    out.push(`${field} differs at ${at < 0 ? `length ${x.length} ≠ ${y.length}` : `${at}: ${x[at]} ≠ ${y[at]}`}`);
  }
  return out;
}

describe('carrying a snapshot over a repricing tick', () => {
  it('keeps the orders of columns no repriced bond moved in, and merges the others to what a fresh sort gives', () => {
    const before = withOrders(universe(6000));
    for (const share of [0.002, 0.05, 0.3]) {
      const { next, replaced } = repriced(before, share, Math.round(share * 1000));
      const carried = carriedOrders(before, next.records, replaced);
      const fresh = { ...next, orders: new Map() };
      for (const c of COLUMNS) {
        expect(differences(carried.get(c), columnOrder(fresh, c)), `${c} at ${share}`).toEqual([]);
      }
      // Columns a repricing cannot move keep the very same order object.
      for (const c of ['coupon', 'seniority', 'ratingSP', 'tenor'] as const) expect(carried.get(c)).toBe(before.orders.get(c));
      expect(carried.get('price')).not.toBe(before.orders.get('price'));
    }
  });

  it('carries only orders that were built, and none when the records changed in number', () => {
    const before = universe(500);
    columnOrder(before, 'price');
    const { next, replaced } = repriced(before, 0.1, 3);
    expect([...carriedOrders(before, next.records, replaced).keys()]).toEqual(['price']);
    expect(carriedOrders(before, next.records.slice(1), replaced).size).toBe(0);
  });

  it('carries the filter bitsets when no filter field moved, and rebuilds them when a rating did', () => {
    const before = universe(3000);
    const filters: BondFilters[] = [{ rating: ['HY'] }, { sector: ['FIN'], callable: true }, { q: 't1' }, { issuerId: ['7'] }, {}];
    const asked = filters.map((f) => matchesOf(before, f));

    const tick = repriced(before, 0.05, 11);
    carryMasks(before.records, tick.next.records, tick.replaced);
    filters.forEach((f, i) => {
      expect(matchesOf(tick.next, f), JSON.stringify(f)).toBe(asked[i]); // the same object: carried
      expect(matchesOf({ ...tick.next, records: tick.next.records.slice() }, f)).toEqual(asked[i]); // and right
    });

    const downgrade = repriced(before, 0.05, 12, (rec) => ({
      ...rec,
      rating: SP_RATINGS[15]!,
      row: { ...rec.row, ratingSP: SP_RATINGS[15]! },
    }));
    carryMasks(before.records, downgrade.next.records, downgrade.replaced);
    const hy = matchesOf(downgrade.next, { rating: ['HY'] });
    expect(hy).not.toBe(asked[0]);
    expect(hy).toEqual(matchesOf({ ...downgrade.next, records: downgrade.next.records.slice() }, { rating: ['HY'] }));
    expect(hy.total).toBeGreaterThan(asked[0]!.total);
  });
});
