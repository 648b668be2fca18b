import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema';
import { recordEvents } from '../events';
import { bondSegment, disseminationCap } from '../market/codesAndRatings';
import { mapColumns } from './columns';
import type { ImporterResult, ImportContext } from './driver';
import { isBlankLine, normalizeHeader } from './lines';
import { DuplicateFileError, RowError } from './report';
import { rebuildDailyStats } from './stats';
import { cleanTrace, dropAlreadyImported } from './traceCleaning';
import { readInBatches } from './rowBatches';
import { readTraceLines, type TraceLineSpec } from './rowParsers';
import { CONTRA_PARTY_ID, TRACE_COLUMNS, type TraceRecord, tradeSide } from './traceFormat';
import { readRowsOnThread } from '../../workers/parsing';
import { TRACE_SOURCE, TraceWriter, type TradeRow } from './traceWriter';

interface KnownBond {
  id: number;
  /** Dissemination cap: 5MM for investment grade, 1MM for high yield and unrated. */
  cap: number;
}

/** Every bond by CUSIP with its cap; ~30,000 entries at most, independent of the file size. */
async function loadBonds(trx: Kysely<Database>): Promise<Map<string, KnownBond>> {
  const rows = await trx.selectFrom('bonds').select(['id', 'cusip', 'rating_sp', 'rating_moody']).execute();
  return new Map(rows.map((b) => [b.cusip.trim(), { id: b.id, cap: disseminationCap(bondSegment(b.rating_sp, b.rating_moody)) }]));
}

/** A line kept apart (its bond unknown) as it was, by column. */
function rawFields(header: string[], text: string): Record<string, string> {
  const fields = text.split('|');
  return Object.fromEntries(header.map((h, i) => [h.trim(), (fields[i] ?? '').trim()]));
}

function toTradeRow(r: TraceRecord, bond: KnownBond): TradeRow {
  const capped = r.quantityIsCapped || r.quantity > bond.cap;
  return {
    bondId: bond.id,
    executionTime: r.executionTime,
    quantity: r.quantity,
    reportedQuantity: capped ? Math.min(r.quantity, bond.cap) : r.quantity,
    capped,
    price: r.price,
    yield: r.yield,
    side: tradeSide(r),
    reportingPartyType: r.reportingPartyType,
    ats: r.ats,
    control: r.control,
  };
}

/** Trades in the table before the import (the planner's estimate; a count when it has none). */
async function estimatedTrades(trx: Kysely<Database>): Promise<number> {
  const est = await sql<{ n: number }>`select reltuples::float8 as n from pg_class where oid = 'trades'::regclass`.execute(trx);
  const n = Number(est.rows[0]?.n ?? -1);
  if (n >= 0) return n;
  const exact = await sql<{ n: string }>`select count(*) as n from trades`.execute(trx);
  return Number(exact.rows[0]?.n ?? 0);
}

/** Trades read before a bulk load may drop the secondary indexes (small files keep them). */
const BULK_LOAD_MIN_TRADES = 100_000;

/**
 * A load is bulk once it has added at least BULK_LOAD_MIN_TRADES trades and a quarter of what
 * the table held: from there one sorted rebuild of each index costs less than maintaining it.
 */
function isBulkLoad(added: number, before: number, minTrades = BULK_LOAD_MIN_TRADES): boolean {
  return added >= minTrades && added * 4 >= before;
}

/**
 * Imports a FINRA TRACE file (Enhanced historical, academic or WRDS layout): streams and validates every row, bulk-inserts
 * trades, stages cancels/corrections/reversals and inter-dealer buy reports, then applies the
 * Dick-Nielsen cleaning (traceCleaning), rebuilds daily_bond_stats for the touched bonds and
 * dates and records a `trades.imported` event — all in the caller's transaction.
 */
