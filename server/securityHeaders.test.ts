import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestContext, createTestApp } from './test/testApp';

describe('security headers on every response', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  it('a success, a refused call and an unknown path all carry the content security policy and the browser protections', async () => {
    for (const url of ['/health', '/v2/bond', '/v2/no-such-thing']) {
      const res = await ctx.app.inject({ method: 'GET', url });
      const csp = String(res.headers['content-security-policy']);
      expect(csp, url).toContain("default-src 'self'");
      expect(csp, url).toContain("frame-ancestors 'none'");
      expect(csp, url).toContain("object-src 'none'");
      expect(csp, url).toContain("style-src 'self' 'unsafe-inline'");
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['x-frame-options'], url).toBe('SAMEORIGIN');
      expect(res.headers['referrer-policy'], url).toBe('no-referrer');
      // Plain http in development and tests: HSTS is the production TLS proxy's business.
      expect(res.headers['strict-transport-security'], url).toBeUndefined();
    }
  });
});

describe('security headers in production', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    // Production requires these settings; the test app still runs on its own test database.
    ctx = await createTestApp({
      NODE_ENV: 'production',
      DATABASE_URL: 'postgres://not-used@127.0.0.1:5432/not-used',
      PUBLIC_URL: 'https://bondwise.example.com',
      SENTRY_DSN: 'https://key@o1.ingest.example.io/2',
    });
  });
  afterAll(() => ctx.close());

  it('adds HSTS and lets the page report errors to the configured Sentry origin', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/health' });
    expect(res.headers['strict-transport-security']).toMatch(/max-age=\d+/);
    expect(String(res.headers['content-security-policy'])).toContain("connect-src 'self' https://o1.ingest.example.io");
  });
});
