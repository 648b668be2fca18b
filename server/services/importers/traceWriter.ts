import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema';
import type { TradeSide } from '../../db/tables/market';

/** Source label of trades written by the TRACE importer (trades.source). */
export const TRACE_SOURCE = 'finra-trace';

/** Rows per INSERT … SELECT unnest(…) statement: large enough to amortise the round trip. */
export const TRACE_BATCH_ROWS = 5000;

/** One trade row as written to trades (or staged for the inter-dealer step). */
export interface TradeRow {
  bondId: number;
  executionTime: Date;
  quantity: number;
  reportedQuantity: number;
  capped: boolean;
  price: number;
  yield: number | null;
  side: TradeSide;
  reportingPartyType: string;
  ats: boolean;
  control: string | null;
}

/** Column arrays for one unnest batch; reused between batches to keep allocation flat. */
class TradeBatch {
  bondId: number[] = [];
  /** Epoch seconds: a float8 array with to_timestamp costs PGlite far less than parsing timestamp text. */
  time: number[] = [];
  quantity: number[] = [];
  reported: number[] = [];
  capped: boolean[] = [];
  price: number[] = [];
  yield: (number | null)[] = [];
  side: string[] = [];
  rpt: string[] = [];
  ats: boolean[] = [];
  control: (string | null)[] = [];

  get size(): number {
    return this.bondId.length;
  }

  push(r: TradeRow): void {
    this.bondId.push(r.bondId);
    this.time.push(r.executionTime.getTime() / 1000);
    this.quantity.push(r.quantity);
    this.reported.push(r.reportedQuantity);
    this.capped.push(r.capped);
    this.price.push(r.price);
    this.yield.push(r.yield);
    this.side.push(r.side);
    this.rpt.push(r.reportingPartyType);
    this.ats.push(r.ats);
    this.control.push(r.control);
  }

  /** Starts new arrays: the previous ones may still be waiting to be sent as query parameters. */
  clear(): void {
    this.bondId = [];
    this.time = [];
    this.quantity = [];
    this.reported = [];
    this.capped = [];
    this.price = [];
    this.yield = [];
    this.side = [];
    this.rpt = [];
    this.ats = [];
    this.control = [];
  }

  unnest() {
    return sql`(select u.bond_id, to_timestamp(u.t) as execution_time, u.quantity, u.reported_quantity, u.quantity_capped, u.price,
      u.yield, u.side, u.reporting_party_type, u.ats, u.control_number
      from unnest(${this.bondId}::int[], ${this.time}::float8[], ${this.quantity}::numeric[], ${this.reported}::numeric[],
      ${this.capped}::bool[], ${this.price}::numeric[], ${this.yield}::numeric[], ${this.side}::text[], ${this.rpt}::text[],
      ${this.ats}::bool[], ${this.control}::text[]) as u(bond_id, t, quantity, reported_quantity, quantity_capped,
      price, yield, side, reporting_party_type, ats, control_number)) as u`;
  }
}

export interface MissingRow {
  identifier: string;
  executionTime: Date;
  quantity: number;
  price: number;
  side: TradeSide;
  raw: Record<string, string>;
}

/** The cleaning step a non-trade record asks for, staged until the whole file has been read. */
export interface TraceEventRow {
  status: 'R' | 'X' | 'C' | 'Y';
  bondId: number;
  executionTime: Date;
  control: string | null;
  prevControl: string | null;
  line: number;
}

/**
 * Buffers parsed rows and writes them in unnest batches inside the import transaction: trades
 * straight into trades, inter-dealer buy reports into a staging table (kept or dropped at the
 * end, see traceCleaning), cancel/correction/reversal records into a staging table, unknown
 * CUSIPs into trades_missing_bonds.
 */
export class TraceWriter {
  private readonly trades = new TradeBatch();
  private readonly dealerBuys = new TradeBatch();
  private events: TraceEventRow[] = [];
  private missing: MissingRow[] = [];
  /** The statement being written while the next batch is parsed (PostgreSQL works in parallel). */
  private inflight: Promise<void> = Promise.resolve();

  constructor(
    private readonly trx: Kysely<Database>,
    private readonly source: string,
  ) {}

  /** Creates the staging tables (dropped at commit or rollback). */
  async begin(): Promise<void> {
    await sql`create temp table import_dealer_buys (
      bond_id int, execution_time timestamptz, quantity numeric, reported_quantity numeric, quantity_capped bool,
      price numeric, yield numeric, side text, reporting_party_type text, ats bool, control_number text) on commit drop`.execute(this.trx);
    await sql`create temp table import_trace_events (
      status char(1), bond_id int, execution_time timestamptz, control_number text, prev_control_number text, line int) on commit drop`.execute(
      this.trx,
    );
  }

  /** Trade rows handed to this writer so far. */
  tradesAdded = 0;

