import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../config';
import { recurringJobs } from '../../../jobs';
import { createReplayServer } from './replayServer';

describe('the replay server serves recorded sources at their real paths', () => {
  let root: string;
  let server: Server;
  let base: string;
  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'bw-replay-'));
    mkdirSync(join(root, 'treasury/resource-center/data-chart-center/interest-rates/daily-treasury-rates.csv/2026'), { recursive: true });
    writeFileSync(
      join(root, 'treasury/resource-center/data-chart-center/interest-rates/daily-treasury-rates.csv/2026/all'),
      'Date,"1 Mo"\n11/27/2026,4.01\n',
    );
    mkdirSync(join(root, 'finra/fixedIncomeMarket'), { recursive: true });
    writeFileSync(
      join(root, 'finra/fixedIncomeMarket/endOfDayPriceYield.json'),
      JSON.stringify(
        [3, 1, 2].map((id) => ({ finraSecurityIdentifier: id, cusip: `C${id}`, tradeDate: `2026-11-2${id}`, lastSalePrice: 99 + id })),
      ),
    );
    writeFileSync(join(root, 'outside.txt'), 'not for you');
    server = createReplayServer(join(root, 'treasury', '..'));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    rmSync(root, { recursive: true, force: true });
  });

  it('a plain file is served at its URL path, the query string ignored; a missing one or a path out of the root is 404', async () => {
    const res = await fetch(
      `${base}/treasury/resource-center/data-chart-center/interest-rates/daily-treasury-rates.csv/2026/all?type=daily_treasury_yield_curve`,
    );
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('Date,"1 Mo"\n11/27/2026,4.01\n');
    expect((await fetch(`${base}/treasury/nothing-here.csv`)).status).toBe(404);
    expect((await fetch(`${base}/treasury/%2e%2e/%2e%2e/etc/passwd`)).status).toBe(404);
  });

  it("FINRA's POST query is answered over the recorded records: filters, sort, paging, Record-Total, 204 when nothing matches", async () => {
    const post = (body: unknown) =>
      fetch(`${base}/finra/data/group/fixedIncomeMarket/name/endOfDayPriceYield`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const first = await post({ fields: ['cusip'], sortFields: ['finraSecurityIdentifier'], limit: 2, offset: 0 });
    expect(first.status).toBe(200);
    expect(first.headers.get('record-total')).toBe('3');
    expect(await first.json()).toEqual([{ cusip: 'C1' }, { cusip: 'C2' }]);
    const after = await post({
      compareFilters: [{ fieldName: 'finraSecurityIdentifier', fieldValue: 1, compareType: 'GREATER' }],
      dateRangeFilters: [{ fieldName: 'tradeDate', startDate: '2026-11-23', endDate: '2026-11-23' }],
      fields: ['cusip'],
    });
    expect(await after.json()).toEqual([{ cusip: 'C3' }]);
    const none = await post({ dateRangeFilters: [{ fieldName: 'tradeDate', startDate: '2027-01-01', endDate: '2027-01-01' }] });
    expect(none.status).toBe(204);
    expect((await post({ limit: 5001 })).status).toBe(400);
    expect((await fetch(`${base}/finra/data/group/fixedIncomeMarket/name/noSuchDataset`, { method: 'POST', body: '{}' })).status).toBe(404);
  });
});

describe('the market source setting picks the background jobs', () => {
  const base = { DATA_DIR: '.tmp/config-test', JWT_SECRET: 'x'.repeat(40), NODE_ENV: 'development' };
  it('the simulator ticks and FINRA is not asked; on the public sources FINRA is refreshed and the simulator stays still', () => {
    const names = (env: Record<string, string>) => recurringJobs(loadConfig({ ...base, ...env })).map((j) => j.name);
    expect(names({})).toContain('live-market');
    expect(names({})).not.toContain('finra-refresh');
    expect(names({ MARKET_SOURCE: 'public' })).toContain('finra-refresh');
    expect(names({ MARKET_SOURCE: 'public' })).not.toContain('live-market');
  });
});
