/**
 * Blog post page benchmark (not a test):
 * `npm run bench:post-page [-- --runs 5] [--fresh] [--profile] [--compare <build dir>]`.
 *
 * Target (issue #15): a post page renders in under 1 s cold. Starts the real server as `npm start`
 * does (build if stale, migrate, seed a small market: the post page reads no market data), writes
 * one long post through the API as the demo admin (~1,500 words of Markdown: headings, lists, a
 * table, links), then opens /app/#/bw/blog/post/{slug} RUNS times, each in a new browser context —
 * an empty HTTP cache, so every run downloads the app's JavaScript, the post page's chunk and the
 * post, as a first visit from a link does. The figure is the page's own performance.now() (from
 * the navigation's start) when the post's body is in the page, polled every animation frame.
 *
 * `--cpu-slowdown N` throttles each page's renderer N times (Chrome's Emulation.setCPUThrottlingRate),
 * to see the figure a slower machine would give for the browser's own work (the server is not slowed).
 * `--profile` prints each run's waterfall (scripts, API requests, long tasks: postPageProfile.ts).
 * `--compare DIR` times another web build (a copy of dist/web taken before a change: `cp -r
 * dist/web .tmp/web-before`) against the current one, runs interleaved A B B A …, so both see the
 * same machine load; both are served by this server, so only web changes are compared.
 *
 * The server listens on 127.0.0.1:BENCH_POST_PORT (8098), data in .tmp/bench-post (reused unless
 * --fresh), log in .tmp/bench-post-server.log.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, rmSync } from 'node:fs';
import { loadavg } from 'node:os';
import { type Browser, chromium } from '@playwright/test';
import { apiSend, apiSession, DEMO_ADMIN, loginAsDemoUser } from '../e2e/support/login';
import { installBuildA, profileLines, recordLongTasks } from './postPageProfile';

const arg = (name: string) => (process.argv.includes(name) ? process.argv[process.argv.indexOf(name) + 1] : undefined);
const RUNS = Math.min(20, Math.max(1, Number(arg('--runs') ?? 5)));
const FRESH = process.argv.includes('--fresh');
const PROFILE = process.argv.includes('--profile');
const COMPARE = arg('--compare');
const CPU_SLOWDOWN = Math.max(1, Number(arg('--cpu-slowdown') ?? 1));
const PORT = Number(process.env.BENCH_POST_PORT ?? 8098);
const BASE = `http://localhost:${PORT}`;
const DATA_DIR = '.tmp/bench-post';
const LOG_FILE = '.tmp/bench-post-server.log';
const TARGET_MS = 1000;
const STEP_TIMEOUT_MS = 30_000;

const load = () =>
  loadavg()
    .map((x) => x.toFixed(2))
    .join(' ');
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};

async function healthy(): Promise<boolean> {
  try {
    return (await fetch(`${BASE}/health`, { signal: AbortSignal.timeout(2000) })).ok;
  } catch {
    return false;
  }
}

async function startServer(): Promise<ChildProcess> {
  if (await healthy()) throw new Error(`something already answers on ${BASE}; set BENCH_POST_PORT`);
  if (FRESH && existsSync(DATA_DIR)) rmSync(DATA_DIR, { recursive: true, force: true });
  mkdirSync(DATA_DIR, { recursive: true });
  const log = createWriteStream(LOG_FILE);
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/index.ts'], {
    env: {
      ...process.env,
      NODE_ENV: undefined,
      HOST: '127.0.0.1',
      PORT: String(PORT),
      DATA_DIR,
      PUBLIC_URL: BASE,
      LIVE_MARKET: 'false',
      SIM_BONDS: '300',
      SIM_HISTORY_DAYS: '5',
      LOG_LEVEL: 'warn',
      AUTH_RATE_LIMIT_PER_MINUTE: '1000',
      // Each cold run fetches ~60 files and ~10 API calls from one address: interleaved runs passed the default 1,200 a minute.
      API_RATE_LIMIT_PER_MINUTE: '100000',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.pipe(log);
  child.stderr!.pipe(log);
  const started = Date.now();
  while (Date.now() - started < 1_200_000) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}); see ${LOG_FILE}`);
    if (await healthy()) {
      console.log(`server up in ${((Date.now() - started) / 1000).toFixed(1)} s`);
      return child;
    }
    await new Promise((r) => setTimeout(r, 1000));
  }
  child.kill('SIGKILL');
  throw new Error(`server not healthy in time; see ${LOG_FILE}`);
}

/** A long post: sections of prose, a list and a table each, about 1,500 words in all. */
function longMarkdown(): string {
  const prose =
    'Investment grade spreads tightened through the week as supply met strong demand from insurers and ' +
    'pension funds; new issues priced with little or no concession and traded tighter on the break. ';
  const sections = Array.from({ length: 8 }, (_, i) =>
    [
      `## Section ${i + 1}: the ${['curve', 'supply', 'ratings', 'sectors', 'liquidity', 'rates', 'outlook', 'flows'][i]}`,
      prose.repeat(5),
      '- books covered four times\n- guidance tightened 25 bp\n- [the calendar](#/bw/primary/new-issues)',
      '| tenor | spread | change |\n|---|---|---|\n| 5Y | 85 | -3 |\n| 10Y | 110 | -4 |\n| 30Y | 135 | -2 |',
    ].join('\n\n'),
  );
  return sections.join('\n\n');
}

