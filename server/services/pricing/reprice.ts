/**
 * `repriceUniverse`: evaluated prices for every bond (or some) as of an instant, written to
 * evaluated_prices and to the bond table's read model, bond_market_state.
 *
 * The read side of a tick is kept to a few small queries by a per-process state (terms, recent
 * trades, the previous close and volume averages — each only a cache, validated or keyed so that
 * it can never serve another day's data); the write side is one bulk statement per table, and
 * rows whose rounded values did not change since this process last wrote them are skipped.
 */
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema';
import { recordEvents, type DomainEvent } from '../events';
import { type CloseSnapshot, closeFromEvaluations, loadClose, loadVolumeAverages, previousCloseDate } from './closes';
import { MS_PER_DAY, TRADE_WINDOW_DAYS, UNIVERSE_AS_OF_KEY, isoDay } from './conventions';
import { addDays, dayStartMs } from '../../../common/calendar';
import { FIXING_LOOKBACK_DAYS, loadCurves } from './curves';
import { curveVersionOf, pruneCurveVersions } from './curveVersions';
import { evaluateUniverse, type Evaluation } from './evaluate';
import { TermsCache } from './terms';
import { TradeCache } from './trades';
import { closeFlags, writeTradeFlags } from './tradeFlags';
import { deleteMarketState, upsertMarketState, writeEvaluatedPrices } from './write';
import { fillRow, newRowValues, payloadOf, WrittenRows } from './stateRows';
import { defineCache } from '../caches/registry';

export interface RepriceOptions {
  /** Reprice only these bonds (the model is still fitted on the whole universe). */
  bondIds?: number[];
  /** 'eod' writes the day's closing evaluated prices; 'intraday' (default) a snapshot per bond that traded since the last run. */
  kind?: 'eod' | 'intraday';
  /** The close to measure changes against; default: the latest end-of-day prices before asOf's day. */
  previousClose?: Map<number, CloseSnapshot>;
}

export interface RepriceResult {
  asOf: Date;
  kind: 'eod' | 'intraday';
  curveDate: string;
  previousCloseDate: string | null;
  priced: number;
  /** bond_market_state rows written (unchanged rows are skipped on intraday ticks). */
  rowsWritten: number;
  evaluatedPricesWritten: number;
  excluded: number;
  failed: { bondId: number; error: string }[];
  timingsMs: { read: number; compute: number; write: number };
}

/** Per-process pricing state of one database handle. */
class PricingState {
  terms = new TermsCache();
  trades = new TradeCache();
  closes = new Map<string, Map<number, CloseSnapshot>>();
  volumeAverages = new Map<string, Map<number, number>>();
  written = new WrittenRows();
  /** Curve version ids by curve key (curveVersions.ts). */
  curveVersions = new Map<string, number>();
  /** asOf (ms) of the last pruning of unused curve versions. */
  prunedAtMs = -Infinity;
  snapshotTradeId = new Map<number, number>();
  warm = false;
}

const states = defineCache<Kysely<Database>, PricingState>({
  name: 'pricing.engineState',
  home: 'server/services/pricing/reprice.ts',
  per: 'database',
  key: '— (bond terms, trades, closes, volume averages, rows written, curve versions)',
  lifetime: 'until invalidated',
  invalidatedBy: [
    'invalidatePricingCache: an import (importers/reprice.ts), an admin move of trades between bonds, a rolled-back reprice write',
    "forgetPastDays (closes and volume averages): a rewrite of past days' history",
    "a bond's updated_at (its terms are re-read when it moves)",
  ],
});

/** Unused curve versions are looked for at most this often (a full-universe reprice does it). */
const PRUNE_CURVE_VERSIONS_EVERY_MS = 10 * 60_000;

function stateOf(db: Kysely<Database>): PricingState {
  return states.of(db, () => new PricingState());
}

/** Forgets every cached fact about `db` (after bulk changes made outside the engine, e.g. a restore). */
export function invalidatePricingCache(db: Kysely<Database>): void {
  states.delete(db);
}

/** Forgets cached closes and volume averages (after history for past days was rewritten). */
export function forgetPastDays(db: Kysely<Database>): void {
  const s = states.get(db);
  if (!s) return;
  s.closes.clear();
  s.volumeAverages.clear();
}

/**
 * Reprices the universe (or `opts.bondIds`) as of `when` (a Date, an ISO instant, or a day
 * 'YYYY-MM-DD' meaning its close) and rewrites bond_market_state. With
 * kind 'eod' it also writes the day's closing evaluated prices for every priced bond; intraday it
 * appends a snapshot for each bond whose trades changed since the previous run.
 */
