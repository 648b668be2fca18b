import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FeatureName } from '@common/features';
import { NOTIFICATION_TYPES } from '@common/enums';
import { evaluateHawk } from '../services/hawk/evaluate';
import { seedUniverse } from '../services/market/simulator/index';
import { createTestApp, signedIn, type TestContext } from '../test/testApp';
import { GATED_DATA, GATED_FIELD_NAMES, type GatedDatum } from './gatedData';

/**
 * The generated test of gated data: for each gated datum, every route of the route inventory and
 * every notification kind, as a user without its feature on a seeded market, and no value of it
 * may come back — under a declared spelling or any other. A user with every feature walks the
 * same routes first, so a datum the walk never meets fails too (the test cannot pass by missing it).
 */

const END = '2026-11-20'; // a Friday: the last close; "today" is the next Monday
const NOW = Date.parse('2026-11-23T15:00:00Z');
let clock = NOW;

/** An S&P rating with its notch (BB+, A-): no other datum in an answer is written so (buckets are AA, BBB…). */
const SP_NOTCHED = /(?<![A-Za-z0-9])(AA|A|BBB|BB|B|CCC)[+-](?![A-Za-z0-9+-])/;

/** GET routes of the inventory that need a query to answer; the rest are called bare. */
const QUERIES: Record<string, (ids: Ids) => string> = {
  '/v2/market/term-structure-change': (ids) => `?issuerId=${ids.issuer}&from=2026-11-12&to=${END}`,
  '/v2/help/article': () => '?path=getting-started',
  '/v2/search': () => '?q=bond',
  '/v2/bond/sparklines': (ids) => `?ids=${ids.bond}`,
  '/v2/issuer': () => '?q=a',
  '/v2/user/notification/poll': () => '?cursor=0',
  '/v2/bond/:id/price-history': () => '?from=2026-11-01',
  '/v2/market/index': () => '?from=2026-11-12',
  '/v2/market/accuracy': () => '?from=2026-11-12',
};

/** Routes a walk cannot answer with data, and why (anything else must answer 200 to the user with every feature). */
const NOT_WALKED: Record<string, string> = {
  'GET /v2/blog/feed.atom': 'public',
  'GET /v2/blog/posts/:ref': 'no post on a seeded market',
  'GET /v2/share/:uuid': 'no share on a seeded market',
  'GET /v2/user/notification/push-key': 'no push key configured in tests',
  'GET /v2/help/article': 'help articles are not indexed in tests',
  'GET /v2/blog/manage': 'blog authors only',
};

interface Ids {
  bond: number;
  issuer: number;
  deal: number;
}

/** What each walking user owns (owner-only routes answer their owner). */
interface Owned {
  subscription: number;
  sheet: number;
  table: string;
}

interface Answer {
  route: string;
  url: string;
  status: number;
  body: unknown;
  text: string;
}

