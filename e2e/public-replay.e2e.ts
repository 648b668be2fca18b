import { expect, test } from '@playwright/test';
import { readFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BondListResponse } from '../common/api/bond';
import type { Filing } from '../common/api/edgar';
import type { DealDetailResponse, DealListResponse } from '../common/api/primary';
import { addDays } from '../common/calendar';
import { SYSTEM_PATHS, type SystemState } from '../common/api/system';
import { createReplayServer } from '../server/services/sources/replay/replayServer';
import { E2E_PORT } from './support/environment';
import { apiGet, apiSend, DEMO_ADMIN, loginAsDemoUser, screenshot, type LoggedIn } from './support/login';
import { OWN_SERVER_PORT, type OwnServer, ownServer } from './support/ownServer';

/**
 * The product on the public sources, offline: a server of the test's own started with
 * MARKET_SOURCE=public and every source's base URL at the replay server (samples/replay, as
 * `npm run replay` serves it). The admin runs the three sources' jobs; then the bond table shows
 * FINRA's real bonds (CUSIPs, issuers, ratings, the source), a bond page its evaluated price, its
 * history page FINRA's last sales, the sector overview FINRA's industry groups as our sectors, the
 * curve page the Treasury's own curve, and a term sheet taken from an FWP filing becomes a deal
 * on the new-issue calendar once the admin has named its issuer.
 */
const root = fileURLToPath(new URL('..', import.meta.url));
const REPLAY_PORT = Number(process.env.E2E_REPLAY_PORT ?? E2E_PORT + 2);
const replayBase = `http://127.0.0.1:${REPLAY_PORT}`;

/** The newest curve in the Treasury's recorded 2025 file: the expectation comes from the file, not the product. */
function newestRecordedCurve(): { date: string; tenYear: number } {
  const file = join(root, 'samples/replay/treasury/resource-center/data-chart-center/interest-rates/daily-treasury-rates.csv/2025/all');
  const [header, newest] = readFileSync(file, 'utf8').trim().split(/\r?\n/);
  const columns = header!.split(',').map((c) => c.replaceAll('"', ''));
  const cells = newest!.split(',');
  const [m, d, y] = cells[0]!.split('/');
  return { date: `${y}-${m}-${d}`, tenYear: Number(cells[columns.indexOf('10 Yr')]) };
}

/** FINRA's recorded end-of-day last sales of one bond, newest last: prices as FINRA published them. */
function recordedLastSales(cusip: string): { tradeDate: string; lastSalePrice: number }[] {
  const file = join(root, 'samples/replay/finra/fixedIncomeMarket/endOfDayPriceYield.json');
  const rows = JSON.parse(readFileSync(file, 'utf8')) as { cusip: string; tradeDate: string; lastSalePrice: number }[];
  return rows.filter((r) => r.cusip === cusip).sort((a, b) => a.tradeDate.localeCompare(b.tradeDate));
}

/** The recorded corporate universe's bonds per FINRA industry group. */
function recordedBondsPerIndustryGroup(): Map<string, number> {
  const file = join(root, 'samples/replay/finra/fixedIncomeMarket/corporateAndAgencySecurities.json');
  const rows = JSON.parse(readFileSync(file, 'utf8')) as { industryGroup: string }[];
  const counts = new Map<string, number>();
  for (const r of rows) counts.set(r.industryGroup, (counts.get(r.industryGroup) ?? 0) + 1);
  return counts;
}

