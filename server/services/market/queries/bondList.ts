import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { BondRow } from '../../../../common/api/bond';
import { DEFAULT_BOND_TABLE_COLUMNS } from '../../../../common/api/bondTables';
import { BOND_TABLE_COLUMNS, type BondTableColumn, DEFAULT_BOND_SORT } from '../../../../common/enums';
import type { Database } from '../../../db/schema';
import { and, marketAsOf } from './common';
import { askedFilters, type BondFilters, filterKey, OUTSTANDING } from './bondFilterSpec';
import { bondTableSnapshot, type Snapshot, type SnapshotRecord } from './bondTableSnapshot';
import { pageFromSnapshot } from './bondTablePage';
import { pickColumns, presentBondRow, selectBondRows, SORT_EXPRESSIONS } from './bondRows';
import { csvLine } from '../../../../common/csv';
import { marketClock } from './marketClock';
import { defineCache } from '../../caches/registry';

export type { BondFilters };

export interface BondSort {
  sort?: BondTableColumn | undefined;
  sortDesc?: boolean | undefined;
  sort2?: BondTableColumn | undefined;
  sort2Desc?: boolean | undefined;
}

/**
 * The WHERE conditions of the filters, over the aliases of bondRowSource (b, i): outstanding bonds
 * only (maturity after the as-of day), then each asked filter's SQL from bondFilterSpec.ts.
 */
export function bondFilterConditions(f: BondFilters, asOfDay: string): RawBuilder<boolean>[] {
  const c: RawBuilder<boolean>[] = [OUTSTANDING.sql(asOfDay)];
  for (const { field, value } of askedFilters(f)) {
    switch (field.kind) {
      case 'set':
        c.push(field.sql(value as unknown[], asOfDay));
        break;
      case 'key':
        c.push(field.sql((value as unknown[]).map((v) => field.parse(v))));
        break;
      case 'boolean':
        c.push(field.sql(value as boolean));
        break;
      case 'text':
        c.push(field.sql(field.normalise(value as string)));
        break;
    }
  }
  return c;
}

/** ORDER BY items: primary, optional secondary, each NULLS LAST, then id (stable paging). */
function orderBy(s: BondSort): RawBuilder<unknown> {
  const primary = s.sort ?? DEFAULT_BOND_SORT.column;
  const primaryDesc = s.sort ? Boolean(s.sortDesc) : (s.sortDesc ?? DEFAULT_BOND_SORT.descending);
  const items = [sql`${SORT_EXPRESSIONS[primary]()} ${sql.raw(primaryDesc ? 'desc' : 'asc')} nulls last`];
  if (s.sort2 && s.sort2 !== primary) {
    items.push(sql`${SORT_EXPRESSIONS[s.sort2]()} ${sql.raw(s.sort2Desc ? 'desc' : 'asc')} nulls last`);
  }
  items.push(sql`b.id asc`);
  return sql.join(items);
}

export interface BondListPage {
  rows: (Partial<BondRow> & { id: number })[];
  total: number;
  offset: number;
  limit: number;
  asOf: string | null;
}

/**
 * Filtered totals, cached briefly per database: a total depends only on the filters, the market
 * day and the bonds and issuers — not on prices — so paging and re-sorting the same filter set
 * (what the bond table does) reuses it; TTL bounds how long a new issue can be missing.
 */
const COUNT_TTL_MS = 10_000;
const COUNT_CACHE_SIZE = 500;
const countCaches = defineCache<object, Map<string, { at: number; total: number }>>({
  name: 'market.bondCounts',
  home: 'server/services/market/queries/bondList.ts',
  per: 'database',
  key: 'market day and the filters',
  lifetime: { ms: COUNT_TTL_MS, clock: 'market clock' },
  invalidatedBy: ['bonds or issuers added or edited (within the lifetime)'],
  bound: COUNT_CACHE_SIZE,
});

async function filteredTotal(db: Kysely<Database>, f: BondFilters, day: string, where: RawBuilder<boolean>): Promise<number> {
  const cache = countCaches.of(db, () => new Map());
  const key = filterKey(f, day);
  const hit = cache.get(key);
  if (hit && marketClock(db)() - hit.at < COUNT_TTL_MS) return hit.total;
  const row = await db
    .selectFrom('bonds as b')
    .innerJoin('issuers as i', 'i.id', 'b.issuer_id')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where(where)
    .executeTakeFirstOrThrow();
  const total = Number(row.n);
  if (cache.size >= COUNT_CACHE_SIZE) cache.delete(cache.keys().next().value!);
  cache.set(key, { at: marketClock(db)(), total });
  return total;
}

type BondListQuery = BondFilters & BondSort & { columns?: BondTableColumn[] | undefined; offset: number; limit: number };

const allColumns = (columns: readonly BondTableColumn[] | undefined) => !columns || new Set(columns).size === BOND_TABLE_COLUMNS.length;

/** The web table's default columns as a query names them (their row JSON is kept on each record). */
const DEFAULT_COLUMNS_KEY = DEFAULT_BOND_TABLE_COLUMNS.join(',');

