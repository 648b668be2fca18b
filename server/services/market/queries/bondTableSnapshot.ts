import { type InferResult, type Kysely, sql } from 'kysely';
import type { BondRow } from '../../../../common/api/bond';
import type { BondTableColumn } from '../../../../common/enums';
import { compositeRating } from '../../../../common/market';
import type { Database } from '../../../db/schema';
import { MARKET_VERSION_CHECK_MS, type MarketVersion, marketVersion } from './marketVersion';
import { marketClock, useMarketClock } from './marketClock';
import { presentBondRow, selectBondRows } from './bondRows';
import { carriedOrders, type ColumnOrder } from './bondTableOrders';
import { carryMasks } from './bondTableMasks';
import { defineCache } from '../../caches/registry';

/**
 * The bond table held in memory: every bond's presented row (the same Kysely join and presenter
 * as the SQL path) plus what the filters need, in id order. Serving a page is then a scan of
 * 30,000 small records and a walk along a per-column sort order built once per snapshot — well
 * under a millisecond — where the SQL path sorts 30,000 joined rows on every request (tens to
 * hundreds of ms on PGlite, which also serialises all queries on one connection).
 *
 * Freshness: at most once a second a request checks the market's version (marketVersion.ts:
 * max(bond_market_state.as_of), max(bonds.id), max(bonds.updated_at), max(issuers.updated_at) —
 * an admin's issuer edit or display-name override moves the last — and the trade and Treasury
 * writes); when it moved, changed rows are re-read while requests keep using the previous
 * snapshot. Every snapshot is at most MAX_AGE_MS old.
 */
export interface SnapshotRecord {
  row: BondRow;
  /** The composite rating (lower of S&P and Moody's) the rating filter and segments classify by. */
  rating: string | null;
  sectorId: number;
  issuerId: number;
  seniority: string;
  callable: boolean;
  amountOutstanding: number;
  cusip: string;
  isin: string;
  tickerUpper: string;
  descriptionUpper: string;
  /**
   * The row's JSON (UTF-8) with every column and with the web table's default columns, made on first
   * use (bondList.ts). Kept on the record, not per snapshot: a live tick replaces only the records
   * of bonds that moved, so every other row's JSON outlives it.
   */
  jsonAll?: Buffer;
  jsonDefault?: Buffer;
}

export interface Snapshot {
  day: string;
  /** The market's "as of": its last full reprice (marketAsOf), else its latest figure's. */
  asOf: string | null;
  records: SnapshotRecord[];
  /** The sector taxonomy (for code → industry ids). */
  sectors: { id: number; code: string; name: string; parentId: number | null }[];
  /** Per sort column, built on first use (bondTableOrders.ts). */
  orders: Map<BondTableColumn, ColumnOrder>;
  version: MarketVersion;
  checkedAt: number;
  builtAt: number;
}

const CHECK_MS = MARKET_VERSION_CHECK_MS;
/** A full reload at least this often (issuer edits outside the admin pages carry no timestamp). */
const MAX_AGE_MS = 600_000;

interface Holder {
  snapshot?: Snapshot;
  pending?: Promise<Snapshot>;
  /** When the request that started the refresh under way came (by the clock). */
  pendingFrom?: number;
}
const holders = defineCache<object, Holder>({
  name: 'market.bondTableSnapshot',
  home: 'server/services/market/queries/bondTableSnapshot.ts',
  per: 'database',
  key: '—',
  lifetime: { ms: MAX_AGE_MS, clock: 'market clock' },
  invalidatedBy: ['a new market version (checked at most once a second): changed rows are replaced, the rest kept', 'a new market day'],
});

function holderOf(db: Kysely<Database>): Holder {
  return holders.of(db, () => ({}));
}

/** Gives the snapshot of this database the app's clock (its once-a-second re-check reads it). */
export function useBondTableSnapshotClock(db: Kysely<Database>, now: () => number): void {
  useMarketClock(db, now);
}

/** The snapshot once any refresh in progress has finished (tests). */
export async function settledBondTableSnapshot(db: Kysely<Database>): Promise<Snapshot | undefined> {
  const holder = holderOf(db);
  while (holder.pending) await holder.pending.catch(() => undefined);
  return holder.snapshot;
}

const marketAsOfOf = (v: MarketVersion) => v.universeAsOf ?? v.asOf;

/** The bond-table rows plus what the snapshot's filters need. */
function selectSnapshotRows(db: Kysely<Database>) {
  return selectBondRows(db).select(['i.sector_id', 'b.isin', sql<boolean>`jsonb_array_length(b.call_schedule) > 0`.as('callable')]);
}
type SnapshotRow = InferResult<ReturnType<typeof selectSnapshotRows>>[number];

