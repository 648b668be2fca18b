import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertTestUniverse, type TestUniverse } from '../services/market/queries/testUniverse';
import { createTestApp, signedIn, type TestContext } from './testApp';

/*
 * No route may hold the event loop (issue 33): every GET route of the route inventory — so a
 * route added tomorrow is covered without anyone remembering — is called by an administrator
 * (every feature, no trial) with its widest legal query: date ranges from the first day of
 * history to the last, every count at its schema’s maximum. What is measured is the longest
 * time the event loop could not run a timer during the call, not the call's wall time.
 *
 * Machine speed: the limit is a multiple of a fixed unit of synchronous work (parsing and
 * serialising JSON, as the server does) timed on the same loop just before, so a slower machine
 * stretches the unit and the route alike. A route over the limit is called twice more with
 * another `from` (so a memo cannot answer), and the least of its three stalls is judged: a real
 * stall repeats, the scheduler taking the CPU away for a moment does not.
 */

/**
 * The limit, in units of the reference work: about 150 ms on an idle 2-core machine. The widest
 * route held the loop about 10 units on the test universe (29 Nov 2026); the headroom is for a
 * loaded machine, where the scheduler stretches a route's block but not the unit (its fastest run).
 */
const STALL_LIMIT_UNITS = 60;
const ATTEMPTS = 3;
/** A test-only route that does the reference work this many times in one go: a known stall. */
const KNOWN_STALL_UNITS = 3 * STALL_LIMIT_UNITS;
const KNOWN_STALL_URL = '/test/known-stall';

type QueryParam = {
  in: string;
  name: string;
  required?: boolean;
  schema?: { type?: string; format?: string; maximum?: number; enum?: unknown[]; pattern?: string };
};

let ctx: TestContext;
let u: TestUniverse;
let admin: { authorization: string };
let doc: { paths: Record<string, Record<string, { parameters?: QueryParam[] }>> };

