import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { bondListResponseSchema } from '../../common/api/bond';
import { compileStringifier, createResponseSerializer } from './responseSerializer';

describe('responses written from the zod contracts', () => {
  it('writes only the declared fields, as zod would: nothing a presenter adds by mistake leaks', () => {
    const stringify = compileStringifier(z.object({ id: z.number(), name: z.string().nullable(), note: z.string().optional() }))!;
    expect(stringify({ id: 1, name: null, passwordHash: 'argon2id$…' })).toBe('{"id":1,"name":null}');
    expect(stringify({ id: 2, name: 'A', note: 'n' })).toBe('{"id":2,"name":"A","note":"n"}');
  });

  it('writes a bond-table page exactly as the zod encoder does', () => {
    const page = {
      total: 2,
      offset: 0,
      limit: 100,
      asOf: '2026-11-20T21:00:00.000Z',
      rows: [
        { id: 7, bondIdentifier: '037833DX5', price: 99.125, gSpread: 85.4, ratingSP: 'AA+', isBenchmark: true, nextCallDate: null },
        { id: 9, price: null },
      ],
    };
    const fast = compileStringifier(bondListResponseSchema)!;
    expect(fast).not.toBeNull();
    expect(JSON.parse(fast(page))).toEqual(JSON.parse(JSON.stringify(z.encode(bondListResponseSchema, page as never))));
  });

  it('leaves schemas JSON Schema cannot express to zod', () => {
    expect(compileStringifier(z.object({ at: z.date() }))).toBeNull();
    expect(compileStringifier(z.string().transform((s) => s.length))).toBeNull();
  });

  it('still refuses, outside production, a response that breaks its contract', () => {
    const route = { schema: z.object({ n: z.number() }), method: 'GET', url: '/x', httpStatus: '200' };
    const checked = createResponseSerializer({ verify: true })(route as never);
    expect(() => checked({ n: 'x' })).toThrow();
    expect(checked({ n: 1 })).toBe('{"n":1}');
    const production = createResponseSerializer({ verify: false })(route as never);
    expect(production({ n: 2, extra: true })).toBe('{"n":2}');
  });
});
