import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signedIn, TEST_CLOCK_START, type TestContext } from '../../../test/testApp';
import { insertTestUniverse, type TestUniverse } from './testUniverse';
import { marketVersion } from './marketVersion';
import { settledBondTableSnapshot } from './bondTableSnapshot';

describe('answers kept per market version: the trade tape and the summary’s Treasury curve', () => {
  let ctx: TestContext;
  let u: TestUniverse;
  let auth: { authorization: string };
  let clock = TEST_CLOCK_START;
  const get = (url: string) => ctx.app.inject({ method: 'GET', url, headers: auth });
  /** Past the once-a-second version check, as a second of real time would be. */
  const aSecondLater = () => (clock += 1001);

  beforeAll(async () => {
    ctx = await createTestApp({}, { now: () => clock });
    u = await insertTestUniverse(ctx.database.db, { bonds: 12, historyDays: 3 });
    auth = await signedIn(ctx, 'user-1');
  });
  afterAll(() => ctx.close());

  it('keeps one version object while nothing moved, and a new one when a trade is printed', async () => {
    const db = ctx.database.db;
    const first = await marketVersion(db);
    aSecondLater();
    expect(await marketVersion(db)).toBe(first);
    await sql`insert into trades (bond_id, execution_time, quantity, reported_quantity, quantity_capped, price, side, status, source)
      values (${u.bondIds[3]}, ${`${u.asOfDay}T20:59:00Z`}, 100000, 100000, false, 101.5, 'customer_buy', 'active', 'test')`.execute(db);
    // Within the second the version is not re-read.
    expect(await marketVersion(db)).toBe(first);
    aSecondLater();
    const moved = await marketVersion(db);
    expect(moved).not.toBe(first);
    expect(Number(moved.tradesMaxId)).toBeGreaterThan(Number(first.tradesMaxId));
  });

  it('counts a version as checked when its read started, so a read outlasting a second is not taken for a fresh one', async () => {
    const db = ctx.database.db;
    aSecondLater();
    const started = marketVersion(db);
    // The clock moves on while the read is under way (a loaded machine, a long reload)…
    aSecondLater();
    const read = await started;
    // …and a trade is printed after the read: a version checked when it finished would hide it.
    await sql`insert into trades (bond_id, execution_time, quantity, reported_quantity, quantity_capped, price, side, status, source)
      values (${u.bondIds[4]}, ${`${u.asOfDay}T20:58:00Z`}, 100000, 100000, false, 99.25, 'customer_sell', 'active', 'test')`.execute(db);
    const next = await marketVersion(db);
    expect(next).not.toBe(read);
    expect(Number(next.tradesMaxId)).toBeGreaterThan(Number(read.tradesMaxId));
  });

  it('answers the same tape until the next version check, then shows the new trade first', async () => {
    aSecondLater();
    const before = (await get('/v2/trade?limit=5')).json();
    const execution = `${u.asOfDay}T20:59:30.000Z`;
    await sql`insert into trades (bond_id, execution_time, quantity, reported_quantity, quantity_capped, price, side, status, source)
      values (${u.bondIds[5]}, ${execution}, 250000, 250000, false, 99.25, 'customer_sell', 'active', 'test')`.execute(ctx.database.db);
    expect((await get('/v2/trade?limit=5')).json()).toEqual(before);
    aSecondLater();
    const after = (await get('/v2/trade?limit=5')).json();
    expect(after.trades[0]).toMatchObject({ bondId: u.bondIds[5], executionTime: execution, price: 99.25, quantity: '250000' });
    expect(after.trades.slice(1)).toEqual(before.trades.slice(0, 4));
    // One bond's trades are read on every request: the new trade is there at once.
    const own = (await get(`/v2/bond/${u.bondIds[5]}/trades`)).json();
    expect(own.trades[0]).toMatchObject({ executionTime: execution });
  });

  it('shows an administrator’s Treasury correction on the summary after the next version check', async () => {
    aSecondLater();
    const before = (await get('/v2/market/summary?metric=yield')).json().treasury;
    const tenYear = before.points.find((p: { tenor: string }) => p.tenor === '10Y');
    // The fixture's 10Y on the last day: 0.038 + 10 × 0.0004 + 2 × 0.0001 (testUniverse.ts).
    expect(tenYear.yield).toBeCloseTo(0.0422, 10);
    await sql`update treasury_curve_points set yield = 0.0450, updated_at = clock_timestamp()
      where curve_date = ${before.date}::date and tenor = '10Y'`.execute(ctx.database.db);
    expect((await get('/v2/market/summary?metric=yield')).json().treasury).toEqual(before);
    aSecondLater();
    // The summary is built from the bond-table snapshot, which refreshes behind the request that
    // noticed the move (stale-while-revalidate): the next request has it.
    await get('/v2/market/summary?metric=yield');
    await settledBondTableSnapshot(ctx.database.db);
    const after = (await get('/v2/market/summary?metric=yield')).json().treasury;
    const corrected = after.points.find((p: { tenor: string }) => p.tenor === '10Y');
    // Against the day before's 10Y, 0.0421: +28 bp.
    expect(corrected).toMatchObject({ yield: 0.045, previousYield: 0.0421 });
    expect(corrected.change).toBeCloseTo(0.0029, 10);
  });
});
