import { expect, test, type Page } from '@playwright/test';
import type { BondListResponse } from '../common/api/bond';
import { BOND_TABLE_COLUMNS } from '../common/enums';
import { STORAGE_KEYS } from '../common/constants';
import { apiGet, apiSend, DEMO_ADMIN, loginAsDemoUser, openRoute, screenshot, type LoggedIn } from './support/login';
import { ownServer } from './support/ownServer';
import { navigateUntilApiQuiet } from './support/apiQuiet';

/**
 * The screenshot review of every secondary screen (issue: secondary screens, "done when"): in
 * dark and light mode, each at 1280×800 and 1600×950, no header or filter chip is cut short, and no
 * figure reads "-0.000". Screenshots land in test-results/screenshots/review-*.png for a person
 * to look over too.
 */

/** Each screen in both schemes at both sizes. */
const LOOKS = [
  { scheme: 'dark', width: 1280, height: 800 },
  { scheme: 'dark', width: 1600, height: 950 },
  { scheme: 'light', width: 1280, height: 800 },
  { scheme: 'light', width: 1600, height: 950 },
] as const;

/** Text cut by its box: headers of the grids and tables, and filter chips. */
async function cutTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const cut: string[] = [];
    const selectors = '.ag-header-cell-text, .mantine-Pill-label, .mantine-Table-th, .mantine-SegmentedControl-innerLabel';
    for (const el of Array.from(document.querySelectorAll<HTMLElement>(selectors))) {
      if (el.offsetParent === null) continue; // hidden
      if (el.scrollWidth > el.clientWidth + 1) cut.push(`${el.className.split(' ')[0]}: "${el.textContent ?? ''}"`);
    }
    return cut;
  });
}

/** A negative zero as a screen would print it: "-0", "-0.0", "-0.000" (not "-0.001", not a date). */
const NEGATIVE_ZERO = /(^|[^\w.])[-−]0(\.0+)?(?![\d.])/m;

/**
 * Waits until the screen has asked the API for something and no call (other than a held
 * notification poll) has been in flight for 600 ms, and no loader or "Loading…" text is left.
 */
async function settled(page: Page, navigate: () => Promise<unknown>): Promise<void> {
  await navigateUntilApiQuiet(page, navigate, { quietMs: 600, needCall: true });
  await expect(page.locator('.mantine-Loader:visible')).toHaveCount(0, { timeout: 30_000 });
  await expect(page.getByText(/Loading/).filter({ visible: true })).toHaveCount(0, { timeout: 30_000 });
}

test.describe('screen review', () => {
  test.setTimeout(600_000);
  let login: LoggedIn;

  test.beforeEach(async ({ context }) => {
    login = await loginAsDemoUser(context);
    // Every column on, sorted by two short-headed columns: the widest the bond table's header row gets.
    await apiSend(login, 'PUT', `/v2/user/${encodeURIComponent(login.userId)}/preferences`, {
      preferences: {
        bonds: {
          visibleColumns: [...BOND_TABLE_COLUMNS],
          primarySort: 'ratingMoody',
          primaryDescending: false,
          secondarySort: 'tenor',
          secondaryDescending: true,
        },
      },
    });
  });

  test('every secondary screen, dark and light at 1280×800 and 1600×950: no cut header or chip, no "-0.000"', async ({ page }) => {
    const bond = (await apiGet<BondListResponse>(login, '/v2/bond?limit=1&columns=bondIdentifier')).rows[0]!;
    const screens: Array<[string, string]> = [
      ['market-summary', '/bw/market/summary'],
      ['market-detail', '/bw/market/detail/spread/10Y/IG'],
      ['sector-overview', '/bw/sector/overview'],
      ['term-structure', '/bw/term-structure-change'],
      ['bond-table', '/bw/bond?rating=IG,HY,BBB&seniority=Senior%20Unsecured,Subordinated&tenor=5Y,10Y'],
      ['market-moves', '/bw/bond/chart'],
      ['history', '/bw/history'],
      ['bond-pricing', `/bw/bond/${bond.id}/pricing`],
      ['bond-history', `/bw/bond/${bond.id}/history`],
      ['bond-cashflow', `/bw/bond/${bond.id}/cashflow`],
    ];
    const problems: string[] = [];
    for (const { scheme, ...size } of LOOKS) {
      await page.addInitScript(
        ([key, value]) => localStorage.setItem(key!, value!),
        [STORAGE_KEYS.darkMode, scheme === 'dark' ? 'T' : 'F'],
      );
      await page.setViewportSize(size);
      for (const [name, path] of screens) {
        await openRoute(page, path);
        await settled(page, () => page.reload()); // the init script's scheme applies on a fresh document
        const where = `${name} ${scheme} ${size.width}×${size.height}`;
        await screenshot(page, `review-${name}-${scheme}-${size.width}`);
        for (const cut of await cutTexts(page)) problems.push(`${where}: cut ${cut}`);
        const text = await page.locator('body').innerText();
        const zero = NEGATIVE_ZERO.exec(text);
        if (zero) problems.push(`${where}: negative zero near "${text.slice(Math.max(0, zero.index - 30), zero.index + 10)}"`);
      }
    }
    expect(problems).toEqual([]);
  });
});