  async addTrade(row: TradeRow): Promise<void> {
    this.tradesAdded++;
    this.trades.push(row);
    if (this.trades.size >= TRACE_BATCH_ROWS) await this.flushTrades();
  }

  async addDealerBuy(row: TradeRow): Promise<void> {
    this.dealerBuys.push(row);
    if (this.dealerBuys.size >= TRACE_BATCH_ROWS) await this.flushDealerBuys();
  }

  async addEvent(row: TraceEventRow): Promise<void> {
    this.events.push(row);
    if (this.events.length >= TRACE_BATCH_ROWS) await this.flushEvents();
  }

  async addMissing(row: MissingRow): Promise<void> {
    this.missing.push(row);
    if (this.missing.length >= 1000) await this.flushMissing();
  }

  /**
   * Sends one statement without waiting for it, after the previous one finished: at most one
   * batch is in flight, so memory stays bounded while parsing overlaps the database's work.
   */
  private async send(query: { execute(db: Kysely<Database>): Promise<unknown> }): Promise<void> {
    await this.inflight;
    const running = query.execute(this.trx).then(() => undefined);
    running.catch(() => undefined); // surfaced by the next send or flush
    this.inflight = running;
  }

  /** Secondary indexes of trades dropped for the bulk load: their definitions, to rebuild. */
  private suspendedIndexes: string[] = [];

  /**
   * Drops the secondary indexes of trades until {@link restoreIndexes}: PostgreSQL's own advice
   * for loading a large share of a table ("Populating a Database"), since one sorted build is far
   * cheaper than a million index insertions. Only for a sole writer (PGlite): elsewhere the
   * DROP would lock every reader of trades out for the length of the import. Transactional, so a
   * rolled-back import gets its indexes back with everything else.
   */
  async suspendIndexes(): Promise<void> {
    await this.inflight;
    const defs = await sql<{ name: string; def: string }>`select indexname as name, indexdef as def from pg_indexes
      where schemaname = current_schema() and tablename = 'trades'
        and indexname not in (select conname from pg_constraint where conrelid = 'trades'::regclass)`.execute(this.trx);
    for (const { name, def } of defs.rows) {
      await sql`drop index ${sql.id(name)}`.execute(this.trx);
      this.suspendedIndexes.push(def);
    }
  }

  /** Rebuilds what {@link suspendIndexes} dropped (before cleaning, which searches by them). */
  async restoreIndexes(): Promise<void> {
    await this.inflight;
    for (const def of this.suspendedIndexes) await sql.raw(def).execute(this.trx);
    this.suspendedIndexes = [];
  }

  /** Writes whatever is buffered and waits for every statement. */
  async flush(): Promise<void> {
    await this.flushTrades();
    await this.flushDealerBuys();
    await this.flushEvents();
    await this.flushMissing();
    await this.inflight;
  }

  /** Drops buffered rows without writing (a rejected row means nothing will be committed). */
  discard(): void {
    this.inflight.catch(() => undefined);
    this.trades.clear();
    this.dealerBuys.clear();
    this.events = [];
    this.missing = [];
  }

  private async flushTrades(): Promise<void> {
    if (this.trades.size === 0) return;
    await this.send(sql`insert into trades (bond_id, execution_time, quantity, reported_quantity, quantity_capped, price, yield, side,
        reporting_party_type, ats, control_number, status, source)
      select u.*, 'active', ${this.source} from ${this.trades.unnest()}`);
    this.trades.clear();
  }

  private async flushDealerBuys(): Promise<void> {
    if (this.dealerBuys.size === 0) return;
    await this.send(sql`insert into import_dealer_buys select * from ${this.dealerBuys.unnest()}`);
    this.dealerBuys.clear();
  }

  private async flushEvents(): Promise<void> {
    if (this.events.length === 0) return;
    const e = this.events;
    await this.send(sql`insert into import_trace_events
      select * from unnest(${e.map((r) => r.status)}::text[], ${e.map((r) => r.bondId)}::int[],
        ${e.map((r) => r.executionTime.toISOString())}::timestamptz[], ${e.map((r) => r.control)}::text[],
        ${e.map((r) => r.prevControl)}::text[], ${e.map((r) => r.line)}::int[])`);
    this.events = [];
  }

  private async flushMissing(): Promise<void> {
    if (this.missing.length === 0) return;
    const m = this.missing;
    await this.send(sql`insert into trades_missing_bonds (identifier, execution_time, quantity, price, side, raw, source)
      select u.*, ${this.source} from unnest(${m.map((r) => r.identifier)}::text[],
        ${m.map((r) => r.executionTime.toISOString())}::timestamptz[], ${m.map((r) => r.quantity)}::numeric[],
        ${m.map((r) => r.price)}::numeric[], ${m.map((r) => r.side)}::text[],
        ${m.map((r) => JSON.stringify(r.raw))}::jsonb[]) as u`);
    this.missing = [];
  }
}
