import { readFileSync } from 'node:fs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAMPLE_BONDS, UNKNOWN_CUSIP } from '../../../scripts/importSamples';
import type { DatabaseHandle } from '../../db/database';
import { createTestDatabase } from '../../test/testDatabase';
import { isinFromCusip } from '../market/codesAndRatings';
import { importSample, importText, prepareReference, samplePath } from './testing';

describe('the sample files import', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase();
    await prepareReference(database.db);
  });
  afterAll(() => database.close());

  it('samples/treasury-par-yield-curve.csv: 20 days × 14 tenors, yields as decimals, the blank 1.5-month cell skipped', async () => {
    const report = await importSample(database.db, 'treasury', 'treasury-par-yield-curve.csv');
    expect(report).toMatchObject({ kind: 'treasury', committed: true, rowsRead: 20, rowsImported: 20, rowsRejected: 0 });
    expect(report.details).toMatchObject({ points: 279, firstDate: '2026-10-01', lastDate: '2026-10-29' });
    const tenYear = await database.db
      .selectFrom('treasury_curve_points')
      .selectAll()
      .where('curve_date', '=', '2026-10-29')
      .where('tenor', '=', '10Y')
      .executeTakeFirstOrThrow();
    expect(Number(tenYear.yield)).toBeCloseTo(0.0392, 6);
    expect(Number(tenYear.years)).toBe(10);
    const oneAndHalf = await database.db
      .selectFrom('treasury_curve_points')
      .select(['tenor', 'years'])
      .where('tenor', '=', '1.5M')
      .execute();
    expect(oneAndHalf).toHaveLength(19);
    expect(Number(oneAndHalf[0]!.years)).toBeCloseTo(0.125, 5);
  });

  it('re-importing the curve updates the same points (upsert by date and tenor)', async () => {
    const again = await importSample(database.db, 'treasury', 'treasury-par-yield-curve.csv');
    expect(again.committed).toBe(true);
    const count = await database.db
      .selectFrom('treasury_curve_points')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(279);
  });

  it('samples/bonds.csv: 20 bonds of 11 new issuers, ISINs derived, calls, floater and rating history', async () => {
    const report = await importSample(database.db, 'bonds', 'bonds.csv');
    expect(report).toMatchObject({ kind: 'bonds', committed: true, rowsRead: 20, rowsImported: 20, rowsRejected: 0 });
    expect(report.details).toMatchObject({ bondsInserted: 20, bondsUpdated: 0, issuersCreated: 11, ratingChanges: 40 });
    const tailspin = await database.db
      .selectFrom('bonds')
      .selectAll()
      .where('cusip', '=', SAMPLE_BONDS[7]!.cusip)
      .executeTakeFirstOrThrow();
    expect(tailspin).toMatchObject({
      isin: isinFromCusip(SAMPLE_BONDS[7]!.cusip),
      coupon_type: 'fixed',
      frequency: 2,
      day_count: '30/360',
      rating_sp: 'BB-',
      tenor_at_issue: 6,
    });
    expect(Number(tailspin.coupon)).toBeCloseTo(0.07875, 7);
    expect(tailspin.description).toBe('TSPN 7.875 04/15/30');
    expect(tailspin.call_schedule).toEqual([
      { date: '2027-04-15', price: 103.938 },
      { date: '2028-04-15', price: 101.969 },
      { date: '2029-04-15', price: 100 },
    ]);
    const frn = await database.db.selectFrom('bonds').selectAll().where('cusip', '=', SAMPLE_BONDS[4]!.cusip).executeTakeFirstOrThrow();
    expect(frn).toMatchObject({ coupon_type: 'floating', floater_index: 'SOFR', day_count: 'ACT/360', frequency: 4 });
    expect(Number(frn.quoted_margin)).toBeCloseTo(0.0095, 7);
  });

  it('re-importing a bond with a new rating updates it in place (same id) and adds to its rating history', async () => {
    const before = await database.db
      .selectFrom('bonds')
      .select(['id', 'cusip'])
      .where('cusip', '=', SAMPLE_BONDS[0]!.cusip)
      .executeTakeFirstOrThrow();
    const [header, first] = readFileSync(samplePath('bonds.csv'), 'utf8').split('\n');
    const report = await importText(database.db, 'bonds', `${header}\n${first!.replace(',A-,A3,', ',BBB+,Baa1,')}\n`);
    expect(report.details).toMatchObject({ bondsInserted: 0, bondsUpdated: 1, ratingChanges: 2 });
    const after = await database.db
      .selectFrom('bonds')
      .select(['id', 'rating_sp'])
      .where('cusip', '=', SAMPLE_BONDS[0]!.cusip)
      .executeTakeFirstOrThrow();
    expect(after).toEqual({ id: before.id, rating_sp: 'BBB+' });
    const history = await database.db
      .selectFrom('bond_ratings')
      .select(['agency', 'rating'])
      .where('bond_id', '=', before.id)
      .orderBy('id')
      .execute();
    expect(history).toEqual([
      { agency: 'sp', rating: 'A-' },
      { agency: 'moody', rating: 'A3' },
      { agency: 'sp', rating: 'BBB+' },
      { agency: 'moody', rating: 'Baa1' },
    ]);
  });

  it('samples/trace-enhanced.txt: cleaned (cancel, correction, reversal, dealer pairs), unknown CUSIP kept apart, stats rebuilt', async () => {
    const report = await importSample(database.db, 'trace', 'trace-enhanced.txt');
    expect(report).toMatchObject({
      kind: 'trace',
      committed: true,
      rowsRead: 189,
      rowsImported: 189,
      rowsRejected: 0,
      unknownIdentifiers: 2,
    });
    expect(report.details).toMatchObject({
      records: { T: 185, R: 1, X: 1, C: 1, Y: 1 },
      tradesActive: 150,
      cleaning: { cancelled: 1, corrected: 1, reversed: 1, unmatched: 0, interDealerDuplicates: 31, interDealerBuysKept: 0 },
      bondsTouched: 20,
    });
    const missing = await database.db.selectFrom('trades_missing_bonds').selectAll().execute();
    expect(missing.map((m) => m.identifier)).toEqual([UNKNOWN_CUSIP, UNKNOWN_CUSIP]);
    expect(missing[0]!.raw).toMatchObject({ CUSIP: UNKNOWN_CUSIP, 'Trade Status': 'T' });

    const statuses = await database.db
      .selectFrom('trades')
      .select(['status', (eb) => eb.fn.countAll<string>().as('n')])
      .groupBy('status')
      .orderBy('status')
      .execute();
    expect(statuses.map((s) => [s.status, Number(s.n)])).toEqual([
      ['active', 150],
      ['cancelled', 2],
      ['corrected', 1],
    ]);
    // The correction replaced 100.527 by 101.027 for reference 0005000011 → 0005000184.
    const corrected = await database.db
      .selectFrom('trades')
      .select(['status', 'price'])
      .where('control_number', 'in', ['0005000011', '0005000184'])
      .orderBy('control_number')
      .execute();
    expect(corrected.map((t) => [t.status, Number(t.price)])).toEqual([
      ['corrected', 100.527],
      ['active', 101.027],
    ]);

    // Execution times are New York wall clock: 08:30:00 EDT on 10/26/2026 is 12:30 UTC.
    const first = await database.db
      .selectFrom('trades')
      .select(['execution_time', 'side', 'yield'])
      .where('control_number', '=', '0005000001')
      .executeTakeFirstOrThrow();
    expect(first.execution_time.toISOString()).toBe('2026-10-26T12:30:00.000Z');
    expect(first.side).toBe('customer_sell');
    expect(Number(first.yield)).toBeCloseTo(0.04428, 7);

    const stats = await database.db
      .selectFrom('daily_bond_stats')
      .select((eb) => [eb.fn.sum<string>('trade_count').as('trades')])
      .executeTakeFirstOrThrow();
    expect(Number(stats.trades)).toBe(150);
    const event = await database.db.selectFrom('events').selectAll().where('type', '=', 'trades.imported').executeTakeFirstOrThrow();
    expect(event.payload).toMatchObject({ trades: 150, bondsTouched: 20 });
  });

  it('the block trades above the caps are stored true and disseminated capped: 5MM+ investment grade, 1MM+ high yield', async () => {
    const blocks = await database.db
      .selectFrom('trades')
      .innerJoin('bonds', 'bonds.id', 'trades.bond_id')
      .select(['bonds.cusip', 'trades.quantity', 'trades.reported_quantity', 'trades.quantity_capped'])
      .where('trades.control_number', 'in', ['0005000182', '0005000183'])
      .orderBy('trades.control_number')
      .execute();
    expect(blocks.map((b) => [b.cusip, Number(b.quantity), Number(b.reported_quantity), b.quantity_capped])).toEqual([
      [SAMPLE_BONDS[2]!.cusip, 7_500_000, 5_000_000, true],
      [SAMPLE_BONDS[7]!.cusip, 2_500_000, 1_000_000, true],
    ]);
    const uncappedIg = await database.db
      .selectFrom('trades')
      .select(['reported_quantity', 'quantity_capped'])
      .where('control_number', '=', '0005000019')
      .executeTakeFirstOrThrow();
    expect([Number(uncappedIg.reported_quantity), uncappedIg.quantity_capped]).toEqual([3_000_000, false]);
  });
});

