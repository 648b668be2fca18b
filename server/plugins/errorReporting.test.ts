import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { createTestDatabase } from '../test/testDatabase';
import type { DatabaseHandle } from '../db/database';
import { flushErrorReports } from './errorReporting';

/**
 * With SENTRY_DSN set, a server error reaches Sentry through @sentry/node. A local HTTP listener
 * stands in for Sentry's ingest (an external service, not ours); nothing leaves the machine.
 */
describe('server errors reported to Sentry', () => {
  const received: Array<{ url: string; body: string }> = [];
  let ingest: Server;
  let handle: DatabaseHandle;
  let app: Awaited<ReturnType<typeof buildApp>>;
  beforeAll(async () => {
    ingest = createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        received.push({ url: req.url ?? '', body });
        res.writeHead(200).end('{}');
      });
    });
    await new Promise<void>((resolve) => ingest.listen(0, '127.0.0.1', resolve));
    const port = (ingest.address() as { port: number }).port;
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: '.tmp/test-data',
      JWT_SECRET: 'test-secret-for-error-reporting-0123456789',
      LOG_LEVEL: 'silent',
      SENTRY_DSN: `http://publickey@127.0.0.1:${port}/7`,
    });
    handle = await createTestDatabase();
    app = await buildApp({ config, db: handle.db, logger: false });
    // A route that fails the way a bug would, to see what the error handler does with it.
    app.get('/test-failure', { config: { access: 'public' } }, async () => {
      throw new Error('the repricer divided by zero');
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await handle.close();
    await new Promise<void>((resolve) => ingest.close(() => resolve()));
  });

  it('a 5xx answers only the request id and is reported with it; a 4xx is not reported', async () => {
    const bad = await app.inject({ method: 'GET', url: '/v2/bond-tables' });
    expect(bad.statusCode).toBe(401);
    const res = await app.inject({ method: 'GET', url: '/test-failure' });
    expect(res.statusCode).toBe(500);
    expect(res.json().error).toMatch(/^Internal server error \(request .+\)$/);
    await flushErrorReports();
    const bodies = received.map((r) => r.body).join('\n');
    expect(received[0]!.url).toMatch(/^\/api\/7\/envelope\//);
    expect(bodies).toContain('the repricer divided by zero');
    expect(bodies).toContain(res.headers['x-request-id'] as string);
    expect(bodies).not.toContain('Authentication required');
  });
});