/**
 * The demo after a fresh development start (issue 34, item 6): the suite's own server starts with
 * DEMO_CONTENT off, so this test starts one as `npm start` does with the demo content on, and
 * checks that none of the content pages a newcomer opens is empty — each shows a seeded item.
 */
const DEMO_PAGES: Array<{ name: string; path: string; admin?: boolean; shows: string }> = [
  { name: 'blog', path: '/bw/blog', shows: 'Reading evaluated prices when a bond has not traded' },
  { name: 'commentary', path: '/bw/market/summary', shows: 'IG spreads tighter on the week; HY lags' },
  { name: 'messages', path: '/bw/primary/messages', shows: 'Books are over 3x covered' },
  { name: 'pricing-sheets', path: '/bw/primary/pricing-sheet', shows: 'Hypothetical A- industrial 7Y' },
  { name: 'custom-tables', path: '/bw/bond/config', shows: 'IG financials 5–10Y' },
  { name: 'alerts', path: '/bw/alerts/subscriptions', shows: 'New IG deals' },
  { name: 'admin-commentary', path: '/bw/admin/platform-commentary', admin: true, shows: 'New issues: books covered over 3x on average' },
  { name: 'admin-media', path: '/bw/admin/media', admin: true, shows: 'treasury-curve-shape.png' },
  { name: 'admin-organizations', path: '/bw/admin/organizations', admin: true, shows: 'Harbor Point Securities' },
  { name: 'admin-edgar', path: '/bw/admin/edgar', admin: true, shows: 'northwind-missing-maturity.html' },
];

test.describe('demo after a fresh development start', () => {
  test.setTimeout(900_000);

  test('every content page shows at least one seeded item, none is empty', async ({ browser }) => {
    const server = ownServer('demo', undefined, { DEMO_CONTENT: 'true' });
    try {
      await server.start();
      const empty: string[] = [];
      for (const admin of [false, true]) {
        const context = await browser.newContext({ baseURL: server.baseURL, viewport: { width: 1440, height: 900 } });
        await loginAsDemoUser(context, server.baseURL, admin ? DEMO_ADMIN : undefined);
        const page = await context.newPage();
        for (const item of DEMO_PAGES.filter((p) => (p.admin ?? false) === admin)) {
          await openRoute(page, item.path);
          const shown = page.getByText(item.shows).first();
          await shown.waitFor({ state: 'visible', timeout: 45_000 }).catch(() => empty.push(`${item.name} (${item.path})`));
          await screenshot(page, `demo-${item.name}`);
        }
        await context.close();
      }
      expect(empty, 'pages without their demo item').toEqual([]);
    } finally {
      await server.stop().catch(() => server.kill());
    }
  });
});
