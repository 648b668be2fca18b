/**
 * Web performance benchmark (not a test): `npm run bench:web [-- --bonds 30000] [--days 30] [--runs 5] [--fresh]`.
 *
 * The web app's performance targets, measured with Debian's Chromium (Playwright, never a downloaded
 * browser) against the real server started as `npm start` does (build if stale, migrate, seed):
 * - initial JavaScript of the login page, gzipped (node:zlib default level), target < 300 KB;
 * - bond table: first grid row rendered after navigating to /app/#/bw/bond, target < 1 s;
 * - bond table: a header click (sort by another column) repaints the first row, target < 300 ms;
 * - market summary: first grid cell with a number visible, target < 1 s;
 * - new issues: a week of deals (the last seven days) listed on /bw/primary/new-issues, target < 1 s;
 * - scrolling the bond table: frame intervals while wheeling through thousands of rows (smooth:
 *   p95 frame ≤ 50 ms), blank rows when the wheel stops, and a jump to the last row.
 * Page timings are the page's own performance.now() (from the navigation's start, or from the
 * click event), polled every animation frame. One cold run (fresh context, empty cache), then
 * RUNS warm runs in the same context (HTTP cache warm, full page load each time); medians reported.
 *
 * The server listens on 127.0.0.1:BENCH_WEB_PORT (8099) with LIVE_MARKET=false, its data in
 * .tmp/bench-web (.tmp/bench-web-<bonds> for a non-default size), reused unless --fresh; its log
 * goes to .tmp/bench-web-server.log. Results are also written to .tmp/bench-web-results.json.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { gzipSync } from 'node:zlib';
import { type Browser, type BrowserContext, chromium, type Page } from '@playwright/test';
import type { DealListResponse } from '../common/api/primary';
import type { IssuerSearchResponse } from '../common/api/issuer';
import { apiGet, apiSend, apiSession, DEMO_ADMIN, type LoggedIn, loginAsDemoUser } from '../e2e/support/login';
import { scrollThroughBondGrid } from './support/webScroll';

const arg = (name: string) => (process.argv.includes(name) ? process.argv[process.argv.indexOf(name) + 1] : undefined);
const BONDS = Number(arg('--bonds') ?? 3000);
const DAYS = Number(arg('--days') ?? 30);
const RUNS = Math.min(20, Math.max(1, Number(arg('--runs') ?? 5)));
const FRESH = process.argv.includes('--fresh');
const PORT = Number(process.env.BENCH_WEB_PORT ?? 8099);
const BASE = `http://localhost:${PORT}`;
const DATA_DIR = BONDS === 3000 ? '.tmp/bench-web' : `.tmp/bench-web-${BONDS}`;
const LOG_FILE = '.tmp/bench-web-server.log';
/** Seeding 30,000 bonds takes minutes on a loaded machine. */
const START_TIMEOUT_MS = Number(process.env.BENCH_WEB_START_TIMEOUT_MS ?? 1_500_000);
const STEP_TIMEOUT_MS = 30_000;

const TARGETS = { loginJsKB: 300, bondFirstRowMs: 1000, sortRepaintMs: 300, summaryMs: 1000, newIssuesMs: 1000 };

const median = (xs: number[]) => {
  if (xs.length === 0) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};
const load = () =>
  loadavg()
    .map((x) => x.toFixed(2))
    .join(' ');
const kb = (bytes: number) => (bytes / 1024).toFixed(1);

async function healthy(): Promise<boolean> {
  try {
    const res = await fetch(`${BASE}/health`, { signal: AbortSignal.timeout(2000) });
    return res.ok;
  } catch {
    return false;
  }
}

