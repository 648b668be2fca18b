import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../../db/database';
import { acquireLease } from '../../../jobs/scheduler';
import { liveMarketJob } from '../../../jobs/liveMarket';
import { createTestDatabase } from '../../../test/testDatabase';
import { isValidCusip, isValidIsin } from '../codesAndRatings';
import { DEAL_STATUSES } from '../../../../common/market';
import { loadState, seedUniverse, type SeedSummary } from './index';
import { simulatorProvider } from './provider';
import { pollProvider, runLiveTick } from './tick';

let database: DatabaseHandle;
let summary: SeedSummary;
const END = '2026-11-18'; // a Wednesday

beforeAll(async () => {
  database = await createTestDatabase();
  summary = await seedUniverse(database.db, {
    bonds: 120,
    historyDays: 8,
    seed: 11,
    endDate: END,
    price: false,
    now: () => Date.parse(`${END}T22:00:00Z`),
  });
});
afterAll(async () => {
  await database?.close();
});

const count = async (text: string) =>
  Number((await sql.raw<{ n: string }>(`select count(*) as n from ${text}`).execute(database.db)).rows[0]!.n);

describe('seeding a universe', () => {
  it('writes reference data, curves, trades and stats as reported, with valid identifiers', async () => {
    const { db } = database;
    expect(await count('bonds')).toBe(summary.bonds);
    expect(await count('issuers')).toBe(summary.issuers);
    expect(await count(`trades where source = 'simulator'`)).toBe(summary.trades);
    expect(await count('daily_bond_stats')).toBe(summary.dailyStats);
    expect(await count('treasury_curve_points')).toBe(8 * 13);
    expect(summary.trades).toBeGreaterThan(0);
    const bonds = await db.selectFrom('bonds').select(['id', 'cusip', 'isin', 'rating_sp', 'rating_moody']).execute();
    for (const b of bonds) {
      expect(isValidCusip(b.cusip)).toBe(true);
      expect(isValidIsin(b.isin)).toBe(true);
      expect(b.rating_sp).toBeTruthy();
      expect(b.rating_moody).toBeTruthy();
    }
    expect(await count(`bonds b where not exists (select 1 from bond_ratings r where r.bond_id = b.id and r.agency = 'sp')`)).toBe(0);
    // Trade prices stay plausible and stats agree with the trades they summarise.
    const bad = await count(`trades where price < 20 or price > 160`);
    expect(bad).toBe(0);
    const mismatched = await count(`daily_bond_stats s where s.trade_count <> (select count(*) from trades t where t.bond_id = s.bond_id
      and t.status = 'active' and t.execution_time::date = s.trade_date)`);
    expect(mismatched).toBe(0);
  });

  it('is reproducible: the same seed gives the same bonds and trades in another database', async () => {
    const other = await createTestDatabase();
    try {
      const again = await seedUniverse(other.db, {
        bonds: 120,
        historyDays: 8,
        seed: 11,
        endDate: END,
        price: false,
        now: () => Date.parse(`${END}T22:00:00Z`),
      });
      expect(again.trades).toBe(summary.trades);
      const key = `select string_agg(cusip || description, ',' order by id) as k from bonds`;
      const a = await sql.raw<{ k: string }>(key).execute(database.db);
      const b = await sql.raw<{ k: string }>(key).execute(other.db);
      expect(b.rows[0]!.k).toBe(a.rows[0]!.k);
    } finally {
      await other.close();
    }
  });

  it('saves the state live mode continues from', async () => {
    const state = await loadState(database.db);
    expect(state).toMatchObject({ version: 1, seed: 11, lastDay: END, tick: 0 });
    expect(Object.keys(state!.spreads.issuers)).toHaveLength(summary.issuers);
  });
});

