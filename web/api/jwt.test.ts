import { describe, expect, it } from 'vitest';
import { decodeJwt, hasScope, isExpired, msUntilExpiry } from './jwt';

import { makeJwt } from '../test/jwt';

describe('JWT rule (spec §5)', () => {
  it('a token without exactly 3 dot-separated parts is invalid', () => {
    expect(() => decodeJwt('abc')).toThrow('Invalid JWT token');
    expect(() => decodeJwt('a.b')).toThrow('Invalid JWT token');
    expect(() => decodeJwt('a.b.c.d')).toThrow('Invalid JWT token');
  });

  it('a 3-part token whose payload is not JSON is invalid', () => {
    expect(() => decodeJwt('a.!!!.c')).toThrow('Invalid JWT token');
  });

  it('decodes the payload claims (base64url, UTF-8)', () => {
    expect(decodeJwt(makeJwt({ sub: 'u1', name: 'Zoë', scope: 'user admin' }))).toMatchObject({ sub: 'u1', name: 'Zoë' });
  });

  it('a token without exp never expires', () => {
    const payload = decodeJwt(makeJwt({ sub: 'u1' }));
    expect(msUntilExpiry(payload)).toBe(Number.POSITIVE_INFINITY);
    expect(isExpired(payload, Date.now() + 1e12)).toBe(false);
  });

  it('a token with exp expires at exp', () => {
    const payload = decodeJwt(makeJwt({ exp: 1_000 }));
    expect(msUntilExpiry(payload, 999_000)).toBe(1_000);
    expect(isExpired(payload, 999_000)).toBe(false);
    expect(isExpired(payload, 1_000_000)).toBe(true);
  });

  it('the admin scope is read from the space-separated scope claim', () => {
    expect(hasScope(decodeJwt(makeJwt({ scope: 'user admin' })), 'admin')).toBe(true);
    expect(hasScope(decodeJwt(makeJwt({ scope: 'user administrator' })), 'admin')).toBe(false);
    expect(hasScope(decodeJwt(makeJwt({})), 'admin')).toBe(false);
  });
});