async function main() {
  mkdirSync('.tmp', { recursive: true });
  const server = await startServer();
  let browser: Browser | undefined;
  const cleanups: (() => void)[] = [];
  const loadStart = load();
  try {
    const admin = await apiSession(DEMO_ADMIN, BASE);
    const post = await apiSend<{ id: number; slug: string }>(
      admin,
      'POST',
      '/v2/blog/posts',
      {
        title: `Week in credit ${Date.now()}`,
        summary: 'Spreads, supply and the week ahead.',
        markdown: longMarkdown(),
        tags: ['weekly'],
        status: 'published',
      },
      BASE,
    );
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
    const buildA = COMPARE ? installBuildA(COMPARE) : undefined;
    cleanups.push(() => buildA?.cleanup());
    const arms = buildA
      ? [
          { label: `A (${COMPARE})`, entry: buildA.path },
          { label: 'B (dist/web)', entry: '/app/' },
        ]
      : [{ label: 'dist/web', entry: '/app/' }];
    const times = arms.map(() => [] as number[]);
    for (let i = 0; i < RUNS; i++) {
      // A B, then B A: neither build always runs first in a pair.
      const order = i % 2 === 0 ? arms.map((_, k) => k) : arms.map((_, k) => arms.length - 1 - k);
      for (const k of order) {
        const context = await browser.newContext({ baseURL: BASE, viewport: { width: 1440, height: 900 } });
        await loginAsDemoUser(context, BASE);
        if (PROFILE) await recordLongTasks(context);
        const page = await context.newPage();
        if (CPU_SLOWDOWN > 1) await (await context.newCDPSession(page)).send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
        await page.goto(`${arms[k]!.entry}#/bw/blog/post/${post.slug}`, { timeout: STEP_TIMEOUT_MS });
        const handle = await page
          .waitForFunction(
            () => {
              const body = document.querySelector('[data-testid="blog-post-body"]');
              return body && (body.textContent ?? '').includes('Section 8') ? performance.now() : false;
            },
            null,
            { polling: 'raf', timeout: STEP_TIMEOUT_MS },
          )
          .catch(async (error: unknown) => {
            throw new Error(`run ${i + 1} ${arms[k]!.label}: no post body at ${page.url()} (${await page.title()})`, { cause: error });
          });
        const doneAt = (await handle.jsonValue()) as number;
        times[k]!.push(doneAt);
        if (PROFILE)
          console.log([`run ${i + 1} ${arms[k]!.label}: ${doneAt.toFixed(0)} ms`, ...(await profileLines(page, doneAt))].join('\n'));
        await context.close();
      }
    }
    arms.forEach((arm, k) => {
      const sorted = [...times[k]!].sort((a, b) => a - b);
      const slowdown = CPU_SLOWDOWN > 1 ? `, renderer CPU slowed ${CPU_SLOWDOWN}×` : '';
      console.log(
        `post page ${arm.label}, cold (new context, empty cache${slowdown}), ${RUNS} runs: ${sorted.map((t) => t.toFixed(0)).join(', ')} ms`,
      );
      console.log(`  median ${median(sorted).toFixed(0)} ms, worst ${sorted.at(-1)!.toFixed(0)} ms (target < ${TARGET_MS} ms)`);
    });
    console.log(`load average at start ${loadStart}, at end ${load()}`);
  } finally {
    cleanups.forEach((c) => c());
    await browser?.close();
    server.kill('SIGTERM');
  }
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