async function startServer(): Promise<ChildProcess> {
  if (await healthy()) throw new Error(`something already answers on ${BASE}; set BENCH_WEB_PORT`);
  if (FRESH && existsSync(DATA_DIR)) rmSync(DATA_DIR, { recursive: true, force: true });
  mkdirSync(DATA_DIR, { recursive: true });
  const log = createWriteStream(LOG_FILE);
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/index.ts'], {
    env: {
      ...process.env,
      // NODE_ENV is left unset (the server's default is development): a server started with
      // NODE_ENV=development that rebuilds a stale dist/web makes Vite emit a React development build.
      NODE_ENV: undefined,
      HOST: '127.0.0.1',
      PORT: String(PORT),
      DATA_DIR,
      PUBLIC_URL: BASE,
      LIVE_MARKET: 'false',
      SIM_BONDS: String(BONDS),
      SIM_HISTORY_DAYS: String(DAYS),
      LOG_LEVEL: 'warn',
      AUTH_RATE_LIMIT_PER_MINUTE: '1000',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.pipe(log);
  child.stderr!.pipe(log);
  const started = Date.now();
  while (Date.now() - started < START_TIMEOUT_MS) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}); see ${LOG_FILE}`);
    if (await healthy()) {
      console.log(`server up in ${((Date.now() - started) / 1000).toFixed(1)} s (${BONDS} bonds, ${DAYS} days, ${DATA_DIR})`);
      return child;
    }
    await new Promise((r) => setTimeout(r, 1000));
  }
  child.kill('SIGKILL');
  throw new Error(`server not healthy within ${START_TIMEOUT_MS / 1000} s; see ${LOG_FILE}`);
}

async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

/** 'development' when dist/web holds React's development build (jsxDEV), which is larger and slower. */
function webBuildKind(): string {
  const dir = 'dist/web/assets';
  if (!existsSync(dir)) return 'missing';
  return readdirSync(dir).some((f) => f.endsWith('.js') && readFileSync(`${dir}/${f}`, 'utf8').includes('jsxDEV'))
    ? 'development'
    : 'production';
}

async function newContext(browser: Browser): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL: BASE, viewport: { width: 1440, height: 900 }, colorScheme: 'dark' });
  // tsx (esbuild keepNames) wraps named functions in page callbacks with __name(); give the page one.
  await context.addInitScript('globalThis.__name = (f) => f;');
  return context;
}

/** Every JS response the login page loads (bodies gzipped here: the static server may not compress). */
async function loginJs(browser: Browser) {
  const context = await newContext(browser);
  const page = await context.newPage();
  const pending: Promise<void>[] = [];
  const chunks: Array<{ url: string; raw: number; gzip: number; encoding: string }> = [];
  page.on('response', (res) => {
    const url = res.url();
    const type = res.headers()['content-type'] ?? '';
    if (!url.startsWith(BASE) || !(url.split('?')[0]!.endsWith('.js') || type.includes('javascript'))) return;
    pending.push(
      res
        .body()
        .then((body) => {
          chunks.push({
            url: url.replace(BASE, ''),
            raw: body.length,
            gzip: gzipSync(body).length,
            encoding: res.headers()['content-encoding'] ?? 'none',
          });
        })
        .catch(() => undefined),
    );
  });
  await page.goto('/app/#/bw/login', { timeout: STEP_TIMEOUT_MS });
  await page.waitForSelector('input[type="password"]', { timeout: STEP_TIMEOUT_MS });
  await page.waitForLoadState('networkidle', { timeout: STEP_TIMEOUT_MS }).catch(() => undefined);
  await Promise.all(pending);
  await context.close();
  chunks.sort((a, b) => b.gzip - a.gzip);
  return { chunks, raw: chunks.reduce((s, c) => s + c.raw, 0), gzip: chunks.reduce((s, c) => s + c.gzip, 0) };
}

const FIRST_ROW = '[data-testid="bond-grid"] .ag-row[row-index="0"]';

/** performance.now() (from the navigation's start) when the bond grid's first row shows data. */
async function firstBondRow(page: Page): Promise<number> {
  await page.goto('about:blank');
  await page.goto('/app/#/bw/bond', { timeout: STEP_TIMEOUT_MS });
  const handle = await page.waitForFunction(
    (sel) => {
      const row = document.querySelector(sel);
      if (!row || row.classList.contains('ag-row-loading')) return false;
      const text = row.textContent?.trim() ?? '';
      return text !== '' && !/loading/i.test(text) ? performance.now() : false;
    },
    FIRST_ROW,
    { polling: 'raf', timeout: STEP_TIMEOUT_MS },
  );
  return (await handle.jsonValue()) as number;
}

/** ms from the header click to the first row showing different, loaded content. */
async function sortRepaint(page: Page, column: string): Promise<number> {
  const header = page.locator(`[data-testid="bond-grid"] .ag-header-cell[col-id="${column}"] .ag-header-cell-label`);
  await header.waitFor({ timeout: STEP_TIMEOUT_MS });
  const waiting = page.evaluate(
    ({ sel, timeout }) =>
      new Promise<number>((resolve, reject) => {
        const before = document.querySelector(sel)?.textContent ?? '';
        let clickedAt = -1;
        document.addEventListener(
          'click',
          () => {
            clickedAt = performance.now();
          },
          { capture: true, once: true },
        );
        const deadline = performance.now() + timeout;
        const poll = () => {
          const row = document.querySelector(sel);
          const text = row?.textContent?.trim() ?? '';
          if (
            clickedAt >= 0 &&
            row &&
            !row.classList.contains('ag-row-loading') &&
            text !== '' &&
            text !== before.trim() &&
            !/loading/i.test(text)
          ) {
            resolve(performance.now() - clickedAt);
          } else if (performance.now() > deadline) {
            reject(new Error('first row did not change'));
          } else requestAnimationFrame(poll);
        };
        requestAnimationFrame(poll);
      }),
    { sel: FIRST_ROW, timeout: 10_000 },
  );
  waiting.catch(() => undefined); // awaited below; a rejection must not go unhandled during the click
  await header.click({ timeout: STEP_TIMEOUT_MS });
  return waiting;
}

/** performance.now() (from the navigation's start) when the summary grid's first numeric cell is visible. */
async function summaryCell(page: Page): Promise<number> {
  await page.goto('about:blank');
  await page.goto('/app/#/bw/market/summary', { timeout: STEP_TIMEOUT_MS });
  const handle = await page.waitForFunction(
    () => {
      for (const cell of document.querySelectorAll<HTMLElement>(
        '[data-testid="summary-grid"] [data-testid^="summary-cell-"][data-value]',
      )) {
        if (/\d/.test(cell.textContent ?? '') && cell.offsetParent !== null && cell.getBoundingClientRect().height > 0)
          return performance.now();
      }
      return false;
    },
    null,
    { polling: 'raf', timeout: STEP_TIMEOUT_MS },
  );
  return (await handle.jsonValue()) as number;
}

/**
 * performance.now() when the new-issue calendar of a week shows its deal count and, when there
 * are deals, its first row; with the number of deals shown.
 */
async function newIssuesWeek(page: Page, week: { from: string; to: string }): Promise<{ ms: number; deals: number }> {
  await page.goto('about:blank');
  await page.goto(`/app/#/bw/primary/new-issues?from=${week.from}&to=${week.to}`, { timeout: STEP_TIMEOUT_MS });
  const handle = await page.waitForFunction(
    () => {
      const count = document.querySelector<HTMLElement>('[data-testid="deal-count"]')?.textContent ?? '';
      const deals = /(\d+) deal/.exec(count);
      if (!deals) return false;
      const row = document.querySelector<HTMLElement>('[data-testid="new-issues-grid"] .ag-row');
      if (Number(deals[1]) > 0 && !(row && row.getBoundingClientRect().height > 0)) return false;
      return { ms: performance.now(), deals: Number(deals[1]) };
    },
    null,
    { polling: 'raf', timeout: STEP_TIMEOUT_MS },
  );
  return (await handle.jsonValue()) as { ms: number; deals: number };
}