describe('live market ticks', () => {
  const tickMs = 30_000;
  // Friday 2026-11-20, 15:00 UTC: the 19th is a missed business day to fill first.
  const start = Date.parse('2026-11-20T15:00:00Z');

  it('fills missed days, then moves the curve, prints trades and records events', async () => {
    const first = await runLiveTick(database.db, { now: new Date(start), tickMs, price: false });
    expect(first.applied).toBe(true);
    expect(first.day).toBe('2026-11-20');
    expect(first.finishedDays).toEqual(['2026-11-19']);
    expect(await count(`treasury_curve_points where curve_date = '2026-11-19'`)).toBe(13);
    expect(await count(`treasury_curve_points where curve_date = '2026-11-20'`)).toBe(13);
    for (let k = 1; k < 40; k++) await runLiveTick(database.db, { now: new Date(start + k * tickMs), tickMs, price: false });
    const types = await sql<{ type: string; n: string }>`select type, count(*) as n from events group by type`.execute(database.db);
    const byType = Object.fromEntries(types.rows.map((r) => [r.type, Number(r.n)]));
    expect(byType['trade.new']).toBeGreaterThan(5);
    expect(byType['curve.moved']).toBeGreaterThan(5);
    expect(byType['deal.new']).toBeGreaterThanOrEqual(1);
    expect(byType['deal.status_changed']).toBeGreaterThanOrEqual(4);
    const event = await database.db.selectFrom('events').select(['payload']).where('type', '=', 'trade.new').executeTakeFirstOrThrow();
    expect(event.payload).toMatchObject({ bondId: expect.any(Number), price: expect.any(Number), side: expect.any(String) });
    expect(await count(`daily_bond_stats where trade_date = '2026-11-20'`)).toBeGreaterThan(0);
  });

  it('walks live deals through the statuses in order and turns priced tranches into bonds', async () => {
    const priced = await database.db
      .selectFrom('deals')
      .select('id')
      .where('status', '=', 'priced')
      .where('announced_at', '>=', new Date(start))
      .execute();
    expect(priced.length).toBeGreaterThanOrEqual(1);
    for (const { id } of priced) {
      const history = await database.db
        .selectFrom('deal_status_history')
        .select(['status', 'at'])
        .where('deal_id', '=', id)
        .orderBy('at')
        .orderBy('id')
        .execute();
      expect(history.map((h) => h.status)).toEqual(DEAL_STATUSES);
      const tranches = await database.db
        .selectFrom('deal_tranches as t')
        .innerJoin('bonds as b', 'b.id', 't.bond_id')
        .select(['b.cusip', 't.ipt_spread_bp', 't.priced_spread_bp'])
        .where('t.deal_id', '=', id)
        .execute();
      expect(tranches.length).toBeGreaterThanOrEqual(1);
      for (const t of tranches) {
        expect(isValidCusip(t.cusip)).toBe(true);
        expect(Number(t.ipt_spread_bp)).toBeGreaterThan(Number(t.priced_spread_bp));
      }
    }
  });

  it('applies a time slot once even when two instances tick at the same moment', async () => {
    const before = (await loadState(database.db))!.tick;
    const now = new Date(start + 100 * tickMs);
    const [a, b] = await Promise.all([
      runLiveTick(database.db, { now, tickMs, price: false }),
      runLiveTick(database.db, { now, tickMs, price: false }),
    ]);
    expect([a.applied, b.applied].filter(Boolean)).toHaveLength(1);
    expect((await loadState(database.db))!.tick).toBe(before + 1);
    const late = await runLiveTick(database.db, { now: new Date(start + 99 * tickMs), tickMs, price: false });
    expect(late.applied).toBe(false);
  });

  it('serves the same stream through the MarketDataProvider interface', async () => {
    const provider = simulatorProvider({ tickMs, now: () => start + 101 * tickMs });
    expect(provider.supplies).toEqual(['reference', 'curves', 'trades', 'deals']);
    const update = await pollProvider(database.db, provider, { now: new Date(start + 101 * tickMs), price: false });
    expect(update.applied).toBe(true);
    expect(update.events.some((e) => e.type === 'curve.moved' || e.type === 'trade.new')).toBe(true);
  });

  it('as the live-market job, ticks at the scheduler’s time: that slot, and its trades in that day', async () => {
    const job = liveMarketJob({ liveTickMs: tickMs });
    expect(job.name).toBe('live-market');
    await database.db
      .insertInto('job_leases')
      .values({ name: job.name, owner: 'another-instance', expires_at: new Date(start + 60_000), last_run_at: null })
      .execute();
    expect(await acquireLease(database.db, job.name, tickMs * 3, start)).toBe(false);
    // The other instance's lease has run out on the scheduler's clock: this one takes it.
    expect(await acquireLease(database.db, job.name, tickMs * 3, start + 61_000)).toBe(true);
  });
});