function toRecord(r: SnapshotRow, day: string): SnapshotRecord {
  const row = presentBondRow(r, day);
  return {
    row,
    rating: compositeRating(row.ratingSP, row.ratingMoody),
    sectorId: r.sector_id,
    issuerId: r.issuer_id,
    seniority: row.seniority,
    callable: Boolean(r.callable),
    amountOutstanding: Number(r.amount_outstanding),
    cusip: row.bondIdentifier,
    isin: String(r.isin).trim(),
    tickerUpper: row.ticker.toUpperCase(),
    descriptionUpper: row.description.toUpperCase(),
  };
}

/** Rows read per query on a full load: PGlite runs each query on the event loop, so chunks let requests interleave. */
const LOAD_CHUNK = 2000;
/** Above this many changed bonds a full (chunked) reload is cheaper than id lookups. */
const INCREMENTAL_LIMIT = 5000;

/** A time as the database wrote it (MarketVersion.since), compared exactly. */
const exactly = (text: string) => sql<Date>`${text}::timestamptz`;

/** Ids of bonds changed since `p`: three index range scans, no join. */
async function changedIds(db: Kysely<Database>, p: MarketVersion): Promise<number[]> {
  const ids = new Set<number>();
  const priced = await db
    .selectFrom('bond_market_state')
    .select('bond_id')
    .where('as_of', '>', p.since.priced ? exactly(p.since.priced) : new Date(0))
    .limit(INCREMENTAL_LIMIT + 1)
    .execute();
  for (const r of priced) ids.add(r.bond_id);
  const added = await db
    .selectFrom('bonds')
    .select('id')
    .where('id', '>', p.maxId)
    .limit(INCREMENTAL_LIMIT + 1)
    .execute();
  for (const r of added) ids.add(r.id);
  if (p.since.bonds) {
    const edited = await db
      .selectFrom('bonds')
      .select('id')
      .where('updated_at', '>', exactly(p.since.bonds))
      .limit(INCREMENTAL_LIMIT + 1)
      .execute();
    for (const r of edited) ids.add(r.id);
  }
  if (p.since.issuers) {
    // An issuer's names show on its own bonds and, as the parent's name, on its subsidiaries'.
    const since = exactly(p.since.issuers);
    const renamed = await db
      .selectFrom('bonds as b')
      .innerJoin('issuers as i', 'i.id', 'b.issuer_id')
      .leftJoin('issuers as p', 'p.id', 'i.parent_issuer_id')
      .select('b.id')
      .where((eb) => eb.or([eb('i.updated_at', '>', since), eb('p.updated_at', '>', since)]))
      .limit(INCREMENTAL_LIMIT + 1)
      .execute();
    for (const r of renamed) ids.add(r.id);
  }
  return [...ids];
}

async function build(db: Kysely<Database>, version: MarketVersion, previous: Snapshot | undefined, now: number): Promise<Snapshot> {
  const day = (version.asOf ?? new Date(now).toISOString()).slice(0, 10);
  const read = (await db.selectFrom('sectors').select(['id', 'code', 'name', 'parent_id']).orderBy('code').execute()).map((x) => ({
    id: x.id,
    code: x.code,
    name: x.name,
    parentId: x.parent_id,
  }));
  // The same taxonomy keeps the same array: answers memoised with the snapshot (fromSnapshot)
  // are keyed on it, and a price move must not throw them away.
  const sectors = previous && sameSectors(previous.sectors, read) ? previous.sectors : read;
  const ids = previous && previous.day === day && now - previous.builtAt < MAX_AGE_MS ? await changedIds(db, previous.version) : null;
  if (previous && ids && ids.length <= INCREMENTAL_LIMIT) {
    if (ids.length === 0) return { ...previous, asOf: marketAsOfOf(version), sectors, version, checkedAt: now };
    const records = previous.records.slice();
    const index = new Map(records.map((rec, k) => [rec.row.id, k]));
    const replaced: number[] = [];
    let added = false;
    for (let k = 0; k < ids.length; k += LOAD_CHUNK) {
      const rows = await selectSnapshotRows(db)
        .where('b.id', 'in', ids.slice(k, k + LOAD_CHUNK))
        .execute();
      for (const r of rows) {
        const rec = toRecord(r, day);
        const at = index.get(rec.row.id);
        if (at === undefined) {
          records.push(rec);
          added = true;
        } else {
          records[at] = rec;
          replaced.push(at);
        }
      }
    }
    let orders: Snapshot['orders'] = new Map();
    if (added) records.sort((a, b) => a.row.id - b.row.id);
    else if (sectors === previous.sectors) {
      // Every record kept its index: what was built over the old records carries over, updated
      // for the replaced ones (a tick's repricing, not a full rebuild per column and filter).
      orders = carriedOrders(previous, records, replaced);
      carryMasks(previous.records, records, replaced);
    }
    return { day, asOf: marketAsOfOf(version), records, sectors, orders, version, checkedAt: now, builtAt: previous.builtAt };
  }
  const records: SnapshotRecord[] = [];
  for (let last = 0; ;) {
    const rows = await selectSnapshotRows(db).where('b.id', '>', last).orderBy('b.id').limit(LOAD_CHUNK).execute();
    for (const r of rows) records.push(toRecord(r, day));
    if (rows.length < LOAD_CHUNK) break;
    last = rows.at(-1)!.id;
  }
  return { day, asOf: marketAsOfOf(version), records, sectors, orders: new Map(), version, checkedAt: now, builtAt: now };
}