test.describe('the product on replayed public US market data', () => {
  // Starting a fresh server and loading three sources takes minutes on a loaded machine.
  test.setTimeout(900_000);
  let replay: Server;
  let server: OwnServer;

  test.beforeAll(async () => {
    test.setTimeout(600_000);
    replay = createReplayServer(join(root, 'samples/replay'));
    await new Promise<void>((resolve) => replay.listen(REPLAY_PORT, '127.0.0.1', resolve));
    server = ownServer('replay', OWN_SERVER_PORT, {
      MARKET_SOURCE: 'public',
      FINRA_BASE_URL: `${replayBase}/finra`,
      TREASURY_BASE_URL: `${replayBase}/treasury`,
      EDGAR_BASE_URL: `${replayBase}/edgar`,
      // FINRA's history is recorded from 1 Sep 2026: the first load backfills to it (and a week before).
      FINRA_HISTORY_DAYS: String(Math.ceil((Date.now() - Date.parse('2026-09-01T00:00:00Z')) / 86_400_000) + 7),
      EDGAR_START_DATE: '2026-11-23',
      SEC_USER_AGENT: 'Bondwise e2e ops@bondwise.local',
    });
    await server.start();
  });
  test.afterAll(async () => {
    await server?.stop().catch(() => server.kill());
    await new Promise((resolve) => replay?.close(resolve));
  });

  /** Runs a job now and waits until its run has finished without an error. */
  async function runJob(admin: LoggedIn, name: string): Promise<void> {
    const before = (await apiGet<SystemState>(admin, SYSTEM_PATHS.system, server.baseURL)).jobs.find((j) => j.name === name)!;
    await apiSend(admin, 'POST', SYSTEM_PATHS.jobRun({ name }), undefined, server.baseURL);
    await expect
      .poll(
        async () => {
          const job = (await apiGet<SystemState>(admin, SYSTEM_PATHS.system, server.baseURL)).jobs.find((j) => j.name === name)!;
          return job.runs > before.runs && !job.running ? (job.lastError ?? 'done') : 'running';
        },
        { timeout: 300_000, intervals: [2_000] },
      )
      .toBe('done');
  }

  test('real bonds with evaluated prices, the Treasury curve from its file, and a new issue from an FWP filing', async ({
    page,
    context,
  }) => {
    const admin = await loginAsDemoUser(context, server.baseURL, DEMO_ADMIN);
    const open = (path: string) => page.goto(`${server.baseURL}/app/#${path}`);
    // The curve first: FINRA's bonds are priced as they load once a curve is there.
    await runJob(admin, 'treasury-yield-curve');
    await runJob(admin, 'finra-refresh');
    await runJob(admin, 'edgar-fwp');

    const system = await apiGet<SystemState>(admin, SYSTEM_PATHS.system, server.baseURL);
    expect(system.marketSource).toBe('public');
    const finraRows = new Map(system.sources.filter((s) => s.source === 'finra-public').map((s) => [s.dataset, s]));
    // The job also runs every minute by itself: totals, not the last run's rows.
    expect(finraRows.get('corporateAndAgencySecurities')).toMatchObject({ lastError: null, totalRows: 15, dataThrough: '2026-09-23' });
    expect(finraRows.get('treasurySecurities')).toMatchObject({ lastError: null, totalRows: 11 });

    // The bond table: FINRA's bonds, with their CUSIPs, issuers, ratings and source.
    // The bond table's snapshot catches up with a load within a request or two.
    let listed: BondListResponse | null = null;
    await expect
      .poll(async () => (listed = await apiGet<BondListResponse>(admin, '/v2/bond?q=037833BW9', server.baseURL)).rows.length, {
        timeout: 60_000,
      })
      .toBe(1);
    const apple = listed!.rows[0]!;
    expect(apple).toMatchObject({
      bondIdentifier: '037833BW9',
      entityName: 'APPLE INC',
      ticker: 'AAPL',
      ratingMoody: 'Aaa',
      source: 'finra-public',
    });
    expect(apple.price).toEqual(expect.any(Number));
    // A first visit lands on the market summary (its welcome); the pages after open where asked.
    await open('/bw');
    await expect(page.getByTestId('summary-grid')).toBeVisible({ timeout: 60_000 });
    // FINRA gives no issue size: the summary averages its bonds equally, says so, and shows figures
    // (issue #31: every cell was "–" while it weighted by an amount outstanding of 0).
    await expect(page.getByTestId('summary-unit')).toHaveAttribute('data-weighting', 'equal', { timeout: 60_000 });
    await expect(page.getByTestId('summary-unit')).toContainText('each bond weighted equally');
    await expect(page.getByTestId('summary-cell-all-all').locator('.bw-mcell-level')).toHaveText(/\d/);
    await screenshot(page, 'replay-market-summary');
    await open('/bw/bond?q=037833BW9');
    await expect(page.getByTestId('bond-count')).toHaveText('1 bond', { timeout: 60_000 });
    // The grid renders only the columns in view: the Source cell is checked on the bond page below.
    const cell = (column: string) => page.locator(`.ag-row[row-index="0"] [col-id="${column}"]`).first();
    await expect(cell('bondIdentifier')).toHaveText('037833BW9');
    await expect(cell('ticker')).toHaveText('AAPL');
    await expect(cell('ratingMoody')).toHaveText('Aaa');
    const all = await apiGet<BondListResponse>(admin, '/v2/bond?limit=1', server.baseURL);
    expect(all.total).toBeGreaterThan(1);
    await open('/bw/bond');
    await expect(page.getByTestId('bond-count')).toHaveText(`${all.total} bonds`, { timeout: 60_000 });
    await screenshot(page, 'replay-bond-table');

    // A bond page: its evaluated price, and the source named under its terms.
    await open(`/bw/bond/${apple.id}/pricing`);
    await expect(page.getByTestId('server-price')).toHaveAttribute('data-value', String(apple.price), { timeout: 60_000 });
    await expect(page.getByTestId('bond-source')).toContainText('FINRA TRACE public data');

    // The bond's history: FINRA's end-of-day last sales are its trades, at FINRA's own prices.
    // The recordings are of September 2026; the page's longest range (1Y) ends today.
    const lastSales = recordedLastSales('037833BW9');
    expect(lastSales.length).toBeGreaterThan(1);
    const ageDays = (Date.now() - Date.parse(`${lastSales[0]!.tradeDate}T00:00:00Z`)) / 86_400_000;
    expect(ageDays, "the recorded last sales have fallen out of the history page's 1Y range: re-record them").toBeLessThan(360);
    await open(`/bw/bond/${apple.id}/history?range=1y`);
    const trades = page.getByTestId('history-trades');
    for (const sale of lastSales) {
      await expect(trades.getByText(sale.lastSalePrice.toFixed(3), { exact: true })).toBeVisible({ timeout: 60_000 });
    }
    await expect(page.getByTestId('history-chart')).toBeVisible();
    await screenshot(page, 'replay-bond-history');

    // The sector overview: FINRA's industry groups mapped onto our sectors (docs/data-sources.md),
    // each sector counting the recorded bonds of its groups.
    const perGroup = recordedBondsPerIndustryGroup();
    await open('/bw/sector/overview');
    const sectors = page.getByTestId('sector-table');
    const sectorRow = (code: string) => sectors.locator(`.ag-row[row-id="${code}"]`);
    await expect(sectorRow('INFT').locator('[col-id="name"]')).toHaveText('Information Technology', { timeout: 60_000 });
    await expect(sectorRow('INFT').locator('[col-id="bondCount"]')).toHaveText(String(perGroup.get('TRON')));
    await expect(sectorRow('CONS').locator('[col-id="name"]')).toHaveText('Consumer Staples');
    await expect(sectorRow('CONS').locator('[col-id="bondCount"]')).toHaveText(String(perGroup.get('BEVG')));
    await sectorRow('INFT').locator('[col-id="name"]').click();
    await expect(page.getByTestId('issuer-table')).toContainText('AAPL', { timeout: 60_000 });
    await screenshot(page, 'replay-sector-overview');

    // The Treasury curve: the newest day of the Treasury's own file, its points as published.
    const curve = newestRecordedCurve();
    await open('/bw/admin/curve');
    await expect(page.getByTestId('curve-date')).toHaveValue(curve.date, { timeout: 60_000 });
    await expect(page.locator('[data-testid="curve-point"][data-tenor="10Y"]')).toContainText(`${curve.tenYear.toFixed(3)}%`);

    // EDGAR: the single-tranche term sheet of filing 0001193125-26-413001 waits for its issuer.
    const { filings } = await apiGet<{ filings: { id: number; fileName: string; status: string }[] }>(
      admin,
      '/admin/edgar',
      server.baseURL,
    );
    const taken = filings.find((f) => f.fileName.startsWith('0001193125-26-413001'));
    expect(taken).toMatchObject({ status: 'parsed' });
    await open(`/bw/admin/edgar/${taken!.id}`);
    await expect(page.getByTestId('filing-status')).toHaveText('parsed', { timeout: 60_000 });
    await page.getByText('New issuer').click();
    await page.getByLabel(/^Ticker for/).fill('NWIND');
    await page.getByTestId('filing-industry').click();
    await page.getByRole('option').first().click();
    await page.getByTestId('filing-make-deal').click();
    await expect(page.getByTestId('filing-status')).toHaveText('imported', { timeout: 60_000 });
    const filing = await apiGet<Filing>(admin, `/admin/edgar/${taken!.id}`, server.baseURL);
    expect(filing.dealId).toEqual(expect.any(Number));

    // The deal is on the new-issue calendar, in the weeks around its announcement.
    const { deal } = await apiGet<DealDetailResponse>(admin, `/v2/primary/deal/${filing.dealId}`, server.baseURL);
    const day = deal.announcedAt.slice(0, 10);
    const range = `from=${addDays(day, -7)}&to=${addDays(day, 7)}`;
    const calendar = await apiGet<DealListResponse>(admin, `/v2/primary/deal?${range}`, server.baseURL);
    expect(calendar.deals.map((d) => d.id)).toContain(filing.dealId);
    await open(`/bw/primary/new-issues?${range}`);
    await expect(page.getByTestId('deal-count')).toContainText(`${calendar.deals.length} deal`, { timeout: 60_000 });
    await screenshot(page, 'replay-new-issues');
  });
});
