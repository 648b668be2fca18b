import { errorResponseSchema } from '@common/api/shared';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineRoutes } from './defineRoute';

const app = Fastify().decorate('now', () => Date.UTC(2026, 10, 29, 12));
const { route, now } = defineRoutes(app, { tag: 'issuer' });
const params = z.object({ id: z.coerce.number() });
const answer = z.object({ id: z.number() });

describe('one route definition supplies the tag, the security, the refusals and the clock', () => {
  it('a market-data route: bearer security, and the refusals its declaration implies', () => {
    const options = route({
      access: 'user',
      subscription: true,
      expensive: true,
      summary: 'One issuer',
      params,
      response: { 200: answer },
    });
    expect(options.config).toEqual({ access: 'user', subscription: true, expensive: true });
    expect(options.schema.tags).toEqual(['issuer']);
    expect(options.schema.security).toEqual([{ bearer: [] }]);
    expect(Object.keys(options.schema.response)).toEqual(['200', '400', '401', '402', '403', '404', '429']);
    expect(options.schema.response[404]).toBe(errorResponseSchema);
    expect(options.schema.response[200]).toBe(answer);
  });

  it('a public route without input: no security, no 400, 401 or 403; listed refusals are added; its own answers win', () => {
    const own = z.object({ error: z.string(), report: z.string() });
    const options = route({ access: 'public', bodyLimit: 10, summary: 'Open', response: { 200: answer, 409: own }, errors: [409, 410] });
    expect(options.schema.security).toBeUndefined();
    expect(options.bodyLimit).toBe(10);
    expect(Object.keys(options.schema.response)).toEqual(['200', '409', '410']);
    expect(options.schema.response[409]).toBe(own);
  });

  it('a route answering a file declares no response, so the document keeps its default answer', () => {
    expect('response' in route({ access: 'user', summary: 'A CSV', querystring: params }).schema).toBe(false);
  });

  it('refuses an option it does not know, rather than dropping it', () => {
    expect(() => route({ access: 'user', summary: 'Odd', hide: true } as never)).toThrow(
      'route "Odd": unknown option hide (add it to defineRoute.ts)',
    );
  });

  it("gives the app's clock, not the machine's", () => {
    expect(now().toISOString()).toBe('2026-11-29T12:00:00.000Z');
  });
});
