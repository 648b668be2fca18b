import AxeBuilder from '@axe-core/playwright';
import { test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { writeFileSync, mkdirSync } from 'node:fs';
import type { BondListResponse } from '../common/api/bond';
import { EDGAR_PATHS } from '../common/api/edgar';
import { HELP_PATHS, type HelpArticlesResponse } from '../common/api/help';
import { BLOG_PATHS } from '../common/api/blogPaths';
import { PRIMARY_PATHS, type DealListResponse } from '../common/api/primary';
import { DARK_MODE_OFF, DARK_MODE_ON, STORAGE_KEYS } from '../common/constants';
import { ROUTES } from '../web/routes';
import type { RouteDef } from '../web/routing/routeDef';
import { expect } from './support/accounts';
import { navigateUntilApiQuiet } from './support/apiQuiet';
import { apiGet, apiSession, DEMO_ADMIN, DEMO_USER, loginAsDemoUser, type LoggedIn } from './support/login';

/**
 * The accessibility pass (issue 34, item 5): axe-core over every page of the route table
 * (web/routes.tsx), as each role that can open it, in the light and the dark colour scheme. A
 * serious or critical WCAG 2 A/AA violation fails the test with its rule, page, role, scheme and
 * the elements concerned. The pages come from the table itself, so a new page is checked
 * without anyone adding it here; a new route parameter needs an example below (the test says so).
 */

type Role = 'anonymous' | 'user' | 'admin';
type Scheme = 'light' | 'dark';

const ROLES: Role[] = ['anonymous', 'user', 'admin'];
const SCHEMES: Scheme[] = ['light', 'dark'];
/**
 * WCAG 2.0 and 2.1, levels A and AA. WCAG 2.2's one AA rule axe checks, target-size (24 px
 * targets), is not in: the desk's dense tables (22 px rows, a 12 px "history" link beside each
 * bond) are a design choice of the product, to be weighed on its own.
 */
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const FAILING_IMPACTS = new Set(['serious', 'critical']);

/** Who can open a route: the authentication pages only the anonymous (others are sent onward). */
function rolesFor(route: RouteDef): Role[] {
  switch (route.access) {
    case 'public':
      return route.authPage ? ['anonymous'] : ROLES;
    case 'special':
      return ROLES;
    case 'user':
      return ['user', 'admin'];
    case 'admin':
      return ['admin'];
  }
}

/** Real ids from the seeded market (read once), and stand-ins where the seed has nothing to point at. */
type Examples = Record<string, string>;

async function loadExamples(admin: LoggedIn): Promise<Examples> {
  const bonds = await apiGet<BondListResponse>(admin, '/v2/bond?limit=2&columns=bondIdentifier&sort=volume&sortDesc=true');
  const deals = await apiGet<DealListResponse>(admin, PRIMARY_PATHS.deals);
  const issuers = await apiGet<{ issuers: Array<{ id: number }> }>(admin, '/v2/issuer?q=a&limit=1');
  const filings = await apiGet<{ filings: Array<{ id: number }> }>(admin, EDGAR_PATHS.filings);
  const posts = await apiGet<{ posts: Array<{ slug: string }> }>(admin, BLOG_PATHS.posts);
  const help = await apiGet<HelpArticlesResponse>(admin, HELP_PATHS.articles);
  const missingUuid = '00000000-0000-4000-8000-000000000000';
  return {
    bondId: String(bonds.rows[0]!.id),
    bondIds: bonds.rows.map((b) => b.id).join(','),
    dealId: String(deals.deals[0]?.id ?? 1),
    issuerId: String(issuers.issuers[0]?.id ?? 1),
    // The browser tests start with no filings or posts (DEMO_CONTENT=false): then the page's "not found" state is checked.
    edgarId: String(filings.filings[0]?.id ?? 1),
    postSlug: posts.posts[0]?.slug ?? 'no-such-post',
    '*': help.articles.find((a) => a.kind === 'article')?.path ?? help.articles[0]!.path,
    metric: 'spread',
    tenor: '10Y',
    segment: 'IG',
    // Links from e-mails: an unknown code shows the page's refusal, which is what a stale link meets.
    code: 'no-such-code',
    inviteCode: 'no-such-invitation',
    disableCode: 'no-such-disable-code',
    uuid: missingUuid,
  };
}

/** The route's address with its parameters filled in; optional ones without an example are left out. */
function addressOf(route: RouteDef, examples: Examples): string {
  if (route.path === '*') return '/bw/no-such-page';
  return route.path
    .replace(/\/:([A-Za-z]+)(\?)?/g, (_, name: string, optional?: string) => {
      const value = examples[name];
      if (value === undefined && !optional) throw new Error(`${route.path}: give the accessibility test an example for :${name}`);
      return value === undefined ? '' : `/${value}`;
    })
    .replace(/\/\*$/, `/${examples['*']}`);
}

/** The pages to check: every route with a page, except logout (opening it ends the session the next pages need). */
function pagesFor(role: Role, examples: Examples): Array<{ route: RouteDef; address: string }> {
  return ROUTES.filter((r) => r.page && r.path !== '/bw/logout' && rolesFor(r).includes(role)).map((route) => ({
    route,
    address: addressOf(route, examples),
  }));
}

/**
 * Waits for the page to settle: no API call in flight (the notification long-poll aside: it is
 * held open by design, so "network idle" never comes while a user is logged in) for 500 ms, and
 * no loader or "Loading" text on screen.
 */
async function openAndSettle(page: Page, address: string, first: boolean): Promise<void> {
  await navigateUntilApiQuiet(
    page,
    async () => {
      if (first) await page.goto(`/app/#${address}`);
      else await page.evaluate((hash) => (window.location.hash = hash), address);
      await expect(page.locator('#root *:visible').first()).toBeVisible();
    },
    { quietMs: 500 },
  );
  // A part still loading after 15 s is checked as it is: this test is about what is on screen.
  await expect(page.locator('.mantine-Loader:visible'))
    .toHaveCount(0, { timeout: 15_000 })
    .catch(() => undefined);
  await expect(page.getByText(/^Loading/).filter({ visible: true }))
    .toHaveCount(0, { timeout: 15_000 })
    .catch(() => undefined);
  // Mantine's transitions (menus, modals fading in) last up to 200 ms; colours are judged after them.
  await page.waitForTimeout(250);
}

interface Finding {
  rule: string;
  impact: string;
  page: string;
  role: Role;
  scheme: Scheme;
  help: string;
  targets: string[];
  /** axe's account of each element (for contrast: the two colours and the ratio found). */
  why: string[];
}

async function contextFor(browser: Browser, role: Role, scheme: Scheme): Promise<BrowserContext> {
  const context = await browser.newContext({ colorScheme: scheme });
  await context.addInitScript(
    ([key, value]) => localStorage.setItem(key!, value!),
    [STORAGE_KEYS.darkMode, scheme === 'dark' ? DARK_MODE_ON : DARK_MODE_OFF],
  );
  if (role !== 'anonymous') await loginAsDemoUser(context, undefined, role === 'admin' ? DEMO_ADMIN : DEMO_USER);
  return context;
}

test.describe('accessibility (axe-core, WCAG 2 A/AA)', () => {
  let examples: Examples;

  test.beforeAll(async () => {
    examples = await loadExamples(await apiSession(DEMO_ADMIN));
  });

  for (const role of ROLES) {
    for (const scheme of SCHEMES) {
      test(`every page ${role === 'anonymous' ? 'open without a login' : `a ${role} can open`}, ${scheme} scheme: no serious or critical violation`, async ({
        browser,
      }) => {
        // About 60 pages for an admin: on a loaded 2-core machine each takes 10-30 s to settle and check.
        test.setTimeout(1_800_000);
        const context = await contextFor(browser, role, scheme);
        const page = await context.newPage();
        const findings: Finding[] = [];
        mkdirSync('test-results', { recursive: true });
        let first = true;
        for (const { address } of pagesFor(role, examples)) {
          await openAndSettle(page, address, first);
          first = role === 'anonymous'; // a public page may send the tab elsewhere; start each afresh
          const result = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
          for (const v of result.violations) {
            findings.push({
              rule: v.id,
              impact: v.impact ?? 'unknown',
              page: address,
              role,
              scheme,
              help: v.help,
              targets: v.nodes.map((n) => n.target.join(' ')),
              why: v.nodes.map((n) => `${n.html.slice(0, 200)} ${n.failureSummary ?? ''}`),
            });
          }
          // Written after each page, so a run cut short still leaves what it found.
          writeFileSync(`test-results/axe-${role}-${scheme}.json`, JSON.stringify(findings, null, 2));
        }
        await context.close();
        const failing = findings
          .filter((f) => FAILING_IMPACTS.has(f.impact))
          .map(
            (f) =>
              `${f.impact} ${f.rule} on ${f.page} (${f.role}, ${f.scheme}): ${f.help} — ${f.targets.slice(0, 3).join(' | ')}${f.targets.length > 3 ? ` (+${f.targets.length - 3} more)` : ''}: ${f.why[0] ?? ''}`,
          );
        expect(failing).toEqual([]);
      });
    }
  }
});
