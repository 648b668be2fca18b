import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSentryReporter } from './reporters';

/**
 * The browser's Sentry reporter goes through @sentry/browser. A local HTTP listener stands in for
 * Sentry's ingest (an external service, not ours): what reaches it is the SDK's real envelope.
 */
describe('Sentry reporter', () => {
  const received: Array<{ url: string; body: string }> = [];
  let server: Server;
  let port: number;
  beforeAll(async () => {
    server = createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        received.push({ url: req.url ?? '', body });
        res.writeHead(200, { 'access-control-allow-origin': '*' }).end('{}');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as { port: number }).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('an error reported with a DSN arrives at that project as a Sentry envelope naming the error', async () => {
    const reporter = createSentryReporter(`http://publickey@127.0.0.1:${port}/42`);
    await reporter.report(new TypeError('x is undefined in the bond grid'));
    expect(received.length).toBeGreaterThan(0);
    const [first] = received;
    expect(first!.url).toMatch(/^\/api\/42\/envelope\//);
    expect(first!.body).toContain('x is undefined in the bond grid');
    expect(first!.body).toContain('TypeError');
  }, 20_000);
});
