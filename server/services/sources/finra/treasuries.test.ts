import type { ServerResponse } from 'node:http';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FinraConfig } from '../../../config';
import type { DatabaseHandle } from '../../../db/database';
import { createTestDatabase } from '../../../test/testDatabase';
import { readCursor } from '../sourceState';
import { createFinraClient } from './client';
import { type FinraRequest, startFinraReplay } from './testReplay';
import { loadTreasuryHistory, loadTreasurySecurities } from './treasuryLoader';

/**
 * FINRA's Treasury datasets served by the replay server over the recorded records
 * (samples/replay/finra/fixedIncomeMarket/treasury*.json), read through the real client:
 * paged through the record limit, resumed after a crash without duplicates, malformed and
 * truncated answers refused with nothing written.
 */

describe("FINRA's Treasury securities and their end-of-day history through the real client", () => {
  let database: DatabaseHandle;
  let config: FinraConfig;
  let requests: FinraRequest[];
  let intercept: ((n: number, res: ServerResponse) => boolean) | null;
  let close: () => Promise<void>;

  beforeAll(async () => {
    ({ config, close } = await startFinraReplay((request, res) => {
      requests.push(request);
      return intercept ? intercept(requests.length, res) : false;
    }));
  });
  afterAll(() => close());
  beforeEach(async () => {
    database = await createTestDatabase();
    requests = [];
    intercept = null;
  });
  afterEach(() => database.close());

  const load = (concurrency = 2) => ({
    client: createFinraClient(config, { sleep: async () => {}, maxAttempts: 2, backoffMs: 1, now: () => Date.UTC(2026, 8, 24, 14) }),
    today: '2026-09-24',
    historyFrom: '2026-09-21',
    now: () => Date.UTC(2026, 8, 24, 14),
    pageLimit: 4,
    concurrency,
  });
  const count = async (table: 'treasury_securities' | 'treasury_eod_prices') =>
    Number((await sql<{ n: string }>`select count(*) as n from ${sql.table(table)}`.execute(database.db)).rows[0]!.n);
  const prices = async (cusip: string) =>
    (
      await sql<{ d: string; price: string; yield: string | null }>`select to_char(trade_date, 'YYYY-MM-DD') as d, price, yield
        from treasury_eod_prices where cusip = ${cusip} order by trade_date`.execute(database.db)
    ).rows.map((r) => [r.d, Number(r.price), r.yield === null ? null : Number(r.yield)]);

  it('loads every Treasury security through the record limit, with its benchmark term and its last sale as one end-of-day row', async () => {
    const result = await loadTreasurySecurities(database.db, load());
    // 11 recorded securities, 4 a page, 2 pages at a time: 4 + 4, then 3 (the short page ends it).
    expect(requests.map((r) => r.body.offset)).toEqual([0, 4, 0, 4]);
    expect(requests.every((r) => r.dataset === 'treasurySecurities' && r.body.limit === 4)).toBe(true);
    expect(requests[2]!.body.compareFilters).toEqual([
      { fieldName: 'finraSecurityIdentifier', fieldValue: 6371455, compareType: 'GREATER' },
    ]);
    expect(result).toMatchObject({ rows: 11, skipped: 0, dataThrough: '2026-09-23' });
    expect(await count('treasury_securities')).toBe(11);
    const fiveYear = await sql<Record<string, unknown>>`select cusip, finra_security_id::text as id, symbol, sub_type, benchmark_term,
        coupon::float8 as coupon, to_char(maturity_date, 'YYYY-MM-DD') as maturity, source
        from treasury_securities where cusip = '91282CRK9'`.execute(database.db);
    expect(fiveYear.rows[0]).toEqual({
      cusip: '91282CRK9',
      id: '6371507',
      symbol: 'TSRYS6371507',
      sub_type: 'NOTE',
      benchmark_term: '5Y',
      coupon: 3.75,
      maturity: '2031-08-31',
      source: 'finra-public',
    });
    const bill = await sql<{ benchmark_term: string | null; coupon: number }>`select benchmark_term, coupon::float8 as coupon
        from treasury_securities where cusip = '912797UJ4'`.execute(database.db);
    expect(bill.rows[0]).toEqual({ benchmark_term: null, coupon: 0 });
    expect(await count('treasury_eod_prices')).toBe(11);
    expect(await prices('91282CRK9')).toEqual([['2026-09-23', 100.1875, 3.708]]);
    // The day's pass is done: the same day asks FINRA nothing more.
    requests = [];
    expect((await loadTreasurySecurities(database.db, load())).rows).toBe(0);
    expect(requests).toEqual([]);
  });

  it('loads the end-of-day history of known securities, one row per security and day, skipping unknown CUSIPs, never twice', async () => {
    await loadTreasurySecurities(database.db, load());
    requests = [];
    const history = await loadTreasuryHistory(database.db, load());
    expect(new Set(requests.map((r) => r.dataset))).toEqual(new Set(['treasuryEndOfDayPriceYield']));
    expect(requests[0]!.body.dateRangeFilters).toEqual([{ fieldName: 'tradeDate', startDate: '2026-09-21', endDate: '2026-09-21' }]);
    // 7 recorded securities on 09-21 and 09-22 are new; 09-23 is each one's last sale, already stored;
    // the 2-year note 91282CRP8 (3 days) is not among the securities.
    expect(history).toMatchObject({ rows: 14, skipped: 3, dataThrough: '2026-09-23' });
    expect(await count('treasury_eod_prices')).toBe(25);
    expect(await prices('912810UW6')).toEqual([
      ['2026-09-21', 99.625, 4.781],
      ['2026-09-22', 99.65625, 4.775],
      ['2026-09-23', 99.6875, 4.769],
    ]);
    expect(JSON.parse((await readCursor(database.db, 'finra-public', 'treasuryEndOfDayPriceYield'))!)).toEqual({ through: '2026-09-23' });
    requests = [];
    expect((await loadTreasuryHistory(database.db, load())).rows).toBe(0);
    expect(requests).toEqual([]);
  });

  it('a crash mid-load resumes after the last committed page and loads nothing twice, in both datasets', async () => {
    intercept = (n, res) => {
      if (n < 3) return false;
      res.writeHead(503).end('Service Unavailable');
      return true;
    };
    await expect(loadTreasurySecurities(database.db, load())).rejects.toThrow(/treasurySecurities at offset 0 with HTTP 503 2 times/);
    expect(await count('treasury_securities')).toBe(8);
    expect(JSON.parse((await readCursor(database.db, 'finra-public', 'treasurySecurities'))!)).toEqual({
      day: '2026-09-24',
      after: 6371455,
      done: false,
    });
    intercept = null;
    requests = [];
    expect((await loadTreasurySecurities(database.db, load())).rows).toBe(3);
    expect(requests[0]!.body.compareFilters).toEqual([
      { fieldName: 'finraSecurityIdentifier', fieldValue: 6371455, compareType: 'GREATER' },
    ]);
    expect(await count('treasury_securities')).toBe(11);
    expect(await count('treasury_eod_prices')).toBe(11);

    // History, a page at a time: 09-21's first page is committed, then FINRA goes away.
    requests = [];
    intercept = (n, res) => {
      if (n < 2) return false;
      res.writeHead(502).end('Bad Gateway');
      return true;
    };
    await expect(loadTreasuryHistory(database.db, load(1))).rejects.toThrow(/treasuryEndOfDayPriceYield at offset 0 with HTTP 502/);
    expect(await count('treasury_eod_prices')).toBe(15);
    expect(JSON.parse((await readCursor(database.db, 'finra-public', 'treasuryEndOfDayPriceYield'))!)).toEqual({
      through: '2026-09-20',
      day: '2026-09-21',
      after: 6370119,
    });
    intercept = null;
    requests = [];
    expect((await loadTreasuryHistory(database.db, load(1))).rows).toBe(10);
    expect(requests[0]!.body.compareFilters).toEqual([
      { fieldName: 'finraSecurityIdentifier', fieldValue: 6370119, compareType: 'GREATER' },
    ]);
    expect(await count('treasury_eod_prices')).toBe(25);
  });

  it('malformed and truncated answers are refused with a clear error and nothing of them is written', async () => {
    const answers: [string, string, RegExp][] = [
      ['treasurySecurities', '[{"cusip":"91282CRK9","issuerName":"UNITED STATES', /treasurySecurities at offset 0 is not complete JSON/],
      ['treasurySecurities', '{"records":[]}', /treasurySecurities at offset 0 is not a list of records/],
      [
        'treasurySecurities',
        '[{"cusip":"91282CRK9","finraSecurityIdentifier":6371507,"maturityDate":"2031-08-31"}]',
        /truncated: 1 of 4 records/,
      ],
    ];
    for (const [, body, error] of answers) {
      intercept = (_n, res) => {
        res.writeHead(200, { 'content-type': 'application/json', 'record-total': '11' }).end(body);
        return true;
      };
      await expect(loadTreasurySecurities(database.db, load(1))).rejects.toThrow(error);
      expect(await count('treasury_securities')).toBe(0);
      expect(await count('treasury_eod_prices')).toBe(0);
      expect(await readCursor(database.db, 'finra-public', 'treasurySecurities')).toBeNull();
    }
    intercept = null;
    await loadTreasurySecurities(database.db, load());
    intercept = (_n, res) => {
      res
        .writeHead(200, { 'content-type': 'application/json', 'record-total': '8' })
        .end('[{"cusip":"912810UW6","tradeDate":"2026-09-21","lastSalePrice":99.6');
      return true;
    };
    await expect(loadTreasuryHistory(database.db, load(1))).rejects.toThrow(/treasuryEndOfDayPriceYield at offset 0 is not complete JSON/);
    expect(await count('treasury_eod_prices')).toBe(11);
    expect(await readCursor(database.db, 'finra-public', 'treasuryEndOfDayPriceYield')).toBeNull();
  });
});