describe('gated data reaches only the callers with its feature', () => {
  let ctx: TestContext;
  let ids: Ids;
  const withAll = 'gated-with-all';
  const without = (feature: FeatureName) => `gated-without-${feature}`;
  const auth = new Map<string, { authorization: string }>();
  const walks = new Map<string, Answer[]>();
  const owned = new Map<string, Owned>();

  async function call(userId: string, method: 'GET' | 'POST', url: string, payload?: object) {
    return ctx.app.inject({ method, url, headers: auth.get(userId)!, ...(payload ? { payload } : {}) });
  }

  async function walk(userId: string): Promise<Answer[]> {
    const answers: Answer[] = [];
    for (const r of ctx.app.routeInventory) {
      if (r.method !== 'GET' || !r.url.startsWith('/v2/') || NOT_WALKED[`GET ${r.url}`]) continue;
      const path = r.url.replace(/:([A-Za-z]+)/g, (_, name: string) => paramFor(r.url, name, userId));
      const url = path + (QUERIES[r.url]?.(ids) ?? '');
      answers.push(await answerOf(`GET ${r.url}`, url, await call(userId, 'GET', url)));
    }
    // The reads that take a body: the calculator, its workbook, a rule's backtest.
    const calculation = { issuerId: ids.issuer, tranches: [{ tenorYears: 10, sizeMm: 500 }] };
    for (const [route, body] of [
      ['POST /v2/primary/calculator', calculation],
      ['POST /v2/primary/calculator/xlsx', calculation],
      [
        'POST /v2/hawk/backtest',
        { rule: { kind: 'rating', agencies: ['moody'] }, target: { kind: 'issuer', issuerId: ids.issuer }, frequency: { type: 'daily' } },
      ],
    ] as const) {
      const url = route.slice(5);
      answers.push(await answerOf(route, url, await call(userId, 'POST', url, body)));
    }
    return answers;
  }

  function paramFor(url: string, name: string, userId: string): string {
    if (url.startsWith('/v2/user/')) return userId;
    const mine = owned.get(userId)!;
    if (url.startsWith('/v2/bond-tables/')) return mine.table;
    if (url.startsWith('/v2/bond/')) return String(ids.bond);
    if (url.startsWith('/v2/issuer/')) return String(ids.issuer);
    if (url.startsWith('/v2/primary/deal/')) return String(ids.deal);
    if (url.startsWith('/v2/hawk/subscriptions/')) return String(mine.subscription);
    if (url.startsWith('/v2/primary/pricing-sheet/')) return String(mine.sheet);
    return `unknown-${name}`;
  }

  async function answerOf(route: string, url: string, res: Awaited<ReturnType<typeof call>>): Promise<Answer> {
    const type = String(res.headers['content-type'] ?? '');
    let body: unknown = null;
    let text = res.body;
    if (type.includes('json')) body = res.json();
    else if (type.includes('spreadsheetml')) {
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
      text = book.worksheets.flatMap((s) => s.getSheetValues().flat().map(String)).join('\n');
    }
    return { route, url, status: res.statusCode, body, text };
  }

  beforeAll(async () => {
    ctx = await createTestApp({}, { now: () => clock });
    const { db } = ctx.database;
    await seedUniverse(db, { bonds: 80, historyDays: 15, seed: 21, endDate: END, now: ctx.app.now });
    auth.set(withAll, await signedIn(ctx, withAll));
    for (const d of GATED_DATA) {
      auth.set(without(d.feature), await signedIn(ctx, without(d.feature)));
      await db
        .insertInto('feature_levels')
        .values({ scope: 'user', scope_id: without(d.feature), feature: d.feature, level: 0, updated_by: null })
        .onConflict((oc) => oc.doNothing())
        .execute();
    }
    // A floating-rate bond (a discount margin and both ratings), its issuer, a priced deal with comparables.
    const frn = await db
      .selectFrom('bonds')
      .select(['id', 'issuer_id'])
      .where('coupon_type', '=', 'floating')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const deal = await sql<{ id: number }>`select d.id from deals d where d.status = 'priced' order by d.priced_at desc limit 1`.execute(
      db,
    );
    ids = { bond: frn.id, issuer: frn.issuer_id, deal: deal.rows[0]!.id };
    for (const userId of auth.keys()) {
      const created = async (url: string, body: object) => {
        const res = await call(userId, 'POST', url, body);
        expect(res.statusCode, res.body).toBe(201);
        return res.json() as { id: number | string };
      };
      const sheet = await created('/v2/primary/pricing-sheet', {
        name: 'Walk',
        content: { issuerId: ids.issuer, tranches: [{ tenorYears: 10, sizeMm: 500 }] },
      });
      const table = await created('/v2/bond-tables', { name: 'Walk' });
      const subscription = await created('/v2/hawk/subscriptions', {
        rule: { kind: 'rating', agencies: ['moody'] },
        target: { kind: 'bond', bondId: ids.bond },
        frequency: { type: 'daily' },
      });
      owned.set(userId, { sheet: Number(sheet.id), table: String(table.id), subscription: Number(subscription.id) });
    }
  }, 240_000);
  afterAll(() => ctx.close());

  it('every response schema spells gated data only as declared', async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as { paths: Record<string, unknown> };
    const undeclared = new Set<string>();
    const visit = (schema: unknown, where: string): void => {
      if (!schema || typeof schema !== 'object') return;
      const s = schema as { properties?: Record<string, unknown> };
      for (const key of Object.keys(s.properties ?? {})) {
        const looksGated = /(^|[^a-z])s(&)?p([^a-z]|$)|ratingsp|sprating|discountmargin/i.test(key);
        const declared =
          GATED_FIELD_NAMES.has(key) || GATED_DATA.some((d) => d.pairedKey?.key === key && d.pairedKey.beside in s.properties!);
        if (looksGated && !declared) undeclared.add(`${where}: ${key}`);
      }
      for (const value of Object.values(schema)) visit(value, where);
    };
    // Administrators' routes carry what they administer (an EDGAR term sheet's ratings): only /v2 answers are gated.
    for (const [path, operations] of Object.entries(doc.paths).filter(([p]) => p.startsWith('/v2/'))) {
      for (const [method, op] of Object.entries(operations as Record<string, { responses?: unknown }>))
        visit(op.responses, `${method} ${path}`);
    }
    expect([...undeclared]).toEqual([]);
  });

  it('a user with every feature gets an answer from every route the walk calls, and meets every gated datum', async () => {
    const answers = await walk(withAll);
    walks.set(withAll, answers);
    expect(answers.filter((a) => a.status !== 200).map((a) => `${a.route} ${a.status} ${a.text.slice(0, 120)}`)).toEqual([]);
    for (const datum of GATED_DATA)
      expect(
        answers.some((a) => valuesOf(datum, a).length > 0),
        datum.name,
      ).toBe(true);
  }, 300_000);

  it.each(GATED_DATA.map((d) => [d.feature, d] as const))(
    'a user without %s gets no value of it from any route',
    async (feature, datum) => {
      const answers = await walk(without(feature));
      const leaks = answers.flatMap((a) => valuesOf(datum, a).map((v) => `${a.route}: ${v}`));
      expect(leaks).toEqual([]);
      // The walk reached the same routes (a refusal is no proof of withholding).
      const reached = answers.filter((a) => a.status === 200).map((a) => a.route);
      expect(reached.length).toBeGreaterThan(walks.get(withAll)!.length / 2);
    },
    300_000,
  );

  it('every notification kind is considered: rating alerts on the gated agency reach no one without its feature', async () => {
    // The kinds a user may receive; a new kind fails here until it is considered below.
    expect([...NOTIFICATION_TYPES]).toEqual(['markethawkalert', 'other', 'unreadmessage']);
    const { db } = ctx.database;
    const owner = without('s_and_p_ratings');
    // A rating rule on both agencies, saved before the owner lost S&P ratings (the API refuses it now).
    const rule = { kind: 'rating', agencies: ['sp', 'moody'], direction: 'any' };
    const saved = await call(owner, 'POST', '/v2/hawk/subscriptions', {
      rule,
      target: { kind: 'bond', bondId: ids.bond },
      frequency: { type: 'every', cooldownMinutes: 1 },
    });
    expect(saved.statusCode).toBe(403);
    expect(saved.json().error).toContain('s_and_p_ratings');
    const backtest = await call(owner, 'POST', '/v2/hawk/backtest', {
      rule,
      target: { kind: 'bond', bondId: ids.bond },
      frequency: { type: 'daily' },
    });
    expect(backtest.statusCode).toBe(403);
    const level = db.deleteFrom('feature_levels').where('scope_id', '=', owner).where('feature', '=', 's_and_p_ratings');
    await level.execute();
    const before = await call(owner, 'POST', '/v2/hawk/subscriptions', {
      rule,
      target: { kind: 'bond', bondId: ids.bond },
      frequency: { type: 'every', cooldownMinutes: 1 },
      channels: ['in_app', 'email'],
    });
    expect(before.statusCode, before.body).toBe(201);
    await db
      .insertInto('feature_levels')
      .values({ scope: 'user', scope_id: owner, feature: 's_and_p_ratings', level: 0, updated_by: null })
      .execute();
    await evaluateHawk(db, ctx.config, new Date(clock)); // the seeded ratings are history
    clock += 60_000;
    for (const [agency, rating] of [
      ['sp', 'CCC-'],
      ['moody', 'Caa3'],
    ] as const)
      await db.insertInto('bond_ratings').values({ bond_id: ids.bond, agency, rating, effective_date: '2026-11-23' }).execute();
    clock += 60_000;
    await evaluateHawk(db, ctx.config, new Date(clock));

    const poll = await call(owner, 'GET', '/v2/user/notification/poll?cursor=0');
    const firings = await call(owner, 'GET', '/v2/hawk/firings');
    const mail = await db
      .selectFrom('email_outbox')
      .select(['subject', 'text_body'])
      .where('to_address', '=', `${owner}@bondwise.com`)
      .execute();
    const told = [poll.body, firings.body, JSON.stringify(mail)].join('\n');
    // Moody's change reached the owner; S&P's did not, on any channel (the rule's own name may say "S&P").
    expect(firings.statusCode).toBe(200);
    expect(told).toContain("Moody's downgrade");
    expect(told).toContain('Caa3');
    expect(told).not.toContain('CCC-');
    expect(told).not.toContain('S&P downgrade');
  }, 60_000);
});

