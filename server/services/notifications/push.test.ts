import { createECDH, randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signedIn, type TestContext } from '../../test/testApp';
import { createNotifications } from './notifications';
import { deliverPushes, vapidKeys } from './push';

/** A push service of our own: records what it receives; /gone/… answers 410 as an expired subscription does. */
function pushService() {
  const received: { path: string; headers: Record<string, string | string[] | undefined>; bytes: number }[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ path: req.url ?? '', headers: req.headers, bytes: Buffer.concat(chunks).length });
      res.statusCode = req.url?.startsWith('/gone/') ? 410 : 201;
      res.end();
    });
  });
  return { server, received };
}

const browserKeys = () => {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') };
};

describe('browser push delivery', () => {
  let ctx: TestContext;
  const service = pushService();
  let base: string;

  beforeAll(async () => {
    ctx = await createTestApp({ DATA_DIR: `.tmp/test-push-${process.pid}-${Date.now()}` });
    await new Promise<void>((resolve) => service.server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(service.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    service.server.close();
    await ctx.close();
  });

  it('VAPID keys are generated into DATA_DIR once and served to browsers', async () => {
    const keys = vapidKeys(ctx.config);
    expect(vapidKeys(ctx.config)).toEqual(keys);
    const res = await ctx.app.inject({ method: 'GET', url: '/v2/user/notification/push-key', headers: await signedIn(ctx, 'keyuser') });
    expect(res.json()).toEqual({ publicKey: keys.publicKey });
  });

  it('sends each new notification, encrypted and signed, to the subscriptions of users with browser notifications on; 410 removes one', async () => {
    const prefs = (on: boolean, endpoints: string[]) =>
      JSON.stringify({
        browserNotificationsOn: on,
        appNotificationsOn: true,
        browserNotifications: endpoints.map((endpoint) => ({ endpoint, expirationTime: null, keys: browserKeys() })),
      });
    await signedIn(ctx, 'pusha');
    await signedIn(ctx, 'pushb');
    await ctx.database.db
      .updateTable('users')
      .set({ notification_preferences: prefs(true, [`${base}/ok/a`, `${base}/gone/a`]) })
      .where('id', '=', 'pusha')
      .execute();
    await ctx.database.db
      .updateTable('users')
      .set({ notification_preferences: prefs(false, [`${base}/ok/b`]) })
      .where('id', '=', 'pushb')
      .execute();

    // The first run starts from now: nothing of the past is pushed.
    await createNotifications(ctx.app.db, ['pusha'], {
      type: 'other',
      category: 'other',
      payload: { text: 'old' },
      at: new Date(ctx.app.now()),
    });
    expect(await deliverPushes(ctx.app.db, ctx.config)).toEqual({ sent: 0, removed: 0, failed: 0 });
    expect(service.received).toEqual([]);

    await createNotifications(ctx.app.db, ['pusha', 'pushb'], {
      type: 'unreadmessage',
      category: 'primary_deal_messaging',
      payload: { dealId: 3, text: 'Books open' },
      at: new Date(ctx.app.now()),
    });
    expect(await deliverPushes(ctx.app.db, ctx.config)).toEqual({ sent: 1, removed: 1, failed: 0 });
    expect(service.received.map((r) => r.path).sort()).toEqual(['/gone/a', '/ok/a']);
    const ok = service.received.find((r) => r.path === '/ok/a')!;
    expect(ok.headers['content-encoding']).toBe('aes128gcm');
    expect(String(ok.headers.authorization)).toMatch(/^vapid t=.+, k=/);
    expect(ok.bytes).toBeGreaterThan(0);
    const left = await ctx.database.db
      .selectFrom('users')
      .select('notification_preferences')
      .where('id', '=', 'pusha')
      .executeTakeFirstOrThrow();
    expect(
      (left.notification_preferences as { browserNotifications: { endpoint: string }[] }).browserNotifications.map((s) => s.endpoint),
    ).toEqual([`${base}/ok/a`]);

    // Nothing new: nothing sent again.
    expect(await deliverPushes(ctx.app.db, ctx.config)).toEqual({ sent: 0, removed: 0, failed: 0 });
    expect(service.received).toHaveLength(2);
  });
});