export async function repriceUniverse(db: Kysely<Database>, when: Date | string, opts: RepriceOptions = {}): Promise<RepriceResult> {
  const t0 = performance.now();
  const asOf = asInstant(when);
  const kind = opts.kind ?? 'intraday';
  const state = stateOf(db);
  const day = isoDay(asOf);
  const asOfMs = asOf.getTime();
  const windowFromMs = asOfMs - TRADE_WINDOW_DAYS * MS_PER_DAY;
  const full = kind === 'eod' || !state.warm;
  await state.terms.refresh(db, kind === 'eod');
  await state.trades.refresh(db, windowFromMs, kind === 'eod');
  const curves = await loadCurves(db, addDays(day, -TRADE_WINDOW_DAYS - 1 - FIXING_LOOKBACK_DAYS), day);
  const prevDate = opts.previousClose ? null : await previousCloseDate(db, day);
  let prev = opts.previousClose;
  if (!prev) {
    prev = prevDate ? state.closes.get(prevDate) : new Map();
    if (!prev && prevDate) state.closes.set(prevDate, (prev = await loadClose(db, prevDate)));
  }
  let averages = state.volumeAverages.get(day);
  if (!averages) state.volumeAverages.set(day, (averages = await loadVolumeAverages(db, day)));
  const pricingCurve = curves.on(day);
  const curveVersionId = pricingCurve ? await curveVersionOf(db, pricingCurve, state.curveVersions) : null;
  const t1 = performance.now();

  const only = opts.bondIds ? new Set(opts.bondIds) : undefined;
  const book = state.trades.book;
  const closes = prev ?? new Map<number, CloseSnapshot>();
  const universe = evaluateUniverse(
    state.terms.bonds.values(),
    (id, from, to) => book.window(id, from, to),
    curves,
    asOf,
    only,
    false,
    (id) => closes.get(id)?.basis,
  );
  const dayFromMs = dayStartMs(day) - 1;
  const rows: Record<string, unknown>[] = [];
  const row = newRowValues();
  const snapshots: Evaluation[] = [];
  const events: DomainEvent[] = [];
  // The close decides which of its day's prints the pricer does not believe (tradeFlags.ts),
  // before the day's volume is counted: a flagged print is not in it (as in daily_bond_stats).
  const flags = kind === 'eod' ? closeFlags(universe.evaluations, (id) => book.window(id, dayFromMs, asOfMs)) : [];
  for (const e of universe.evaluations) {
    // Disseminated sizes only: a capped print counts at its cap, so no screen reveals the true size.
    const volume = book.volume(e.bondId, dayFromMs, asOfMs);
    fillRow(row, e, prev!.get(e.bondId), volume, averages.get(e.bondId));
    if (full || only || !state.written.same(e.bondId, row)) {
      rows.push(payloadOf(e.bondId, row));
      state.written.store(e.bondId, row);
    }
    // Intraday lineage: one snapshot each time a bond's newest trade moves on; a cold process
    // (which cannot know what an earlier one stored) snapshots the bonds that traded today.
    const seen = state.snapshotTradeId.get(e.bondId) ?? 0;
    if (kind === 'intraday' && e.lastTradeId > seen && (state.warm || only || volume > 0)) snapshots.push(e);
    if (e.lastTradeId > seen) state.snapshotTradeId.set(e.bondId, e.lastTradeId);
  }
  const t2 = performance.now();

  const written = kind === 'eod' ? universe.evaluations : snapshots;
  const write = async (trx: Kysely<Database>) => {
    await upsertMarketState(trx, asOf, rows, curveVersionId);
    if (!only) await recordUniverseAsOf(trx, asOf);
    if (!only && asOfMs - state.prunedAtMs >= PRUNE_CURVE_VERSIONS_EVERY_MS) {
      await pruneCurveVersions(trx, state.curveVersions);
      state.prunedAtMs = asOfMs;
    }
    // Matured bonds, and bonds the analytics cannot price (a 30/360 bond on the day before a
    // 31st maturity has no time left), leave the table rather than show a stale price.
    await deleteMarketState(
      trx,
      only ? universe.failed.map((f) => f.bondId) : [...universe.excluded, ...universe.failed.map((f) => f.bondId)],
    );
    await writeEvaluatedPrices(
      trx,
      kind,
      written.map((evaluation) => ({ day, asOf, evaluation })),
    );
    await writeTradeFlags(trx, flags);
    if (kind === 'eod')
      events.push({ type: 'pricing.closed', subjectId: day, payload: { day, bonds: written.length, asOf: asOf.toISOString() } });
    await recordEvents(trx, events);
  };
  try {
    if (db.isTransaction) await write(db);
    else await db.transaction().execute(write);
  } catch (err) {
    // What this process believes it wrote must not survive a rolled-back write.
    invalidatePricingCache(db);
    throw err;
  }
  for (const id of universe.excluded) state.written.delete(id);
  for (const f of universe.failed) state.written.delete(f.bondId);
  if (kind === 'eod' && !only) state.closes.set(day, closeFromEvaluations(universe.evaluations));
  state.warm = true;
  const t3 = performance.now();
  return {
    asOf,
    kind,
    curveDate: universe.curveDate,
    previousCloseDate: prevDate,
    priced: universe.evaluations.length,
    rowsWritten: rows.length,
    evaluatedPricesWritten: written.length,
    excluded: universe.excluded.length,
    failed: universe.failed,
    timingsMs: { read: t1 - t0, compute: t2 - t1, write: t3 - t2 },
  };
}

/**
 * The instant the whole universe was last repriced as of (app_settings UNIVERSE_AS_OF_KEY): what
 * the screens call the market's "as of". A reprice of some bonds (a live tick's, an import's)
 * does not move it; a full one never moves it back.
 */
async function recordUniverseAsOf(db: Kysely<Database>, asOf: Date): Promise<void> {
  const value = JSON.stringify(asOf.toISOString());
  // Stamped with the instant it records: a reprice knows the time it prices as of, not the app's clock.
  await sql`insert into app_settings (key, value, updated_by, updated_at) values (${UNIVERSE_AS_OF_KEY}, ${value}::jsonb, null, ${asOf})
    on conflict (key) do update set value = excluded.value, updated_at = excluded.updated_at
      where app_settings.value #>> '{}' is null or app_settings.value #>> '{}' < excluded.value #>> '{}'`.execute(db);
}

/** A Date, an ISO instant, or a 'YYYY-MM-DD' day (meaning that day's close). */
function asInstant(when: Date | string): Date {
  if (when instanceof Date) return when;
  if (/^\d{4}-\d{2}-\d{2}$/.test(when)) return new Date(dayStartMs(when) + MS_PER_DAY - 1);
  const d = new Date(when);
  if (Number.isNaN(d.getTime())) throw new Error(`asOf: not a date or instant: '${when}'`);
  return d;
}
