import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFinraClient, retryAfterMs } from './client';

/** The client against a local server of the test's own: the token exchange and dropped connections. */
describe('the FINRA Query API client', () => {
  let server: Server;
  let base: string;
  const seen: { url: string; authorization: string | undefined }[] = [];
  let dropFirst = false;

  beforeAll(async () => {
    server = createServer((req, res) => {
      seen.push({ url: req.url ?? '', authorization: req.headers.authorization });
      if (req.url?.startsWith('/token')) {
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ access_token: 'tok-1', expires_in: 1800 }));
        return;
      }
      if (dropFirst) {
        dropFirst = false;
        req.socket.destroy();
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json', 'record-total': '1' }).end('[{"cusip":"037833AL4"}]');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => new Promise((resolve) => server.close(resolve)));

  it("with an API client, asks FINRA's identity platform for a token once (client credentials) and sends it as a bearer", async () => {
    seen.length = 0;
    const client = createFinraClient(
      { baseUrl: base, tokenUrl: `${base}/token`, clientId: 'bondwise', clientSecret: 's3cret' },
      { now: () => 1_000_000, sleep: async () => {} },
    );
    await client.page('corporateAndAgencySecurities', {}, 0, 10);
    await client.page('corporateAndAgencySecurities', {}, 10, 10);
    expect(seen.map((s) => s.url)).toEqual([
      '/token?grant_type=client_credentials',
      '/data/group/fixedIncomeMarket/name/corporateAndAgencySecurities',
      '/data/group/fixedIncomeMarket/name/corporateAndAgencySecurities',
    ]);
    expect(seen[0]!.authorization).toBe(`Basic ${Buffer.from('bondwise:s3cret').toString('base64')}`);
    expect(seen[1]!.authorization).toBe('Bearer tok-1');
  });

  it('a connection dropped before the answer is retried after a backoff; anonymous requests carry no token', async () => {
    seen.length = 0;
    dropFirst = true;
    const waits: number[] = [];
    const client = createFinraClient(
      { baseUrl: base, tokenUrl: `${base}/token`, clientId: undefined, clientSecret: undefined },
      { sleep: async (ms) => void waits.push(ms), backoffMs: 250, now: () => Date.UTC(2026, 10, 27) },
    );
    expect(await client.page('endOfDayPriceYield', {}, 0, 10)).toEqual({ records: [{ cusip: '037833AL4' }], total: 1 });
    expect(waits).toEqual([250]);
    expect(seen.every((s) => s.authorization === undefined)).toBe(true);
  });

  it('Retry-After is read as seconds or as an HTTP date', () => {
    expect(retryAfterMs('12', 0)).toBe(12_000);
    expect(retryAfterMs('Wed, 23 Sep 2026 22:52:50 GMT', Date.parse('Wed, 23 Sep 2026 22:52:44 GMT'))).toBe(6000);
    expect(retryAfterMs('soon', 0)).toBeNull();
  });
});
