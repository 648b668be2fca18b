import { describe, expect, it } from 'vitest';
import { path, patternsOf } from './path';

describe('a shared path is the server pattern and the client builder at once', () => {
  it('builds the URL from named parameters, each encoded as one segment', () => {
    const tranche = path('/admin/deal/:id/tranche/:trancheId');
    expect(tranche.pattern).toBe('/admin/deal/:id/tranche/:trancheId');
    expect(tranche({ id: 7, trancheId: 'a b/c' })).toBe('/admin/deal/7/tranche/a%20b%2Fc');
  });

  it('refuses a pattern without parameters, and a call missing one', () => {
    expect(() => path('/v2/issuer')).toThrow('/v2/issuer has no :params: write it as a plain string');
    const issuer = path('/v2/issuer/:id');
    expect(() => issuer({} as { id: number })).toThrow('/v2/issuer/:id needs :id');
  });

  it('lists the patterns of a paths object: plain strings and parametrised paths', () => {
    expect(patternsOf({ list: '/v2/issuer', one: path('/v2/issuer/:id'), note: 3 })).toEqual(['/v2/issuer', '/v2/issuer/:id']);
  });
});
