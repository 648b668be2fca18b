import { type RawBuilder, sql } from 'kysely';
import type { z } from 'zod';
import type { bondFilterQuerySchema } from '../../../../common/api/bond';
import type { BondTableFilters } from '../../../../common/api/bondTables';
import {
  RATING_BUCKETS,
  RATING_CLASSES,
  type RatingBucket,
  type RatingClass,
  spRatingsIn,
  type TenorBucket,
} from '../../../../common/market';
import { compositeRatingIn } from '../compositeRating';
import { tenorBounds, tenorCondition } from './common';
import type { Snapshot, SnapshotRecord } from './bondTableSnapshot';

/**
 * The bond-table filters, each defined once: which column it reads, what kind of filter it is,
 * and both of its forms — the SQL condition (over bondRowSource's aliases b, i; the reference
 * path, the filtered totals and the hawk's custom tables) and the in-memory test of a snapshot
 * record (compiled to per-value bitsets by bondTableMasks.ts: the pages, the CSV, the movers).
 * Keeping the two forms side by side is what keeps them equal; the route tests hold every field
 * listed here to SQL (routes/bond/bond.test.ts).
 *
 * Kinds, and how bondTableMasks.ts compiles each (same bitsets as before the spec existed):
 * - `set`: any of the values; each value's test is scanned once per snapshot into a bitset and a
 *   request ORs them. `byDay` values (tenor buckets) are keyed by the market day too.
 * - `key`: any of the ids; a per-snapshot index from the record's key to its records.
 * - `boolean`: one bitset per value.
 * - `text`: the normalised text's test, one pass per distinct text (the last 200 kept).
 * Nulls: a record whose column is null matches no value of a set (an unrated bond is in no rating).
 */

/** Parsed bond filters (the route has validated the values). */
export interface BondFilters {
  sector?: string[] | undefined;
  rating?: string[] | undefined;
  seniority?: string[] | undefined;
  tenor?: TenorBucket[] | undefined;
  issuerId?: string[] | undefined;
  callable?: boolean | undefined;
  q?: string | undefined;
}

/** What an in-memory test reads of a record: a tick that changes none of these keeps the bitsets. */
export const FILTER_READS = {
  maturityDate: (r: SnapshotRecord) => r.row.maturityDate,
  sectorId: (r: SnapshotRecord) => r.sectorId,
  rating: (r: SnapshotRecord) => r.rating,
  seniority: (r: SnapshotRecord) => r.seniority,
  issuerId: (r: SnapshotRecord) => r.issuerId,
  callable: (r: SnapshotRecord) => r.callable,
  cusip: (r: SnapshotRecord) => r.cusip,
  isin: (r: SnapshotRecord) => r.isin,
  tickerUpper: (r: SnapshotRecord) => r.tickerUpper,
  descriptionUpper: (r: SnapshotRecord) => r.descriptionUpper,
};
export type FilterRead = keyof typeof FILTER_READS;

type RecordTest = (r: SnapshotRecord) => boolean;

interface FieldBase {
  /** What the filter is on, in the database's terms (for the reader and the docs). */
  column: string;
  reads: readonly FilterRead[];
}

/** Any of the values (OR). */
export interface SetField<V> extends FieldBase {
  kind: 'set';
  /** The value's meaning depends on the market day (its bitset is keyed by it). */
  byDay?: boolean;
  sql(values: readonly V[], day: string): RawBuilder<boolean>;
  /** One value's test (the snapshot gives the sector taxonomy and the day). */
  matches(value: V, s: Snapshot): RecordTest;
}

/** Any of the ids, looked up through a per-snapshot index of the record's key. */
export interface KeyField<V> extends FieldBase {
  kind: 'key';
  parse(value: V): number;
  sql(ids: readonly number[]): RawBuilder<boolean>;
  recordKey(r: SnapshotRecord): number;
}

