import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestContext } from '../test/testApp';
import { DEFAULT_EXPENSIVE_LIMITS } from './expensiveLimit';

/**
 * A test-only expensive route whose requests are held until the test lets them go: what "a
 * slow request in flight" is, without depending on how long anything takes. Each request is
 * named (`?name=`): two requests sent one after the other may reach the handler in either order
 * (signing and checking their tokens runs on the thread pool), so the test lets a request go by
 * its name, never by its place in the queue.
 */
const SLOW = '/v2/test-only/slow';

interface Held {
  caller: string;
  name: string;
  finish: () => void;
}

let ctx: TestContext;
const held: Held[] = [];
const arrivals: Array<() => void> = [];

/** Resolves once `count` requests are inside the slow route's handler. */
function untilHeld(count: number): Promise<void> {
  if (held.length >= count) return Promise.resolve();
  return new Promise((resolve) => {
    const check = () => (held.length >= count ? resolve() : arrivals.push(check));
    arrivals.push(check);
  });
}

/** Lets the held request of this name answer. */
function finish(name: string): void {
  const at = held.findIndex((h) => h.name === name);
  if (at < 0) throw new Error(`No request named ${name} is held (held: ${held.map((h) => h.name).join(', ') || 'none'})`);
  held.splice(at, 1)[0]!.finish();
}

/** One turn of the event loop: a finished response's slot is freed when its connection closes. */
const settled = () => new Promise((resolve) => setImmediate(resolve));

const slow = async (user: string, name: string): Promise<LightMyRequestResponse> =>
  ctx.app.inject({ method: 'GET', url: SLOW, query: { name }, headers: await bearer(user) });

beforeAll(async () => {
  ctx = await createTestApp(
    {},
    {
      routes: (app) =>
        app.get(SLOW, { config: { access: 'user', expensive: true } }, async (request) => {
          await new Promise<void>((finish) => {
            held.push({ caller: request.auth!.userId, name: (request.query as { name: string }).name, finish });
            for (const wake of arrivals.splice(0)) wake();
          });
          return { ok: true };
        }),
    },
  );
});

afterAll(async () => {
  for (const h of held.splice(0)) h.finish();
  await ctx?.close();
});

describe('expensive routes, per caller', () => {
  it('a user with two slow requests in flight gets a 429 with Retry-After on a third; another user is not held up; the slot frees when one finishes', async () => {
    expect(DEFAULT_EXPENSIVE_LIMITS.perCaller).toBe(2);
    const first = slow('user-a', 'a1');
    const second = slow('user-a', 'a2');
    await untilHeld(2);

    const third = await slow('user-a', 'a3');
    expect(third.statusCode).toBe(429);
    expect(Number(third.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(third.json().error).toMatch(/^You already have 2 heavy requests in progress \(at most 2 at a time\): try again in \d+ s$/);

    // Another user runs while user A is at the limit.
    const other = slow('user-b', 'b1');
    await untilHeld(3);
    finish('b1');
    expect((await other).statusCode).toBe(200);

    // One of A's requests finishes: A may send another.
    finish('a1');
    expect((await first).statusCode).toBe(200);
    await settled();
    const again = slow('user-a', 'a4');
    await untilHeld(2);
    expect(held.filter((h) => h.caller === 'user-a').map((h) => h.name)).toEqual(expect.arrayContaining(['a2', 'a4']));

    finish('a2');
    finish('a4');
    expect((await second).statusCode).toBe(200);
    expect((await again).statusCode).toBe(200);
  });

  it('past the instance-wide number running at once, a request waits its turn in the queue and runs when a slot frees', async () => {
    await settled();
    const { running } = DEFAULT_EXPENSIVE_LIMITS;
    const users = Array.from({ length: running / 2 }, (_, i) => `busy-${i}`);
    const busy = users.flatMap((u) => [slow(u, `${u}-1`), slow(u, `${u}-2`)]);
    await untilHeld(running);

    let answered = false;
    const queued = slow('patient', 'patient').then((res) => {
      answered = true;
      return res;
    });
    // Every route but the expensive ones is answered meanwhile; the queued one is not started.
    expect((await ctx.app.inject({ method: 'GET', url: '/health' })).statusCode).toBe(200);
    await settled();
    expect(held.some((h) => h.caller === 'patient')).toBe(false);
    expect(answered).toBe(false);

    finish(held.find((h) => h.caller === users[0])!.name);
    await untilHeld(running);
    expect(held.some((h) => h.caller === 'patient')).toBe(true);
    finish('patient');
    expect((await queued).statusCode).toBe(200);

    for (const h of held.splice(0)) h.finish();
    expect((await Promise.all(busy)).map((r) => r.statusCode)).toEqual(busy.map(() => 200));
  });
});
