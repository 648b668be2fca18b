/**
 * Live mode: one tick of the simulated market. Each tick (one per time slot, whichever instance
 * gets there first) continues the persisted simulator state: it fills whole days missed while no
 * server ran, moves today's treasury curve and spread factors, prints a few trades, walks the
 * deal pipeline and records events; the caller then reprices the touched bonds.
 */
import { parseDate } from '@analytics/index';
import { type Kysely, sql } from 'kysely';
import { LAST_IG_NOTCH, TREASURY_TENORS } from '../../../../common/market';
import type { Database } from '../../../db/schema';
import { type DomainEvent, recordEvents } from '../../events';
import { COUNTED_PRINT } from '../../importers/stats';
import { disseminationCap } from '../codesAndRatings';
import {
  addDays,
  businessDayOnOrBefore,
  isBusinessDay,
  newYorkTime,
  newYorkToday,
  nextBusinessDay,
  settlementDayAfter,
  yearsBetween,
} from '../../../../common/calendar';
import { StatsBuffer, TradeBuffer, simulateDay, tradeYield, zeroYieldPrice } from './history';
import { type LiveBond, loadLiveBonds } from './liveBonds';
import { stepLiveDeals } from './liveDeals';
import { curveYields, hiddenMid, spreadBp, stepCurve, stepSpreads, toCurve } from './model';
import { Rng } from './random';
import { SIMULATOR_STATE_KEY, type SimulatorState, saveState } from './state';
import { activityWeight, generateBondTrades } from './trades';
import { rowVersionStamp } from '../../../db/rowVersion';

/** Market time one tick stands for, as a fraction of a trading day (≈ 5 minutes). */
export const TICK_DAY_FRACTION = 1 / 78;
/** At most this many missed business days are filled in; older gaps are skipped. */
export const MAX_GAP_DAYS = 20;
/** Mean trades per tick for a 3,000-bond market (scaled with its size). */
export const TRADES_PER_TICK = 3;

export interface TickResult {
  applied: boolean;
  day: string | null;
  trades: number;
  /** Bonds whose price inputs changed: traded, newly priced. Null = all (a day was filled). */
  touchedBondIds: number[];
  /** Whole days simulated (missed days and the finished live day): need end-of-day prices. */
  finishedDays: string[];
  events: DomainEvent[];
  /** The market instant the tick traded at: `now`, or the demo clock's session instant. */
  marketNow: Date;
}

/**
 * The demo clock (DEMO_CLOCK=always-open, development only): on a day the market is closed (a
 * weekend, a SIFMA full close) the same New York wall-clock time on the last business day, so a
 * demo on a Saturday trades as in Friday's session; on a business day `now` itself.
 */
export function demoSessionInstant(now: Date): Date {
  const today = newYorkToday(now);
  if (isBusinessDay(today)) return now;
  const hours = (now.getTime() - newYorkTime(today, 0).getTime()) / 3_600_000;
  return newYorkTime(businessDayOnOrBefore(today), hours);
}

export interface DemoClockOptions {
  /** Trade a closed day as the last business day's session (the demo clock). */
  alwaysOpen?: boolean;
}

/**
 * Applies the tick for `now` unless its slot was already applied. Runs in one transaction with
 * the state row locked, so two instances never apply the same slot or interleave. The slot is
 * always the real clock's, so the demo clock's replayed session never runs into slots Friday
 * already took.
 */