/** A busy IG week has 20–40 deals; the simulated market prints far fewer. */
const WEEK_OF_DEALS = 30;

/**
 * The last seven days, holding WEEK_OF_DEALS deals: the simulated market's, topped up with
 * announced deals of two or three tranches created through the admin API (kept in the data
 * directory, so a reused one is topped up only once).
 */
async function aWeekOfDeals(user: LoggedIn): Promise<{ from: string; to: string }> {
  const day = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);
  const week = { from: day(-6), to: day(0) };
  const { deals } = await apiGet<DealListResponse>(user, `/v2/primary/deal?from=${week.from}&to=${week.to}`, BASE);
  if (deals.length >= WEEK_OF_DEALS) return week;
  const admin = await apiSession(DEMO_ADMIN, BASE);
  const { issuers } = await apiGet<IssuerSearchResponse>(admin, '/v2/issuer?q=a&limit=50', BASE);
  for (let k = deals.length; k < WEEK_OF_DEALS; k++) {
    const issuer = issuers[k % issuers.length]!;
    const tranches = [5, 10, 30].slice(0, 2 + (k % 2)).map((tenorYears, i) => ({ tenorYears, sizeMm: 500 + 250 * i }));
    const announcedAt = new Date(Date.now() - (k % 6) * 86_400_000 - 3_600_000).toISOString();
    await apiSend(admin, 'POST', '/admin/deal', { issuerId: issuer.id, announcedAt, bookrunners: ['GS', 'JPM'], tranches }, BASE);
  }
  return week;
}