/** Every value of a datum found in an answer: under its declared spellings, its paths, or (S&P) by its look. */
function valuesOf(datum: GatedDatum, a: Answer): string[] {
  const found: string[] = [];
  const visit = (value: unknown, parent: object | null, key: string | null, depth: number): void => {
    if (key !== null && parent !== null) {
      const named = datum.fields.includes(key) || (datum.pairedKey?.key === key && datum.pairedKey.beside in parent);
      if (named && value !== null && value !== undefined) found.push(`${key}=${JSON.stringify(value)}`);
    }
    if (datum.entry && value && typeof value === 'object' && (value as Record<string, unknown>)[datum.entry.key] === datum.entry.value)
      found.push(`entry ${JSON.stringify(value)}`);
    if (typeof value === 'string' && datum.hawkRatingAgency && SP_NOTCHED.test(value)) found.push(`${key}="${value}"`);
    if (value && typeof value === 'object' && depth < 14)
      for (const [k, v] of Object.entries(value)) visit(v, value, Array.isArray(value) ? key : k, depth + 1);
  };
  if (a.body !== null) visit(a.body, null, null, 0);
  else if (datum.hawkRatingAgency && SP_NOTCHED.test(a.text)) found.push(`text "${a.text.match(SP_NOTCHED)![0]}"`);
  for (const p of datum.routePaths ?? []) {
    if (p.route !== a.route || a.body === null) continue; // a workbook is read as text above
    for (const v of at(a.body, p.path)) {
      const empty = v === null || (Array.isArray(v) && v.length === 0);
      if (!empty && (!p.when || p.when(a.body as Record<string, unknown>))) found.push(`${p.path.join('.')}=${JSON.stringify(v)}`);
    }
  }
  return found;
}

function at(value: unknown, path: readonly string[]): unknown[] {
  if (path.length === 0) return [value];
  if (value === null || typeof value !== 'object') return [];
  const [head, ...rest] = path;
  if (head === '*') return Array.isArray(value) ? value.flatMap((v) => at(v, rest)) : [];
  return head! in value ? at((value as Record<string, unknown>)[head!], rest) : [];
}