describe('after an import the touched bonds are repriced', () => {
  it('the bond table read model has a row for each bond of the TRACE sample', async () => {
    const database = await createTestDatabase();
    try {
      await prepareReference(database.db);
      await importSample(database.db, 'treasury', 'treasury-par-yield-curve.csv');
      await importSample(database.db, 'bonds', 'bonds.csv');
      const report = await importSample(database.db, 'trace', 'trace-enhanced.txt');
      expect(report.details).not.toHaveProperty('repriceError');
      expect(report.details).toMatchObject({ repriced: 20 });
      const state = await database.db
        .selectFrom('bond_market_state')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow();
      expect(Number(state.n)).toBe(20);
    } finally {
      await database.close();
    }
  });
});

describe('trades kept apart join their bond when its reference data arrives', () => {
  it('importing the unknown CUSIP of the TRACE sample moves its two trades into trades, capped and counted', async () => {
    const database = await createTestDatabase();
    try {
      await prepareReference(database.db);
      await importSample(database.db, 'bonds', 'bonds.csv');
      await importSample(database.db, 'trace', 'trace-enhanced.txt');
      const [header, first] = readFileSync(samplePath('bonds.csv'), 'utf8').split('\n');
      const stranger = first!
        .replace(SAMPLE_BONDS[0]!.cusip, UNKNOWN_CUSIP)
        .replace('Northwind Energy Corp', 'Stranger Energy Inc')
        .replace(',NWEC,', ',STRG,');
      const report = await importText(database.db, 'bonds', `${header}\n${stranger}\n`);
      expect(report.details).toMatchObject({ bondsInserted: 1, missingTradesAttached: 2 });
      const left = await database.db
        .selectFrom('trades_missing_bonds')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow();
      expect(Number(left.n)).toBe(0);
      const trades = await database.db
        .selectFrom('trades')
        .innerJoin('bonds', 'bonds.id', 'trades.bond_id')
        .select(['trades.control_number', 'trades.quantity', 'trades.side', 'trades.yield', 'trades.status'])
        .where('bonds.cusip', '=', UNKNOWN_CUSIP)
        .orderBy('trades.control_number')
        .execute();
      expect(trades.map((t) => [t.control_number, Number(t.quantity), t.side, Number(t.yield), t.status])).toEqual([
        ['0005000186', 150_000, 'customer_buy', 0.04912, 'active'],
        ['0005000187', 75_000, 'customer_sell', 0.04978, 'active'],
      ]);
      const stats = await database.db
        .selectFrom('daily_bond_stats')
        .innerJoin('bonds', 'bonds.id', 'daily_bond_stats.bond_id')
        .select([sql<string>`to_char(trade_date, 'YYYY-MM-DD')`.as('day'), 'trade_count', 'volume'])
        .where('bonds.cusip', '=', UNKNOWN_CUSIP)
        .execute();
      expect(stats.map((d) => [d.day, d.trade_count, Number(d.volume)])).toEqual([['2026-10-28', 2, 225_000]]);
    } finally {
      await database.close();
    }
  });
});