beforeAll(async () => {
  ctx = await createTestApp(
    {
      API_RATE_LIMIT_PER_MINUTE: '1000000',
      // A well-formed notification poll is held until something arrives: a tenth of a second here.
      NOTIFICATION_POLL_HOLD_MS: '100',
    },
    {
      routes: (app) =>
        app.get(KNOWN_STALL_URL, { config: { access: 'public' } }, async () => {
          for (let i = 0; i < KNOWN_STALL_UNITS; i++) referenceWork();
          return { ok: true };
        }),
    },
  );
  u = await insertTestUniverse(ctx.database.db, { bonds: 100, historyDays: 70 });
  admin = await signedIn(ctx, 'stall-admin', { admin: true });
  doc = (await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
  // The unit is timed hot, as the routes' own code runs: compiled before the first measure.
  for (let i = 0; i < 200; i++) referenceWork();
}, 240_000);
afterAll(() => ctx.close());

const REFERENCE_ROWS = Array.from({ length: 2_000 }, (_, i) => ({ id: i, cusip: `C${i}`, price: 100 + i / 1000, rating: 'BBB+' }));
/** The unit of work: what a route does with a small answer, serialise and parse JSON. */
function referenceWork(): void {
  JSON.parse(JSON.stringify(REFERENCE_ROWS));
}

/** The unit's wall time on this loop (ms): the fastest of seven, the work without preemption. */
function referenceUnitMs(): number {
  const times = Array.from({ length: 7 }, () => {
    const t = performance.now();
    referenceWork();
    return performance.now() - t;
  });
  return Math.max(Math.min(...times), 0.05);
}

/** The route's widest legal query: `attempt` moves `from` a day later, so no memo answers it. */
function widestQuery(params: QueryParam[], attempt: number): string {
  const first = u.days[attempt]!;
  const last = u.asOfDay;
  const parts: string[] = [];
  for (const p of params.filter((q) => q.in === 'query')) {
    const s = p.schema ?? {};
    const name = p.name;
    let value: string | undefined;
    if (/^(from|since|start)/i.test(name)) value = s.format === 'date-time' ? `${first}T00:00:00Z` : first;
    else if (/^(to|until|end)/i.test(name)) value = s.format === 'date-time' ? `${last}T23:59:59Z` : last;
    // A page number at its maximum is an empty page, not the widest answer.
    else if (/page$|offset/i.test(name) && name !== 'pageSize') value = undefined;
    else if ((s.type === 'integer' || s.type === 'number') && s.maximum !== undefined && s.maximum <= 100_000) value = String(s.maximum);
    else if (p.required && s.enum?.length) value = String(s.enum[0]);
    if (value !== undefined) parts.push(`${name}=${encodeURIComponent(value)}`);
  }
  return parts.length ? `?${parts.join('&')}` : '';
}

/** Path parameters from the universe: a bond, an issuer, or 1. */
function fillPath(url: string): string {
  return url.replace(/:([A-Za-z0-9_]+)\??/g, (_, name: string) => {
    if (/bond|^id$/i.test(name) && url.includes('/bond')) return String(u.bondIds[0]!);
    if (/issuer/i.test(name) || url.includes('/issuer/')) return String(u.issuerIds[0]!);
    return '1';
  });
}

/**
 * Watches the loop turn by turn: a callback re-queued with setImmediate runs once per turn, so the
 * longest gap between two runs is the longest time the loop was held. (perf_hooks' delay monitor
 * needs a timer to fire before and after a block, so it misses one that starts at once.)
 */
function watchLoop(): () => Promise<number> {
  let last = performance.now();
  let longest = 0;
  let watching = true;
  const turn = () => {
    const now = performance.now();
    longest = Math.max(longest, now - last);
    last = now;
    if (watching) setImmediate(turn);
  };
  setImmediate(turn);
  return async () => {
    watching = false;
    await new Promise(setImmediate);
    return longest;
  };
}

async function stallOf(url: string): Promise<{ ms: number; units: number; status: number }> {
  const unit = referenceUnitMs();
  const stop = watchLoop();
  const res = await ctx.app.inject({ method: 'GET', url, headers: admin });
  const ms = await stop();
  return { ms, units: ms / unit, status: res.statusCode };
}

/** The least stall of up to ATTEMPTS calls (`url(attempt)`), stopping at the first under the limit. */
async function judge(url: (attempt: number) => string): Promise<{ ms: number; units: number; status: number; url: string }> {
  let best: { ms: number; units: number; status: number; url: string } | undefined;
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const stall = { ...(await stallOf(url(attempt))), url: url(attempt) };
    if (!best || stall.units < best.units) best = stall;
    if (best.units <= STALL_LIMIT_UNITS) break;
  }
  return best!;
}

describe('no route holds the event loop', () => {
  it('a route doing three times the limit in one go is judged a stall', async () => {
    const known = await judge(() => KNOWN_STALL_URL);
    expect(known.status).toBe(200);
    if (process.env.STALL_REPORT) console.log(`${known.units.toFixed(1)}u ${known.ms.toFixed(0)}ms known stall`);
    expect(known.units).toBeGreaterThan(STALL_LIMIT_UNITS);
  });

  it('every GET route at its widest legal query stays under the stall limit', { timeout: 600_000 }, async () => {
    const routes = ctx.app.routeInventory.filter((r) => r.method === 'GET' && !r.hidden && r.declared && r.url !== KNOWN_STALL_URL);
    expect(routes.length).toBeGreaterThan(50);
    const over: string[] = [];
    for (const route of routes) {
      const openApiPath = route.url.replace(/:([A-Za-z0-9_]+)\??/g, '{$1}');
      const params = doc.paths[openApiPath]?.get?.parameters ?? [];
      const best = await judge((attempt) => fillPath(route.url) + widestQuery(params, attempt));
      if (process.env.STALL_REPORT) console.log(`${best.units.toFixed(1)}u ${best.ms.toFixed(0)}ms ${best.status} ${best.url}`);
      expect(best.status, `${best.url} answered a server error`).toBeLessThan(500);
      if (best.units > STALL_LIMIT_UNITS)
        over.push(`${best.url}: held the event loop ${best.ms.toFixed(0)} ms (${best.units.toFixed(0)} units, limit ${STALL_LIMIT_UNITS})`);
    }
    expect(over).toEqual([]);
  });
});