export async function applyLiveTick(db: Kysely<Database>, realNow: Date, tickMs: number, opts: DemoClockOptions = {}): Promise<TickResult> {
  const slot = Math.floor(realNow.getTime() / tickMs);
  const now = opts.alwaysOpen ? demoSessionInstant(realNow) : realNow;
  return db.transaction().execute(async (trx) => {
    const row = await sql<{ value: unknown }>`select value from app_settings where key = ${SIMULATOR_STATE_KEY} for update`.execute(trx);
    const raw = row.rows[0]?.value;
    const none: TickResult = { applied: false, day: null, trades: 0, touchedBondIds: [], finishedDays: [], events: [], marketNow: now };
    if (raw === undefined) return none;
    const state = (typeof raw === 'string' ? JSON.parse(raw) : raw) as SimulatorState;
    if ((state.slot ?? -1) >= slot) return none;
    const events: DomainEvent[] = [];
    const bonds = await loadLiveBonds(trx, state.seed);
    // Live mode trades on the wall-clock day in New York when the bond market is open that day
    // (common/calendar); whole missed days follow the same calendar.
    const today = newYorkToday(now);
    const finishedDays: string[] = [];
    if (state.liveDay && state.liveDay < today) {
      finishedDays.push(state.liveDay);
      state.lastDay = state.liveDay > state.lastDay ? state.liveDay : state.lastDay;
      state.liveDay = null;
    }
    if (!isBusinessDay(today)) {
      // Market closed (weekend or SIFMA full close): no curve, trades or deals, so no holiday
      // rows anywhere; only the day that just ended is handed on for its end-of-day prices.
      state.slot = slot;
      state.updatedAt = realNow.toISOString();
      await saveState(trx, state);
      return { ...none, applied: finishedDays.length > 0, finishedDays };
    }
    let tradeCount = 0;
    if (!state.liveDay) {
      tradeCount += await fillMissedDays(trx, state, bonds, today, finishedDays);
      // Overnight: one daily step from the last close to today's open.
      const rng = new Rng(state.seed, `open:${today}`);
      state.curve = stepCurve(state.curve, rng);
      state.spreads = stepSpreads(state.spreads, rng);
      state.liveDay = today;
      state.lastYields = undefined;
    }
    const rng = new Rng(state.seed, `tick:${slot}`);
    state.curve = stepCurve(state.curve, rng, TICK_DAY_FRACTION);
    state.spreads = stepSpreads(state.spreads, rng, TICK_DAY_FRACTION);
    const yields = curveYields(state.curve, 4);
    await writeCurve(trx, today, yields);
    const previous = state.lastYields ?? (await closeBefore(trx, today));
    if (previous) {
      const changeBp = Object.fromEntries(TREASURY_TENORS.map((t, i) => [t.tenor, Math.round((yields[i]! - previous[i]!) * 1e6) / 100]));
      if (Object.values(changeBp).some((c) => Math.abs(c) >= 0.25)) {
        events.push({
          type: 'curve.moved',
          subjectId: today,
          payload: { curveDate: today, yields: Object.fromEntries(TREASURY_TENORS.map((t, i) => [t.tenor, yields[i]])), changeBp },
        });
      }
    }
    state.lastYields = yields;
    const traded = await liveTrades(trx, rng, state, bonds, today, now, tickMs, yields, events);
    tradeCount += traded.length;
    const curve = toCurve(yields);
    const created = await stepLiveDeals(trx, rng, state, bonds, { date: today, curve, spreads: state.spreads }, now, tickMs, events);
    state.slot = slot;
    state.tick++;
    state.updatedAt = realNow.toISOString();
    await saveState(trx, state);
    await recordEvents(trx, events);
    return {
      applied: true,
      day: today,
      trades: tradeCount,
      touchedBondIds: [...new Set([...traded, ...created])],
      finishedDays,
      events,
      marketNow: now,
    };
  });
}

/** The treasury curve of the last day before `day`, if any. */
async function closeBefore(db: Kysely<Database>, day: string): Promise<number[] | null> {
  const rows = await sql<{ tenor: string; yield: string }>`
    select tenor, yield from treasury_curve_points
    where curve_date = (select max(curve_date) from treasury_curve_points where curve_date < ${day})`.execute(db);
  if (rows.rows.length === 0) return null;
  const by = new Map(rows.rows.map((r) => [r.tenor, Number(r.yield)]));
  return TREASURY_TENORS.map((t) => by.get(t.tenor) ?? Number.NaN).some(Number.isNaN) ? null : TREASURY_TENORS.map((t) => by.get(t.tenor)!);
}

/**
 * Writes the day's curve. `updated_at` is a row-version stamp, not the time of the market: the
 * market version (queries/marketVersion.ts) notices a curve write by max(updated_at) moving, so it
 * takes the database's clock_timestamp() — later than every earlier write whatever the app's clock
 * says (a test's clock may sit on a past day), as the administrator's curve edits do.
 */
async function writeCurve(db: Kysely<Database>, day: string, yields: number[]): Promise<void> {
  await db
    .insertInto('treasury_curve_points')
    .values(
      TREASURY_TENORS.map((t, i) => ({
        curve_date: day,
        tenor: t.tenor,
        years: t.years,
        yield: yields[i]!,
        updated_at: rowVersionStamp,
      })),
    )
    .onConflict((oc) =>
      oc
        .columns(['curve_date', 'tenor'])
        .doUpdateSet((eb) => ({ yield: eb.ref('excluded.yield'), updated_at: eb.ref('excluded.updated_at') })),
    )
    .execute();
}

/** Whole business days between the last simulated day and today, simulated like the history. */
async function fillMissedDays(
  db: Kysely<Database>,
  state: SimulatorState,
  bonds: LiveBond[],
  today: string,
  finished: string[],
): Promise<number> {
  const missed: string[] = [];
  for (let d = nextBusinessDay(state.lastDay); d < today; d = nextBusinessDay(d)) missed.push(d);
  const days = missed.slice(-MAX_GAP_DAYS);
  const trades = new TradeBuffer(db);
  const stats = new StatsBuffer(db);
  for (const date of days) {
    const rng = new Rng(state.seed, `gap:${date}`);
    const prevYields = curveYields(state.curve);
    const prev = { date: '', curve: state.curve, yields: prevYields, curveObj: toCurve(prevYields), spreads: state.spreads };
    state.curve = stepCurve(state.curve, rng);
    state.spreads = stepSpreads(state.spreads, rng);
    const yields = curveYields(state.curve);
    await writeCurve(db, date, yields);
    const day = { date, curve: state.curve, yields, curveObj: toCurve(yields), spreads: state.spreads };
    simulateDay(
      state.seed,
      day,
      bonds,
      (b) => (b as LiveBond).notch,
      (b, ts, settleDay) => {
        for (const t of ts) trades.push(t, b.id, tradeYield(b.priceable, settleDay, t.price));
        stats.add(b.id, date, ts);
      },
      { prev },
    );
    await trades.flush();
    await stats.flush();
    state.lastDay = date;
    finished.push(date);
  }
  if (missed.length > 0) state.lastDay = missed[missed.length - 1]!;
  return trades.written;
}

