import { describe, expect, it } from 'vitest';
import {
  type AnyFilterField,
  BOND_FILTER_FIELDS,
  type BondFilters,
  FILTER_READS,
  type FilterRead,
  filtersOfSavedTable,
} from './bondFilterSpec';
import { bondTableFiltersSchema } from '../../../../common/api/bondTables';
import type { Snapshot, SnapshotRecord } from './bondTableSnapshot';
import { universe } from './syntheticSnapshot';

/** One value's in-memory test, whatever the field's kind (as bondTableMasks.ts compiles it, minus the bitsets). */
function recordTest(field: AnyFilterField, value: unknown, s: Snapshot): (r: SnapshotRecord) => boolean {
  switch (field.kind) {
    case 'set':
      return field.matches(value, s);
    case 'key':
      return (r) => field.recordKey(r) === field.parse(value);
    case 'boolean':
      return field.matches(value as boolean);
    case 'text':
      return field.matches(field.normalise(value as string));
  }
}

/** `other` with `from`'s values of the fields named. */
function withFields(other: SnapshotRecord, from: SnapshotRecord, reads: readonly FilterRead[]): SnapshotRecord {
  const out: SnapshotRecord = { ...other, row: { ...other.row } };
  for (const read of reads) {
    if (read === 'maturityDate') out.row.maturityDate = from.row.maturityDate;
    else Object.assign(out, { [read]: FILTER_READS[read](from) });
  }
  return out;
}

describe('bond filter spec', () => {
  const s = universe(2000);
  const examples: { [K in keyof BondFilters]-?: unknown[] } = {
    sector: ['FIN', 'BNK', 'UTL'],
    rating: ['HY', 'IG', 'BBB', 'AA-'],
    seniority: ['Subordinated', 'Senior Secured'],
    tenor: ['1Y', '5Y', '30Y'],
    issuerId: ['7', '300'],
    callable: [true, false],
    q: ['t1', 'c00001', 'us000000001', '2030-0'],
  };

  it('reads of a record only the fields each filter declares (a tick changing none of them keeps its bitsets)', () => {
    for (const [name, field] of BOND_FILTER_FIELDS) {
      for (const value of examples[name]) {
        const test = recordTest(field, value, s);
        let kept = 0;
        const moved: number[] = [];
        s.records.forEach((r, k) => {
          // Every other field from another record: the answer must not move.
          const hybrid = withFields(s.records[(k + 997) % s.records.length]!, r, field.reads);
          if (test(hybrid) !== test(r)) moved.push(k);
          if (test(r)) kept++;
        });
        expect(moved, `${name}=${String(value)}`).toEqual([]);
        expect(kept, `${name}=${String(value)}`).toBeGreaterThan(0);
      }
    }
  });

  it('states a saved table’s filters as the bond list’s, every field named', () => {
    const saved = bondTableFiltersSchema.parse({ sector: ['FIN'], issuerId: [7], callable: false, q: 'acme' });
    expect(filtersOfSavedTable(saved)).toEqual({
      sector: ['FIN'],
      rating: [],
      seniority: [],
      tenor: [],
      issuerId: ['7'],
      callable: false,
      q: 'acme',
    });
    expect(Object.keys(filtersOfSavedTable(bondTableFiltersSchema.parse({}))).sort()).toEqual(BOND_FILTER_FIELDS.map(([n]) => n).sort());
  });
});