/**
 * The current snapshot (built on first use; refreshed in the background when data moved).
 *
 * A snapshot counts as checked when its refresh started, and a request joins a refresh under way
 * only if that refresh was asked for within the last check interval; otherwise one more refresh
 * is queued behind it. A refresh that began before a commit and finished after the clock moved on
 * (a slow machine, a large reload) is then never taken for one that saw the commit.
 */
export async function bondTableSnapshot(db: Kysely<Database>): Promise<Snapshot> {
  const holder = holderOf(db);
  const clock = marketClock(db);
  const current = holder.snapshot;
  const now = clock();
  if (current && now - current.checkedAt < CHECK_MS) return current;
  const pending = holder.pending && now - (holder.pendingFrom ?? 0) < CHECK_MS ? holder.pending : refresh(db, holder, clock, now);
  // Stale-while-revalidate: only the very first request waits for the load. A failed refresh
  // must not become an unhandled rejection while requests keep the previous snapshot.
  pending.catch(() => {});
  return current ?? pending;
}

/** Starts a refresh once the one under way (if any) has finished: builds are incremental on the last. */
function refresh(db: Kysely<Database>, holder: Holder, clock: () => number, askedAt: number): Promise<Snapshot> {
  const before = holder.pending;
  const next = async (): Promise<Snapshot> => {
    if (before) await before.catch(() => undefined);
    const startedAt = clock();
    const current = holder.snapshot;
    const version = await marketVersion(db);
    const same = current && current.version === version && startedAt - current.builtAt < MAX_AGE_MS;
    const built = same ? { ...current, checkedAt: startedAt } : await build(db, version, current, startedAt);
    holder.snapshot = built;
    return built;
  };
  const run: Promise<Snapshot> = next().finally(() => {
    if (holder.pending === run) holder.pending = undefined;
  });
  holder.pending = run;
  holder.pendingFrom = askedAt;
  return run;
}

function sameSectors(a: Snapshot['sectors'], b: Snapshot['sectors']): boolean {
  return (
    a.length === b.length &&
    a.every((x, k) => x.id === b[k]!.id && x.code === b[k]!.code && x.name === b[k]!.name && x.parentId === b[k]!.parentId)
  );
}

/**
 * Keyed by the records array, not the snapshot object: the freshness check replaces the object
 * every second (a new checkedAt) while the records — and so anything computed from them — stay.
 * Keying on the object threw the market summary away every second, ~8 ms of CPU per request.
 */
const derived = defineCache<SnapshotRecord[], { sectors: Snapshot['sectors']; values: Map<string, unknown> }>({
  name: 'market.fromSnapshot',
  home: 'server/services/market/queries/bondTableSnapshot.ts',
  per: 'snapshot records',
  key: 'what was computed (summary grid, sectors, movers, …) — emptied past 200',
  lifetime: { untilOwnerReplaced: true },
  invalidatedBy: ['new snapshot records or a new sector taxonomy'],
  bound: 201,
});

/**
 * Memoises a pure function of the snapshot (summary, sectors, movers) until its records or
 * sector taxonomy are replaced: repeated asks between two market moves cost nothing.
 */
export function fromSnapshot<T>(s: Snapshot, key: string, compute: () => T): T {
  let cache = derived.get(s.records);
  if (!cache || cache.sectors !== s.sectors) derived.set(s.records, (cache = { sectors: s.sectors, values: new Map() }));
  if (cache.values.has(key)) return cache.values.get(key) as T;
  const value = compute();
  if (cache.values.size > 200) cache.values.clear();
  cache.values.set(key, value);
  return value;
}