export interface BooleanField extends FieldBase {
  kind: 'boolean';
  sql(value: boolean): RawBuilder<boolean>;
  matches(value: boolean): RecordTest;
}

/** Free text, normalised once for both forms. */
export interface TextField extends FieldBase {
  kind: 'text';
  normalise(text: string): string;
  sql(normalised: string): RawBuilder<boolean>;
  matches(normalised: string): RecordTest;
}

type Value<K extends keyof BondFilters> = NonNullable<BondFilters[K]>;
type FieldOf<K extends keyof BondFilters> =
  Value<K> extends readonly (infer V)[] ? SetField<V> | KeyField<V> : Value<K> extends boolean ? BooleanField : TextField;
/** The loose view the compilers iterate (each field is type-checked in BOND_FILTER_SPEC). */
export type AnyFilterField = SetField<any> | KeyField<any> | BooleanField | TextField;

/** Escapes LIKE wildcards in user text. */
const likeEscape = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

function ratingsFor(value: string): string[] {
  const isGroup = (RATING_CLASSES as readonly string[]).includes(value) || (RATING_BUCKETS as readonly string[]).includes(value);
  return isGroup ? spRatingsIn(value as RatingBucket | RatingClass) : [value];
}

function sectorIdsFor(s: Snapshot, code: string): Set<number> {
  const byId = new Map(s.sectors.map((x) => [x.id, x]));
  return new Set(s.sectors.filter((x) => x.code === code || (x.parentId !== null && byId.get(x.parentId)?.code === code)).map((x) => x.id));
}

/** Every filter field, in the order the cache keys list them. */
export const BOND_FILTER_SPEC: { [K in keyof BondFilters]-?: FieldOf<K> } = {
  sector: {
    kind: 'set',
    column: 'issuers.sector_id: a sector code covers its industries',
    reads: ['sectorId'],
    // An industry code matches itself; a sector code matches all its industries.
    sql: (codes) => sql<boolean>`i.sector_id in (
      select x.id from sectors x left join sectors px on px.id = x.parent_id
      where x.code in (${sql.join(codes)}) or px.code in (${sql.join(codes)}))`,
    matches: (code, s) => {
      const ids = sectorIdsFor(s, code);
      return (r) => ids.has(r.sectorId);
    },
  },
  rating: {
    kind: 'set',
    column: 'the composite rating (lower of S&P and Moody’s); classes and buckets expand to S&P ratings; unrated matches none',
    reads: ['rating'],
    sql: (values) => compositeRatingIn('b', [...new Set(values.flatMap(ratingsFor))]),
    matches: (value) => {
      const ratings = new Set(ratingsFor(value));
      return (r) => r.rating !== null && ratings.has(r.rating);
    },
  },
  seniority: {
    kind: 'set',
    column: 'bonds.seniority, as stored',
    reads: ['seniority'],
    sql: (values) => sql<boolean>`b.seniority in (${sql.join(values)})`,
    matches: (value) => (r) => r.seniority === value,
  },
  tenor: {
    kind: 'set',
    byDay: true,
    column: 'bonds.maturity_date, by remaining-maturity bucket seen from the market day',
    reads: ['maturityDate'],
    sql: (buckets, day) => tenorCondition(sql.ref('b.maturity_date'), day, buckets),
    matches: (bucket, s) => {
      const b = tenorBounds(s.day, bucket);
      return (r) => r.row.maturityDate > b.after && (b.upTo === null || r.row.maturityDate <= b.upTo);
    },
  },
  issuerId: {
    kind: 'key',
    column: 'bonds.issuer_id',
    reads: ['issuerId'],
    parse: Number,
    sql: (ids) => sql<boolean>`b.issuer_id in (${sql.join(ids)})`,
    recordKey: (r) => r.issuerId,
  },
  callable: {
    kind: 'boolean',
    column: 'bonds.call_schedule non-empty',
    reads: ['callable'],
    sql: (callable) =>
      callable ? sql<boolean>`jsonb_array_length(b.call_schedule) > 0` : sql<boolean>`jsonb_array_length(b.call_schedule) = 0`,
    matches: (callable) => (r) => r.callable === callable,
  },
  q: {
    kind: 'text',
    column: 'CUSIP, ISIN or ticker prefix, or display name (override, else description) substring; case-insensitive',
    reads: ['cusip', 'isin', 'tickerUpper', 'descriptionUpper'],
    normalise: (text) => text.toUpperCase(),
    sql: (q) => {
      const prefix = `${likeEscape(q)}%`;
      return sql<boolean>`(b.cusip like ${prefix} or b.isin like ${prefix} or upper(i.ticker) like ${prefix}
      or upper(coalesce((select o.display_name from display_name_overrides o
        where o.subject_type = 'bond' and o.subject_id = b.id), b.description)) like ${`%${likeEscape(q)}%`})`;
    },
    matches: (q) => (r) => r.cusip.startsWith(q) || r.isin.startsWith(q) || r.tickerUpper.startsWith(q) || r.descriptionUpper.includes(q),
  },
};

