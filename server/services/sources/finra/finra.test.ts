import { readFileSync, writeFileSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FinraConfig } from '../../../config';
import type { DatabaseHandle } from '../../../db/database';
import { createTestDatabase } from '../../../test/testDatabase';
import { listSourceStates, readCursor } from '../sourceState';
import { createFinraClient } from './client';
import { type FinraRequest, startFinraReplay } from './testReplay';
import { loadCorporates, loadHistory } from './loader';
import { finraPublicProvider } from './provider';

/**
 * FINRA's Query API served by a local HTTP server of the test's own (the replay server over the
 * project's recorded records, plus records this test adds), read through the real client: paging
 * through the record limit, retries, a crash resumed, malformed and truncated answers refused.
 */
const dataset = (root: string, name: string) => join(root, 'finra/fixedIncomeMarket', `${name}.json`);

describe('FINRA public fixed-income data through the real client', () => {
  let database: DatabaseHandle;
  let root: string;
  let config: FinraConfig;
  let requests: FinraRequest[];
  let intercept: ((n: number, res: ServerResponse) => boolean) | null;
  let sleeps: number[];
  let close: () => Promise<void>;

  beforeAll(async () => {
    ({ config, root, close } = await startFinraReplay((request, res) => {
      requests.push(request);
      return intercept ? intercept(requests.length, res) : false;
    }));
  });
  afterAll(() => close());
  beforeEach(async () => {
    database = await createTestDatabase();
    requests = [];
    intercept = null;
    sleeps = [];
  });
  afterEach(() => database.close());

  const client = (maxAttempts = 5) =>
    createFinraClient(config, {
      sleep: async (ms) => void sleeps.push(ms),
      maxAttempts,
      backoffMs: 100,
      now: () => Date.UTC(2026, 10, 27),
    });
  const load = (maxAttempts = 5) => ({
    client: client(maxAttempts),
    today: '2026-09-24',
    historyFrom: '2026-09-21',
    now: () => Date.UTC(2026, 10, 27),
    pageLimit: 4,
    concurrency: 2,
  });
  const count = async (table: 'bonds' | 'trades' | 'issuers' | 'bond_ratings') =>
    Number((await sql<{ n: string }>`select count(*) as n from ${sql.table(table)}`.execute(database.db)).rows[0]!.n);

  it('loads the corporate universe through the record limit: bonds, issuers in our sectors, dated ratings, one print per last sale', async () => {
    const result = await loadCorporates(database.db, load());
    // 15 recorded corporates, 4 a page, 2 pages at a time: 4 + 4, then 4 + 3 (the short page ends it).
    expect(requests.map((r) => r.body.offset)).toEqual([0, 4, 0, 4]);
    expect(requests.every((r) => r.dataset === 'corporateAndAgencySecurities' && r.body.limit === 4)).toBe(true);
    expect(requests[2]!.body.compareFilters).toContainEqual({
      fieldName: 'finraSecurityIdentifier',
      fieldValue: 4336436,
      compareType: 'GREATER',
    });
    expect(result.rows).toBe(15);
    expect(await count('bonds')).toBe(15);
    const apple = await database.db
      .selectFrom('issuers')
      .innerJoin('sectors', 'sectors.id', 'issuers.sector_id')
      .select(['issuers.ticker', 'sectors.code'])
      .where('issuers.name', '=', 'APPLE INC')
      .executeTakeFirstOrThrow();
    expect(apple).toEqual({ ticker: 'AAPL', code: 'INFT.HARDWARE' });
    const bond = await database.db.selectFrom('bonds').selectAll().where('cusip', '=', '037833BW9').executeTakeFirstOrThrow();
    expect(bond).toMatchObject({
      isin: 'US037833BW97',
      coupon_type: 'fixed',
      source: 'finra-public',
      rating_sp: 'AA+',
      rating_moody: 'Aaa',
      not_priced_reason: null,
      call_schedule: [{ date: '2035-08-23', price: 100 }],
    });
    expect(Number(bond.coupon)).toBe(0.045);
    const ratings = await database.db
      .selectFrom('bond_ratings')
      .select(['agency', 'rating', sql<string>`to_char(effective_date, 'YYYY-MM-DD')`.as('since')])
      .where('bond_id', '=', bond.id)
      .orderBy('agency')
      .execute();
    expect(ratings).toEqual([
      { agency: 'moody', rating: 'Aaa', since: '2024-11-20' },
      { agency: 'sp', rating: 'AA+', since: '2016-02-16' },
    ]);
    // Every last sale but the one at price 0 is one print at 4 pm New York on its day.
    expect(await count('trades')).toBe(14);
    const print = await database.db.selectFrom('trades').selectAll().where('bond_id', '=', bond.id).executeTakeFirstOrThrow();
    expect(print).toMatchObject({ source: 'finra-public', reporting_party_type: 'eod_last_sale', side: 'inter_dealer' });
    expect(print.execution_time.toISOString()).toBe('2026-09-23T20:00:00.000Z');
    expect(Number(print.price)).toBe(94.296);
    expect(Number(print.yield)).toBeCloseTo(0.0524448, 9);
    // The day's pass is done: the same day asks FINRA nothing more.
    requests = [];
    expect((await loadCorporates(database.db, load())).rows).toBe(0);
    expect(requests).toEqual([]);
  });

  it('a 429 with Retry-After is waited out as asked and the page then loads', async () => {
    intercept = (n, res) => {
      if (n !== 1) return false;
      res.writeHead(429, { 'retry-after': '7', 'content-type': 'application/json' }).end('{"message":"Too many requests"}');
      return true;
    };
    const result = await loadCorporates(database.db, load());
    expect(sleeps).toEqual([7000]);
    expect(result.rows).toBe(15);
    expect(await count('bonds')).toBe(15);
  });

  it('a crash mid-load resumes after the last committed page and loads nothing twice', async () => {
    // The third request (the second round's first page) finds FINRA gone for good.
    intercept = (n, res) => {
      if (n < 3) return false;
      res.writeHead(503).end('Service Unavailable');
      return true;
    };
    await expect(
      finraPublicProvider(config, {
        now: () => Date.parse('2026-09-24T14:00:00Z'),
        sleep: async () => {},
        maxAttempts: 2,
        pageLimit: 4,
        concurrency: 2,
      }).loadBatch!(database.db, { to: '2026-09-24', from: '2026-09-23' }),
    ).rejects.toThrow(/HTTP 503 2 times/);
    expect(await count('bonds')).toBe(8);
    expect(JSON.parse((await readCursor(database.db, 'finra-public', 'corporateAndAgencySecurities'))!)).toEqual({
      day: '2026-09-24',
      after: 4336436,
      done: false,
    });
    const [failed] = await listSourceStates(database.db);
    expect(failed).toMatchObject({ source: 'finra-public', dataset: 'corporateAndAgencySecurities', lastRows: 0 });
    expect(failed!.lastError).toMatch(/corporateAndAgencySecurities at offset 0 with HTTP 503/);

    intercept = null;
    requests = [];
    const resumed = await loadCorporates(database.db, load());
    expect(requests[0]!.body.compareFilters).toContainEqual({
      fieldName: 'finraSecurityIdentifier',
      fieldValue: 4336436,
      compareType: 'GREATER',
    });
    expect(resumed.rows).toBe(7);
    expect(await count('bonds')).toBe(15);
    expect(await count('trades')).toBe(14);
    expect(await count('bond_ratings')).toBe(28);
  });

  it('malformed and truncated answers are refused with a clear error and nothing of them is written', async () => {
    const answers: [string, Record<string, string>, RegExp][] = [
      ['[{"cusip":"037833AL4","issuerName":"APPLE', { 'record-total': '15' }, /not complete JSON .*truncated or malformed/],
      ['{"status":"success"}', { 'record-total': '15' }, /not a list of records/],
      [
        readFileSync(dataset(root, 'corporateAndAgencySecurities'), 'utf8').replace(/^\[/, '[').split('},')[0] + '}]',
        { 'record-total': '15' },
        /truncated: 1 of 4 records/,
      ],
    ];
    for (const [body, headers, error] of answers) {
      intercept = (n, res) => {
        if (n > 1 && error.source.startsWith('truncated')) return false;
        res.writeHead(200, { 'content-type': 'application/json', ...headers }).end(body);
        return true;
      };
      requests = [];
      await expect(loadCorporates(database.db, { ...load(), concurrency: 1 })).rejects.toThrow(error);
      expect(await count('bonds')).toBe(0);
      expect(await count('issuers')).toBe(0);
      expect(await readCursor(database.db, 'finra-public', 'corporateAndAgencySecurities')).toBeNull();
    }
  });

  it('end-of-day history gives one print per known bond and business day, skips unknown CUSIPs, and never twice', async () => {
    const history = JSON.parse(readFileSync(dataset(root, 'endOfDayPriceYield'), 'utf8')) as Record<string, unknown>[];
    const extra = ['2026-09-21', '2026-09-22', '2026-09-23'].map((tradeDate, i) => ({
      cusip: '037833AL4',
      issueSymbolIdentifier: 'AAPL4001810',
      finraSecurityIdentifier: 4001810,
      tradeDate,
      lastSaleYield: 5.8 + i / 100,
      productType: 'CA',
      lastSalePrice: 78 - i / 10,
    }));
    writeFileSync(dataset(root, 'endOfDayPriceYield'), JSON.stringify([...history, ...extra]));
    try {
      await loadCorporates(database.db, load());
      const loaded = await loadHistory(database.db, load());
      // 09-21 and 09-22 are new prints; 09-23 is the last sale already printed; 037833EH9 is unknown.
      expect(loaded.rows).toBe(2);
      expect(loaded.skipped).toBe(2);
      expect(loaded.dataThrough).toBe('2026-09-23');
      const days = await sql<{
        d: string;
        price: string;
      }>`select to_char(t.execution_time at time zone 'America/New_York', 'YYYY-MM-DD') as d, t.price
        from trades t join bonds b on b.id = t.bond_id where b.cusip = '037833AL4' order by 1`.execute(database.db);
      expect(days.rows.map((r) => [r.d, Number(r.price)])).toEqual([
        ['2026-09-21', 78],
        ['2026-09-22', 77.9],
        ['2026-09-23', 77.956],
      ]);
      expect(JSON.parse((await readCursor(database.db, 'finra-public', 'endOfDayPriceYield'))!)).toEqual({ through: '2026-09-23' });
      requests = [];
      expect((await loadHistory(database.db, load())).rows).toBe(0);
      expect(requests).toEqual([]);
    } finally {
      writeFileSync(dataset(root, 'endOfDayPriceYield'), JSON.stringify(history, null, 1));
    }
  });

  it('a coupon type we cannot price is stored and shown but flagged not priced; a convertible too', async () => {
    const corporates = readFileSync(dataset(root, 'corporateAndAgencySecurities'), 'utf8');
    const rows = JSON.parse(corporates) as Record<string, unknown>[];
    rows[1] = { ...rows[1], couponType: 'VRGR' };
    rows[2] = { ...rows[2], couponType: 'FROT' };
    rows[3] = { ...rows[3], isConvertible: 'Y' };
    writeFileSync(dataset(root, 'corporateAndAgencySecurities'), JSON.stringify(rows));
    try {
      await loadCorporates(database.db, load());
      const flagged = await database.db
        .selectFrom('bonds')
        .select(['cusip', 'coupon_type', 'not_priced_reason'])
        .where('not_priced_reason', 'is not', null)
        .orderBy('cusip')
        .execute();
      expect(flagged).toEqual([
        { cusip: '037833AL4', coupon_type: 'fixed', not_priced_reason: 'Step Up/Step Down (VRGR): step coupons are not modelled' },
        {
          cusip: '037833AT7',
          coupon_type: 'floating',
          not_priced_reason: 'Floating (FROT): FINRA gives no index or margin to project the coupon',
        },
        { cusip: '037833BA7', coupon_type: 'fixed', not_priced_reason: 'convertible: the equity option is not modelled' },
      ]);
    } finally {
      writeFileSync(dataset(root, 'corporateAndAgencySecurities'), corporates);
    }
  });
});