/** A few trades in bonds drawn by activity; returns the bonds traded. */
async function liveTrades(
  db: Kysely<Database>,
  rng: Rng,
  state: SimulatorState,
  bonds: LiveBond[],
  today: string,
  now: Date,
  tickMs: number,
  yields: number[],
  events: DomainEvent[],
): Promise<number[]> {
  const alive = bonds.filter((b) => b.issueDate <= today && b.maturityDate > addDays(today, 7));
  if (alive.length === 0) return [];
  const weights = alive.map((b) =>
    activityWeight(
      { amountIssued: b.amountIssued, issueDate: b.issueDate, hy: b.notch > LAST_IG_NOTCH, notch: b.notch, stale: b.stale },
      today,
    ),
  );
  const count = rng.poisson(TRADES_PER_TICK * Math.max(0.34, alive.length / 3000));
  const curve = toCurve(yields);
  // US corporate T+1 on the one calendar, as pricing settles (common/pricingConventions).
  const settleIso = settlementDayAfter(today);
  const touched: number[] = [];
  for (let k = 0; k < count; k++) {
    const pick = rng.weighted(weights);
    const b = alive[pick]!;
    const hy = b.notch > LAST_IG_NOTCH;
    const years = yearsBetween(today, b.maturityDate);
    const settleDay = parseDate(settleIso > b.issueDate ? settleIso : b.issueDate);
    const spread = spreadBp(
      { notch: b.notch, sector: b.sector as never, seniority: b.seniority, issuerKey: b.issuerKey, industry: b.industry, noise: b.noise },
      years,
      state.spreads,
    );
    const mid = hiddenMid(b.priceable, settleDay, curve, spread).price;
    const at = new Date(now.getTime() - Math.floor(rng.next() * Math.min(tickMs, 60_000)));
    const context = {
      hy,
      years,
      distressed: b.notch >= 16,
      stale: b.stale,
      liquidity: weights[pick],
      maxPrice: zeroYieldPrice(b.priceable, settleDay),
    };
    const [t] = generateBondTrades(rng, b.id, today, 1, mid, context, disseminationCap(hy ? 'HY' : 'IG'), at);
    const y = tradeYield(b.priceable, settleDay, t!.price);
    const row = await db
      .insertInto('trades')
      .values({
        bond_id: b.id,
        execution_time: t!.time,
        quantity: t!.quantity,
        reported_quantity: t!.reportedQuantity,
        quantity_capped: t!.capped,
        price: t!.price,
        yield: y === null ? null : Math.round(y * 1e7) / 1e7,
        side: t!.side,
        reporting_party_type: 'dealer',
        ats: t!.ats,
        status: 'active',
        control_number: null,
        source: 'simulator',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    touched.push(b.id);
    events.push({
      type: 'trade.new',
      subjectId: String(b.id),
      payload: {
        tradeId: row.id,
        bondId: b.id,
        cusip: b.cusip,
        ticker: b.ticker,
        executionTime: t!.time.toISOString(),
        price: t!.price,
        yield: y,
        quantity: t!.reportedQuantity,
        quantityCapped: t!.capped,
        side: t!.side,
        ats: t!.ats,
      },
    });
  }
  if (touched.length > 0) await refreshDailyStats(db, [...new Set(touched)], today);
  return touched;
}

/** Recomputes today's daily_bond_stats rows of some bonds from their counted prints (not flagged ones). */
export async function refreshDailyStats(db: Kysely<Database>, bondIds: number[], day: string): Promise<void> {
  const from = newYorkTime(day, 0).toISOString();
  const to = newYorkTime(addDays(day, 1), 0).toISOString();
  await sql`
    insert into daily_bond_stats (bond_id, trade_date, volume, trade_count, high, low, vwap)
    select t.bond_id, ${day}::date, sum(t.reported_quantity), count(*), max(t.price), min(t.price),
      round(sum(t.reported_quantity * t.price) / sum(t.reported_quantity), 6)
    from trades t
    where t.bond_id = any(${bondIds}::int[]) and ${COUNTED_PRINT} and t.execution_time >= ${from}::timestamptz and t.execution_time < ${to}::timestamptz
    group by t.bond_id
    on conflict (bond_id, trade_date) do update set volume = excluded.volume, trade_count = excluded.trade_count,
      high = excluded.high, low = excluded.low, vwap = excluded.vwap`.execute(db);
}