/** Other column sets whose row JSON is kept per snapshot (a few custom ones). */
const JSON_COLUMN_SETS = 4;
const rowJsonCaches = defineCache<SnapshotRecord[], Map<string, (Buffer | undefined)[]>>({
  name: 'market.bondRowJson',
  home: 'server/services/market/queries/bondList.ts',
  per: 'snapshot records',
  key: 'column set (the default columns are kept on each record)',
  lifetime: { untilOwnerReplaced: true },
  invalidatedBy: ['new snapshot records (a reprice, a bond or issuer edit)'],
  bound: JSON_COLUMN_SETS,
});

/** The row-JSON cache of one column set in this snapshot (oldest set dropped past JSON_COLUMN_SETS). */
function rowJsonCache(snapshot: Snapshot, key: string): (Buffer | undefined)[] {
  const sets = rowJsonCaches.of(snapshot.records, () => new Map());
  let rows = sets.get(key);
  if (rows) {
    sets.delete(key);
    sets.set(key, rows); // most recently used last
    return rows;
  }
  if (sets.size >= JSON_COLUMN_SETS) sets.delete(sets.keys().next().value!);
  sets.set(key, (rows = new Array<Buffer | undefined>(snapshot.records.length)));
  return rows;
}

const utf8 = (text: string) => Buffer.from(text, 'utf8');
const PAGE_HEAD = utf8('{"rows":[');
const COMMA = 0x2c;

/**
 * One page of the bond table plus the filtered total, served from the in-memory snapshot
 * (bondTableSnapshot.ts) as the UTF-8 bytes of the response — the same rows, order and totals
 * as {@link listBondsSql}, which the tests hold it to. The hot path of the API: a row's JSON for
 * a column set is encoded once per snapshot and every page that shows it copies those bytes.
 * Bytes, not text: a page written as a string was copied three times on the heap (the join, its
 * flattening for Content-Length, its encoding for the socket), ~140 KB a page for the collector.
 */
export async function listBondsJson(db: Kysely<Database>, q: BondListQuery): Promise<Buffer> {
  const snapshot = await bondTableSnapshot(db);
  const { indexes, total } = pageFromSnapshot(snapshot, q);
  const columns = allColumns(q.columns) ? undefined : q.columns;
  const key = columns ? columns.join(',') : '*';
  const { records } = snapshot;
  let rows: Buffer[];
  if (key === '*') rows = indexes.map((k) => (records[k]!.jsonAll ??= utf8(JSON.stringify(records[k]!.row))));
  else if (key === DEFAULT_COLUMNS_KEY)
    rows = indexes.map((k) => (records[k]!.jsonDefault ??= utf8(JSON.stringify(pickColumns(records[k]!.row, columns)))));
  else {
    const cache = rowJsonCache(snapshot, key);
    rows = indexes.map((k) => (cache[k] ??= utf8(JSON.stringify(pickColumns(records[k]!.row, columns)))));
  }
  const tail = utf8(`],"total":${total},"offset":${q.offset},"limit":${q.limit},"asOf":${JSON.stringify(snapshot.asOf)}}`);
  let size = PAGE_HEAD.length + tail.length + Math.max(0, rows.length - 1);
  for (const row of rows) size += row.length;
  const page = Buffer.allocUnsafe(size);
  let at = PAGE_HEAD.copy(page, 0);
  rows.forEach((row, k) => {
    if (k > 0) page[at++] = COMMA;
    at += row.copy(page, at);
  });
  tail.copy(page, at);
  return page;
}

/** One page of the bond table plus the filtered total, straight from SQL (the reference path). */
export async function listBondsSql(
  db: Kysely<Database>,
  q: BondFilters & BondSort & { columns?: BondTableColumn[] | undefined; offset: number; limit: number },
): Promise<BondListPage> {
  const { asOf, day } = await marketAsOf(db);
  const where = and(bondFilterConditions(q, day));
  const [rows, count] = await Promise.all([
    selectBondRows(db).where(where).orderBy(orderBy(q)).offset(q.offset).limit(q.limit).execute(),
    filteredTotal(db, q, day, where),
  ]);
  return {
    rows: rows.map((r) => pickColumns(presentBondRow(r, day), q.columns)),
    total: count,
    offset: q.offset,
    limit: q.limit,
    asOf,
  };
}

/** Rows serialised per chunk while streaming the CSV. */
const CSV_CHUNK = 1000;

/**
 * The whole filtered, sorted bond list as CSV lines (header first, CRLF line ends), from the
 * bond-table snapshot — the same rows and order as the pages — written out in chunks.
 */
export async function* bondListCsv(
  db: Kysely<Database>,
  q: BondFilters & BondSort & { columns?: BondTableColumn[] | undefined },
): AsyncGenerator<string> {
  const snapshot = await bondTableSnapshot(db);
  const columns = q.columns ?? [...BOND_TABLE_COLUMNS];
  const { indexes } = pageFromSnapshot(snapshot, { ...q, columns: undefined, offset: 0, limit: Number.MAX_SAFE_INTEGER });
  const rows = indexes.map((k) => snapshot.records[k]!.row);
  yield csvLine(columns);
  for (let k = 0; k < rows.length; k += CSV_CHUNK) {
    let chunk = '';
    for (const row of rows.slice(k, k + CSV_CHUNK)) chunk += csvLine(columns.map((c) => row[c]));
    yield chunk;
  }
}
