import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signedIn, TEST_CLOCK_START, type TestContext } from '../../test/testApp';
import { forwardEvents } from './forward';
import { ingestBatch } from './ingest';
import { ensureUsagePartitions, PARTITION_DAYS_AHEAD } from './partitions';

/** A vendor endpoint the test controls: it records each body and answers the status it is told. */
function fakeVendor() {
  const bodies: unknown[] = [];
  let status = 200;
  const server: Server = createServer((req: IncomingMessage, res) => {
    let text = '';
    req.on('data', (c: Buffer) => (text += c.toString()));
    req.on('end', () => {
      bodies.push(JSON.parse(text));
      res.writeHead(status).end('{}');
    });
  });
  return {
    bodies,
    setStatus: (s: number) => (status = s),
    start: () =>
      new Promise<string>((ok) =>
        server.listen(0, '127.0.0.1', () => ok(`http://127.0.0.1:${(server.address() as AddressInfo).port}/batch/`)),
      ),
    stop: () => new Promise<void>((ok) => server.close(() => ok())),
  };
}

describe('analytics forwarding and partitions', () => {
  const NOW = TEST_CLOCK_START;
  let ctx: TestContext;
  const vendor = fakeVendor();
  let url: string;
  const event = (name: string) => ({ name, time: NOW - 500, deviceId: 'device-abcdefgh', path: '/bw/market/summary' });

  beforeAll(async () => {
    ctx = await createTestApp();
    url = await vendor.start();
    await signedIn(ctx, 'fwd-on');
    await signedIn(ctx, 'fwd-off');
  });
  afterAll(async () => {
    await vendor.stop();
    await ctx.close();
  });

  it("sends only allowed users' events, in PostHog's batch form, and moves on only past what the vendor took", async () => {
    const db = ctx.database.db;
    await ingestBatch(db, { userId: 'fwd-on', forward: true }, [event('page.view'), event('search')], NOW);
    await ingestBatch(db, { userId: 'fwd-off', forward: false }, [event('page.view')], NOW);
    const config = { vendor: 'posthog' as const, url, key: 'phc_test' };

    vendor.setStatus(503);
    expect(await forwardEvents(db, config, new Date(NOW))).toMatchObject({ processed: 0, sent: 0, status: 503 });
    vendor.setStatus(200);
    expect(await forwardEvents(db, config, new Date(NOW))).toMatchObject({ processed: 3, sent: 2, status: 200 });
    expect(await forwardEvents(db, config, new Date(NOW))).toMatchObject({ processed: 0, status: null });

    expect(vendor.bodies).toHaveLength(2);
    const accepted = vendor.bodies[1] as {
      api_key: string;
      batch: Array<{ event: string; distinct_id: string; properties: Record<string, unknown> }>;
    };
    expect(accepted.api_key).toBe('phc_test');
    expect(accepted.batch.map((b) => [b.event, b.distinct_id])).toEqual([
      ['page.view', 'fwd-on'],
      ['search', 'fwd-on'],
    ]);
    expect(accepted.batch[0]!.properties).toMatchObject({ path: '/bw/market/summary', $device_id: 'device-abcdefgh' });
    expect(String(accepted.batch[0]!.properties.$insert_id)).toMatch(/^bw-\d+$/);
  });

  it("sends Mixpanel's track form with the project token in each event", async () => {
    const db = ctx.database.db;
    await ingestBatch(db, { userId: 'fwd-on', forward: true }, [event('export')], NOW);
    await forwardEvents(db, { vendor: 'mixpanel', url, key: 'mp-token' }, new Date(NOW));
    const body = vendor.bodies.at(-1) as Array<{ event: string; properties: Record<string, unknown> }>;
    expect(body).toHaveLength(1);
    expect(body[0]).toMatchObject({ event: 'export', properties: { token: 'mp-token', distinct_id: 'fwd-on', time: NOW - 500 } });
  });

  it('makes the daily partitions ahead, once; new events land in their day; a day already in the default partition is left there', async () => {
    const db = ctx.database.db;
    const later = NOW + 30 * 24 * 3600_000;
    expect(await ensureUsagePartitions(db, later)).toHaveLength(PARTITION_DAYS_AHEAD + 1);
    expect(await ensureUsagePartitions(db, later)).toEqual([]);
    await ingestBatch(db, { userId: 'fwd-off', forward: false }, [{ ...event('after-partitions'), time: later - 500 }], later);
    const day = new Date(later).toISOString().slice(0, 10).replaceAll('-', '');
    const placed = await sql<{ partition: string }>`
      select tableoid::regclass::text as partition from analytics_events where name = 'after-partitions'`.execute(db);
    expect(placed.rows[0]!.partition).toBe(`analytics_events_p${day}`);
    // Today's events (the tests above) already sit in the default partition: today is skipped, not failed.
    const made = await ensureUsagePartitions(db, NOW);
    const today = new Date(NOW).toISOString().slice(0, 10).replaceAll('-', '');
    expect(made).not.toContain(`analytics_events_p${today}`);
    expect(made.length).toBeGreaterThan(0);
  });
});
