import helmet from 'helmet';
import { describe, expect, it } from 'vitest';
import { headersSetBy } from './securityHeaders';

describe('security headers read off a middleware once', () => {
  it('gives exactly the headers helmet sets, and drops the ones it removes', () => {
    const headers = headersSetBy(helmet({ strictTransportSecurity: false }));
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(headers['content-security-policy']).toContain("default-src 'self'");
    expect(headers['strict-transport-security']).toBeUndefined();
    expect(Object.keys(headers).every((name) => name === name.toLowerCase())).toBe(true);
    const removing = headersSetBy((_req, res, next) => {
      res.setHeader('X-One', ['a', 'b']);
      res.setHeader('X-Two', 2);
      res.removeHeader('x-two');
      next();
    });
    expect(removing).toEqual({ 'x-one': 'a, b' });
  });

  it('refuses a middleware that finishes later or fails: its headers could depend on the request', () => {
    expect(() => headersSetBy((_req, _res, next) => setTimeout(next, 0))).toThrow(/did not finish synchronously/);
    expect(() => headersSetBy((_req, _res, next) => next(new Error('no')))).toThrow('no');
  });
});