/** Not a user filter but part of every filter set: outstanding bonds only (maturity after the day). */
export const OUTSTANDING = {
  reads: ['maturityDate'] as const satisfies readonly FilterRead[],
  sql: (day: string) => sql<boolean>`b.maturity_date > ${day}::date`,
  matches: (day: string) => (r: SnapshotRecord) => r.row.maturityDate > day,
};

/** The fields as the compilers iterate them, in the spec's order. */
export const BOND_FILTER_FIELDS = Object.entries(BOND_FILTER_SPEC) as [keyof BondFilters, AnyFilterField][];

/** Whether a filter is asked for (an empty list, an absent boolean or empty text is no filter). */
export function filterAsked(field: AnyFilterField, value: unknown): boolean {
  if (field.kind === 'set' || field.kind === 'key') return Array.isArray(value) && value.length > 0;
  if (field.kind === 'boolean') return value !== undefined;
  return typeof value === 'string' && value !== '';
}

/** The asked filters with their values, in the spec's order. */
export function askedFilters(f: BondFilters): { name: keyof BondFilters; field: AnyFilterField; value: unknown }[] {
  return BOND_FILTER_FIELDS.filter(([name, field]) => filterAsked(field, f[name])).map(([name, field]) => ({
    name,
    field,
    value: f[name],
  }));
}

/** One cache key for a filter set on a market day (the totals' and the bitsets'). */
export function filterKey(f: BondFilters, day: string): string {
  return JSON.stringify([day, ...BOND_FILTER_FIELDS.map(([name]) => f[name])]);
}

/** A saved custom table's filters (common/api/bondTables.ts) as the bond list's. */
export function filtersOfSavedTable(saved: BondTableFilters): BondFilters {
  // Every field named (not optional here): a new filter must say how a saved table states it.
  const filters: BondFilters = {
    sector: saved.sector,
    rating: saved.rating,
    seniority: saved.seniority,
    tenor: saved.tenor,
    issuerId: saved.issuerId.map(String),
    callable: saved.callable ?? undefined,
    q: saved.q ?? undefined,
  } satisfies Record<keyof BondFilters, unknown>;
  return filters;
}

/** The record fields any filter reads, from the spec. */
export const ALL_FILTER_READS: readonly FilterRead[] = [
  ...new Set<FilterRead>([...OUTSTANDING.reads, ...BOND_FILTER_FIELDS.flatMap(([, field]) => field.reads)]),
];

// The query string, the saved tables and the spec name the same fields (a new one must be in all three).
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
export const _specCoversTheQuery: Same<keyof BondFilters, keyof z.output<typeof bondFilterQuerySchema>> = true;
export const _specCoversSavedTables: Same<keyof BondFilters, keyof BondTableFilters> = true;