export async function importTrace(trx: Kysely<Database>, ctx: ImportContext): Promise<ImporterResult> {
  const { tracker, lines } = ctx;
  const headerLine = await ctx.readHeader();
  const header = headerLine.split('|');
  const col = mapColumns(header, TRACE_COLUMNS, 'FINRA TRACE (Enhanced or academic, pipe-delimited)');
  const contraIds = normalizeHeader(header[col.contra]!) === normalizeHeader(CONTRA_PARTY_ID);

  const bonds = await loadBonds(trx);
  const before = await sql<{ next: string }>`select coalesce(max(id), 0) + 1 as next from trades`.execute(trx);
  const firstNewTradeId = String(before.rows[0]!.next);
  const writer = new TraceWriter(trx, TRACE_SOURCE);
  await writer.begin();
  // Every trade's bond id comes from `bonds` as read above in this transaction. On PGlite no
  // other transaction can delete a bond before this one ends, so the per-row foreign-key
  // trigger on trades only repeats that lookup — about 30 % of the insert's cost there. Replica
  // mode skips triggers (CHECK and NOT NULL constraints still apply) for the bulk load only.
  if (ctx.soleWriter) await sql`set local session_replication_role = replica`.execute(trx);
  const tradesBefore = ctx.soleWriter ? await estimatedTrades(trx) : 0;
  let indexesSuspended = false;
  let writing = true;
  let minTime: Date | null = null;
  let maxTime: Date | null = null;
  const statusCounts: Record<string, number> = { T: 0, R: 0, X: 0, C: 0, Y: 0 };

  const spec: TraceLineSpec = { headerLength: header.length, col, contraIds };
  const rows = readInBatches(
    lines,
    (line) => isBlankLine(line.text),
    (batch, onThread) => (onThread ? readRowsOnThread('traceLines', batch, spec) : readTraceLines(batch, spec)),
    () => ctx.rowsOnThread(),
  );
  for await (const { item, parsed } of rows) {
    const { number, text } = item;
    tracker.row();
    try {
      if (!parsed.ok) throw new RowError(parsed.error);
      const record = parsed.value;
      if (!writing) continue;
      statusCounts[record.status]! += 1;
      const bond = bonds.get(record.cusip);
      if (!bond) {
        tracker.unknownIdentifiers += 1;
        // Only trade reports are kept apart; a cancel of an unknown bond has nothing to cancel.
        if (record.status === 'T' || record.status === 'R') {
          await writer.addMissing({
            identifier: record.cusip,
            executionTime: record.executionTime,
            quantity: record.quantity,
            price: record.price,
            side: tradeSide(record),
            raw: rawFields(header, text),
          });
        }
        tracker.rowsImported += 1;
        continue;
      }
      if (record.status === 'T' || record.status === 'R') {
        const row = toTradeRow(record, bond);
        if (record.contraIsDealer && record.dealerSide === 'B') await writer.addDealerBuy(row);
        else await writer.addTrade(row);
        if (ctx.soleWriter && !indexesSuspended && isBulkLoad(writer.tradesAdded, tradesBefore, ctx.bulkLoadMinTrades)) {
          await writer.suspendIndexes();
          indexesSuspended = true;
        }
        if (!minTime || record.executionTime < minTime) minTime = record.executionTime;
        if (!maxTime || record.executionTime > maxTime) maxTime = record.executionTime;
      }
      if (record.status !== 'T') {
        await writer.addEvent({
          status: record.status,
          bondId: bond.id,
          executionTime: record.executionTime,
          control: record.control,
          prevControl: record.prevControl,
          line: number,
        });
      }
      tracker.rowsImported += 1;
    } catch (err) {
      if (ctx.rejectRow(number, err) && writing) {
        writing = false;
        writer.discard();
      }
    }
  }
  if (!writing) return { details: {} };

  // The same file twice would double every trade: refuse an exact repeat of an earlier import.
  const sha256 = ctx.contentHash();
  const earlier = await sql<{ at: Date }>`select created_at as at from events
    where type = 'trades.imported' and payload->>'sha256' = ${sha256} order by id limit 1`.execute(trx);
  if (earlier.rows[0]) {
    const at = earlier.rows[0].at;
    throw new DuplicateFileError(
      `this file was already imported on ${at.toISOString().slice(0, 16).replace('T', ' ')} UTC (same content)`,
      at,
    );
  }

  await writer.flush();
  await writer.restoreIndexes();
  if (ctx.soleWriter) await sql`set local session_replication_role = origin`.execute(trx);
  // eslint-disable-next-line no-restricted-syntax -- elapsed time: the stages' timings, for the report
  const loadedAt = Date.now();
  const cleaning = await cleanTrace(trx, firstNewTradeId, TRACE_SOURCE);
  const alreadyImported = await dropAlreadyImported(
    trx,
    firstNewTradeId,
    TRACE_SOURCE,
    minTime && maxTime ? { first: minTime, last: maxTime } : null,
  );
  // eslint-disable-next-line no-restricted-syntax -- elapsed time: the stages' timings, for the report
  const cleanedAt = Date.now();
  const touched = await rebuildDailyStats(trx, firstNewTradeId, TRACE_SOURCE);
  // eslint-disable-next-line no-restricted-syntax -- elapsed time: the stages' timings, for the report
  const timingsMs = { load: loadedAt - tracker.startedAt, cleaning: cleanedAt - loadedAt, dailyStats: Date.now() - cleanedAt };
  const active = await sql<{ n: string }>`select count(*) as n from trades
    where id >= ${firstNewTradeId}::bigint and source = ${TRACE_SOURCE} and status = 'active'`.execute(trx);
  const details = {
    records: statusCounts,
    tradesActive: Number(active.rows[0]?.n ?? 0),
    cleaning,
    /** Trade reports an earlier import already held (overlapping files), not added again. */
    alreadyImported,
    bondsTouched: touched.bondIds.length,
    bondDaysRebuilt: touched.bondDays,
    /** The trades indexes were dropped for the load and rebuilt (bulk load on PGlite). */
    bulkLoad: indexesSuspended,
    firstExecution: minTime?.toISOString() ?? null,
    lastExecution: maxTime?.toISOString() ?? null,
    timingsMs,
  };
  // The range of trade ids written: market hawk reads the prints of watched bonds from it (hawk/importedTrades.ts).
  const range = await sql<{ last: string | null }>`select max(id) as last from trades
    where id >= ${firstNewTradeId}::bigint and source = ${TRACE_SOURCE}`.execute(trx);
  await recordEvents(trx, [
    {
      type: 'trades.imported',
      payload: {
        source: TRACE_SOURCE,
        firstTradeId: firstNewTradeId,
        lastTradeId: range.rows[0]?.last == null ? null : String(range.rows[0].last),
        file: ctx.fileName ?? null,
        sha256,
        trades: details.tradesActive,
        alreadyImported,
        bondIds: touched.bondIds.slice(0, 1000),
        bondsTouched: touched.bondIds.length,
        firstExecution: details.firstExecution,
        lastExecution: details.lastExecution,
        cleaning,
      },
    },
  ]);
  return { details, touchedBondIds: touched.bondIds };
}
