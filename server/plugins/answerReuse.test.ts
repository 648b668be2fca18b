import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { deepFreeze } from '../services/caches/deepFreeze';
import { createTestApp, signedIn, type TestContext } from '../test/testApp';

/** How often the response schema ran: once per serialisation of an answer. */
let serialisations = 0;
const answerSchema = z.object({
  name: z.string().refine(() => {
    serialisations++;
    return true;
  }),
  // A gated field (bond_table_discount_margin): withheld for callers without the feature.
  discountMargin: z.number().nullable(),
});

const frozenAnswer = deepFreeze({ name: 'frozen', discountMargin: 120 });
const changingAnswer = { name: 'changing', discountMargin: 80 };

function answerRoutes(app: FastifyInstance): void {
  for (const [url, answer] of [
    ['/v2/test-answers/frozen', frozenAnswer],
    ['/v2/test-answers/changing', changingAnswer],
  ] as const) {
    app.get(url, { config: { access: 'user' }, schema: { hide: true, response: { 200: answerSchema } } }, async () => answer);
  }
}

describe('the same answer object served again sends its kept text only when it is frozen', () => {
  let ctx: TestContext;
  let entitled: { authorization: string };
  let withoutFeature: { authorization: string };
  const get = (url: string, headers: { authorization: string }) => ctx.app.inject({ method: 'GET', url, headers });

  beforeAll(async () => {
    ctx = await createTestApp({}, { routes: answerRoutes });
    entitled = await signedIn(ctx, 'reuse-entitled');
    withoutFeature = await signedIn(ctx, 'reuse-without-dm');
    const admin = await signedIn(ctx, 'reuse-admin', { admin: true });
    const revoke = await ctx.app.inject({
      method: 'PUT',
      url: '/admin/features/bond_table_discount_margin/users/reuse-without-dm',
      headers: admin,
      payload: { level: 0 },
    });
    expect(revoke.statusCode).toBe(200);
  });
  afterAll(() => ctx.close());

  it('a frozen answer asked for three times is serialised once and answered the same each time', async () => {
    const before = serialisations;
    const bodies = [];
    for (let k = 0; k < 3; k++) {
      const res = await get('/v2/test-answers/frozen', entitled);
      expect(res.statusCode).toBe(200);
      bodies.push(res.json());
    }
    expect(serialisations - before).toBe(1);
    expect(bodies).toEqual(Array(3).fill({ name: 'frozen', discountMargin: 120 }));
  });

  it('an answer that is not frozen is serialised on every request, and a change to it shows in the next answer', async () => {
    const before = serialisations;
    expect((await get('/v2/test-answers/changing', entitled)).json()).toEqual({ name: 'changing', discountMargin: 80 });
    changingAnswer.discountMargin = 95;
    expect((await get('/v2/test-answers/changing', entitled)).json()).toEqual({ name: 'changing', discountMargin: 95 });
    expect(serialisations - before).toBe(2);
  });

  it('the text kept for an entitled caller is not sent to a caller without the feature: each variant is kept apart', async () => {
    // The entitled caller's text is kept by now (the first scenario, or this request).
    expect((await get('/v2/test-answers/frozen', entitled)).json().discountMargin).toBe(120);
    const before = serialisations;
    for (let k = 0; k < 2; k++) {
      expect((await get('/v2/test-answers/frozen', withoutFeature)).json()).toEqual({ name: 'frozen', discountMargin: null });
    }
    // The withheld variant is serialised once, then kept too; the entitled one is still as it was.
    expect(serialisations - before).toBe(1);
    expect((await get('/v2/test-answers/frozen', entitled)).json().discountMargin).toBe(120);
    expect(serialisations - before).toBe(1);
  });

  it('a frozen answer cannot be changed by whoever holds it', () => {
    expect(() => {
      (frozenAnswer as { discountMargin: number }).discountMargin = 0;
    }).toThrow(TypeError);
  });
});
