/**
 * Helpers of the post page benchmark (bench/postPage.bench.ts):
 * - `--profile`: where a cold run's time goes, from the page's own Resource Timing entries and
 *   long tasks (main-thread work over 50 ms: parsing and running the bundle, React renders) —
 *   the same clock as the figure itself;
 * - `--compare <build dir>`: interleaved A/B runs against another web build (e.g. a copy of
 *   dist/web made before a change), served by the same server under the same load.
 */
import { copyFileSync, existsSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContext, Page } from '@playwright/test';

/** Records long tasks from the first script on (they are not buffered before an observer exists). */
export async function recordLongTasks(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const w = window as unknown as { __bwLongTasks: { start: number; duration: number }[] };
    w.__bwLongTasks = [];
    try {
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) w.__bwLongTasks.push({ start: e.startTime, duration: e.duration });
      }).observe({ type: 'longtask' });
    } catch {
      // Not supported: the profile shows no long tasks.
    }
  });
}

interface Entry {
  name: string;
  start: number;
  end: number;
  bytes: number;
}

/** One run's waterfall, as lines to print. */
export async function profileLines(page: Page, doneAt: number): Promise<string[]> {
  const data = await page.evaluate(() => {
    const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
    const resources = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).map((e) => ({
      name: new URL(e.name).pathname + new URL(e.name).search,
      start: e.startTime,
      end: e.responseEnd,
      bytes: e.encodedBodySize,
    }));
    const w = window as unknown as { __bwLongTasks?: { start: number; duration: number }[] };
    return {
      html: { start: nav.requestStart, end: nav.responseEnd },
      domContentLoaded: nav.domContentLoadedEventEnd,
      marks: performance.getEntriesByType('mark').map((e) => ({ name: e.name, start: e.startTime })),
      resources,
      longTasks: w.__bwLongTasks ?? [],
    };
  });
  const ms = (x: number) => x.toFixed(0).padStart(5);
  const row = (label: string, e: { start: number; end: number }, extra = '') => `  ${ms(e.start)} → ${ms(e.end)} ms  ${label}${extra}`;
  const entry = data.resources.find((e) => /\/assets\/index-[^/]*\.js$/.test(e.name));
  const scripts = data.resources.filter((e) => e.name.endsWith('.js'));
  const preloaded = entry ? scripts.filter((e) => e.start <= entry.end) : [];
  const lazy = entry ? scripts.filter((e) => e.start > entry.end) : scripts;
  const api = data.resources.filter((e) => !e.name.startsWith('/app/'));
  const span = (es: Entry[]) => ({ start: Math.min(...es.map((e) => e.start)), end: Math.max(...es.map((e) => e.end)) });
  const kb = (es: Entry[]) => ` (${es.length} files, ${(es.reduce((s, e) => s + e.bytes, 0) / 1024).toFixed(0)} KB compressed)`;
  const lines = [row('index.html', data.html)];
  if (preloaded.length) lines.push(row('entry script + modulepreloads', span(preloaded), kb(preloaded)));
  for (const e of lazy) lines.push(row(`lazy ${e.name.replace('/app/assets/', '')}`, e, ` ${(e.bytes / 1024).toFixed(0)} KB`));
  for (const e of api) lines.push(row(e.name, e));
  lines.push(`  ${ms(data.domContentLoaded)}          DOMContentLoaded`);
  for (const m of data.marks) lines.push(`  ${ms(m.start)}          mark ${m.name}`);
  const tasks = data.longTasks;
  lines.push(
    `  long tasks: ${tasks.length}, ${tasks.reduce((s, t) => s + t.duration, 0).toFixed(0)} ms in all: ` +
      tasks.map((t) => `${t.start.toFixed(0)}+${t.duration.toFixed(0)}`).join(', '),
  );
  lines.push(`  ${ms(doneAt)}          post body in the page`);
  return lines;
}

/**
 * Makes another build servable beside dist/web: its hashed assets are copied into
 * dist/web/assets (names never collide with different content) and its index.html becomes
 * dist/web/bench-a.html, so /app/bench-a.html#/… starts that build. Returns the cleanup.
 */
export function installBuildA(dir: string, distDir = 'dist/web'): { path: string; cleanup: () => void } {
  if (!existsSync(join(dir, 'index.html'))) throw new Error(`${dir} is not a web build (no index.html)`);
  const copied: string[] = [];
  for (const name of readdirSync(join(dir, 'assets'))) {
    const target = join(distDir, 'assets', name);
    if (existsSync(target)) continue;
    copyFileSync(join(dir, 'assets', name), target);
    copied.push(target);
  }
  for (const suffix of ['', '.br', '.gz']) {
    if (!existsSync(join(dir, `index.html${suffix}`))) continue;
    const page = join(distDir, `bench-a.html${suffix}`);
    copyFileSync(join(dir, `index.html${suffix}`), page);
    copied.push(page);
  }
  return { path: '/app/bench-a.html', cleanup: () => copied.forEach((f) => rmSync(f, { force: true })) };
}