async function main() {
  mkdirSync('.tmp', { recursive: true });
  const server = await startServer();
  serverChild = server;
  const build = webBuildKind();
  if (build !== 'production')
    console.warn(`dist/web is a ${build} build: figures are not the production bundle's (rebuild with \`npm run build:web\`)`);
  const loadStart = load();
  let browser: Browser | undefined;
  try {
    browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    });

    const js = await loginJs(browser);

    // Logged in: reset the bond-table view (an earlier run's sort clicks are saved preferences).
    const context = await newContext(browser);
    const login = await loginAsDemoUser(context, BASE);
    const reset = await fetch(`${BASE}/v2/user/${login.userId}/preferences`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${login.accessToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ preferences: {} }),
    });
    if (!reset.ok) throw new Error(`preferences reset: ${reset.status} ${await reset.text()}`);
    const page = await context.newPage();

    const bondCold = await firstBondRow(page);
    const bondWarm: number[] = [];
    for (let i = 0; i < RUNS; i++) bondWarm.push(await firstBondRow(page));

    // Sort: alternate two numeric columns so each click changes the primary sort (and the first row).
    await firstBondRow(page);
    const sorts: number[] = [];
    for (let i = 0; i <= RUNS; i++) sorts.push(await sortRepaint(page, i % 2 === 0 ? 'price' : 'yieldToWorst'));
    await page.waitForTimeout(500); // let the saved-preference PUT settle
    const scroll = await scrollThroughBondGrid(page);

    const summaryContext = await newContext(browser);
    const summaryLogin = await loginAsDemoUser(summaryContext, BASE);
    const summaryPage = await summaryContext.newPage();
    const summaryCold = await summaryCell(summaryPage);
    const summaryWarm: number[] = [];
    for (let i = 0; i < RUNS; i++) summaryWarm.push(await summaryCell(summaryPage));
    const week = await aWeekOfDeals(summaryLogin);
    const issuesPage = await summaryContext.newPage();
    const issuesCold = await newIssuesWeek(issuesPage, week);
    const issuesWarm: number[] = [];
    for (let i = 0; i < RUNS; i++) issuesWarm.push((await newIssuesWeek(issuesPage, week)).ms);
    await summaryContext.close();
    await context.close();

    const loadEnd = load();
    const fmt = (xs: number[]) => xs.map((x) => Math.round(x)).join(', ');
    const rows: Array<[string, string, string, string]> = [
      [
        'login page initial JS, gzipped',
        `${kb(js.gzip)} KB (${js.chunks.length} files, ${kb(js.raw)} KB raw)`,
        `< ${TARGETS.loginJsKB} KB`,
        js.gzip / 1024 < TARGETS.loginJsKB ? 'met' : 'MISSED',
      ],
      [
        'bond table first row, cold',
        `${Math.round(bondCold)} ms`,
        `< ${TARGETS.bondFirstRowMs} ms`,
        bondCold < TARGETS.bondFirstRowMs ? 'met' : 'MISSED',
      ],
      [
        `bond table first row, warm median of ${RUNS}`,
        `${Math.round(median(bondWarm))} ms (${fmt(bondWarm)})`,
        `< ${TARGETS.bondFirstRowMs} ms`,
        median(bondWarm) < TARGETS.bondFirstRowMs ? 'met' : 'MISSED',
      ],
      [
        `sort repaint (first click cold), median of ${sorts.length}`,
        `${Math.round(median(sorts))} ms (${fmt(sorts)})`,
        `< ${TARGETS.sortRepaintMs} ms`,
        median(sorts) < TARGETS.sortRepaintMs ? 'met' : 'MISSED',
      ],
      [
        'market summary first number, cold',
        `${Math.round(summaryCold)} ms`,
        `< ${TARGETS.summaryMs} ms`,
        summaryCold < TARGETS.summaryMs ? 'met' : 'MISSED',
      ],
      [
        `market summary first number, warm median of ${RUNS}`,
        `${Math.round(median(summaryWarm))} ms (${fmt(summaryWarm)})`,
        `< ${TARGETS.summaryMs} ms`,
        median(summaryWarm) < TARGETS.summaryMs ? 'met' : 'MISSED',
      ],
      [
        `new issues, ${week.from} to ${week.to} (${issuesCold.deals} deals), first load / warm median of ${RUNS}`,
        `${Math.round(issuesCold.ms)} ms / ${Math.round(median(issuesWarm))} ms (${fmt(issuesWarm)})`,
        `< ${TARGETS.newIssuesMs} ms`,
        Math.max(issuesCold.ms, median(issuesWarm)) < TARGETS.newIssuesMs ? 'met' : 'MISSED',
      ],
      [
        'scrolling the bond table (wheel, 600 px/frame)',
        `${scroll.rowsScrolled} rows in ${scroll.wheelSeconds.toFixed(1)} s; frames p50 ${scroll.frameP50Ms.toFixed(0)} / p95 ${scroll.frameP95Ms.toFixed(0)} / max ${scroll.frameMaxMs.toFixed(0)} ms, ${(100 * scroll.longFrameShare).toFixed(1)} % over 50 ms; ${scroll.blankRowsAtStop} blank rows at stop`,
        'smooth',
        scroll.frameP95Ms <= 50 ? 'met' : 'MISSED',
      ],
      ['jump to the last row', `${Math.round(scroll.jumpToEndMs)} ms to row ${scroll.totalRows}`, '', ''],
    ];
    console.log(`\n${BONDS} bonds, web build: ${build}; load average (1/5/15 min) at start ${loadStart}, at end ${loadEnd}\n`);
    const widths = [0, 1, 2, 3].map((i) => Math.max(...rows.map((r) => r[i]!.length), 8));
    console.log(['measure', 'figure', 'target', 'status'].map((h, i) => h.padEnd(widths[i]!)).join(' | '));
    for (const r of rows) console.log(r.map((c, i) => c.padEnd(widths[i]!)).join(' | '));
    console.log('\nlargest JS files of the login page (gzip / raw KB, served encoding):');
    for (const c of js.chunks.slice(0, 8))
      console.log(`  ${kb(c.gzip).padStart(7)} / ${kb(c.raw).padStart(7)}  ${c.encoding.padEnd(5)} ${c.url}`);
    writeFileSync(
      '.tmp/bench-web-results.json',
      JSON.stringify(
        {
          bonds: BONDS,
          days: DAYS,
          build,
          runs: RUNS,
          loadStart,
          loadEnd,
          js,
          bondCold,
          bondWarm,
          sorts,
          summaryCold,
          summaryWarm,
          issuesCold,
          issuesWarm,
          scroll,
        },
        null,
        2,
      ),
    );
  } finally {
    await browser?.close().catch(() => undefined);
    await stopServer(server);
  }
}

// An unexpected rejection still stops the server (main's finally does not run on a crash).
let serverChild: ChildProcess | undefined;
process.on('unhandledRejection', (error) => {
  console.error(error);
  serverChild?.kill('SIGKILL');
  process.exit(1);
});

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
