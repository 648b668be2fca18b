import { createECDH, randomBytes, type ECDH } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { test, type CDPSession } from '@playwright/test';
import type { DealListResponse } from '../common/api/primary';
import type { NotificationPreferences } from '../common/api/user';
import { createAccount, expect, loginThroughPage } from './support/accounts';
import { E2E_BASE_URL } from './support/environment';
import { apiGet, apiSend, apiSession, DEMO_ADMIN, openRoute } from './support/login';

/**
 * Browser push end to end: the server's push job encrypts a notification with the VAPID keys and
 * posts it to the subscription's endpoint — here a push service this test runs on 127.0.0.1,
 * because Chromium's own push service is on the internet. Like a real push service, ours hands
 * the message to the browser: it decrypts it with the subscription's private key (so the server's
 * RFC 8291 encryption is checked for real) and delivers it to the page's service worker through
 * the DevTools protocol (ServiceWorker.deliverPushMessage). The worker must then show it.
 */
const ece = createRequire(import.meta.url)('http_ece') as {
  decrypt(buffer: Buffer, params: { version: 'aes128gcm'; privateKey: ECDH; authSecret: string }): Buffer;
};
const day = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);

interface Received {
  path: string;
  authorization: string;
  ttl: string;
  payload: Record<string, unknown>;
}

/** The test's push service: decrypts what it receives and passes it to `deliver`. */
function pushService(keys: ECDH, authSecret: string, deliver: (text: string) => Promise<void>) {
  const received: Received[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const text = ece.decrypt(Buffer.concat(chunks), { version: 'aes128gcm', privateKey: keys, authSecret }).toString('utf8');
      received.push({
        path: req.url ?? '',
        authorization: String(req.headers.authorization ?? ''),
        ttl: String(req.headers.ttl ?? ''),
        payload: JSON.parse(text) as Record<string, unknown>,
      });
      res.statusCode = 201;
      res.end();
      deliver(text).catch((e: unknown) => console.warn('push delivery to the service worker failed', e));
    });
  });
  return { server, received };
}

/** The registration id of the app's service worker, as DevTools sees it. */
async function workerRegistration(cdp: CDPSession): Promise<string> {
  return new Promise((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const ours = registrations.find((r) => !r.isDeleted && r.scopeURL.startsWith(`${E2E_BASE_URL}/app/`));
      if (ours) resolve(ours.registrationId);
    });
    void cdp.send('ServiceWorker.enable');
  });
}

test.describe('browser push', () => {
  test.setTimeout(150_000);

  test('a deal message reaches the service worker through a push service and is shown as a browser notification', async ({
    page,
    context,
  }) => {
    await context.grantPermissions(['notifications'], { origin: E2E_BASE_URL });
    const reader = await createAccount();
    const readerApi = await apiSession(reader);
    const admin = await apiSession(DEMO_ADMIN);
    const { deals } = await apiGet<DealListResponse>(readerApi, `/v2/primary/deal?from=${day(-90)}&to=${day(0)}`);
    const dealId = deals[0]!.id;
    await apiSend(readerApi, 'PUT', `/v2/primary/message/follow/${dealId}`);

    const cdp = await context.newCDPSession(page);
    const registrationId = workerRegistration(cdp);
    const keys = createECDH('prime256v1');
    keys.generateKeys();
    const authSecret = randomBytes(16).toString('base64url');
    const service = pushService(keys, authSecret, async (data) => {
      await cdp.send('ServiceWorker.deliverPushMessage', { origin: E2E_BASE_URL, registrationId: await registrationId, data });
    });
    await new Promise<void>((resolve) => service.server.listen(0, '127.0.0.1', resolve));
    try {
      const endpoint = `http://127.0.0.1:${(service.server.address() as AddressInfo).port}/push/${readerApi.userId}`;
      // This device's subscription, as the app stores it after PushManager.subscribe.
      const prefs: NotificationPreferences = {
        browserNotificationsOn: true,
        appNotificationsOn: true,
        emailDigestOn: true,
        browserNotifications: [
          { endpoint, expirationTime: null, keys: { p256dh: keys.getPublicKey().toString('base64url'), auth: authSecret } },
        ],
      };
      await apiSend(readerApi, 'PUT', `/v2/user/${readerApi.userId}/notification-preferences`, prefs);

      await loginThroughPage(page, reader.email, reader.password);
      // The app registers its service worker 1 s after login.
      await registrationId;
      await apiSend(admin, 'POST', '/v2/primary/message', { dealId, message: 'Books closing at 11:00', recipients: { followers: true } });

      await expect.poll(() => service.received.length, { timeout: 30_000 }).toBe(1);
      const [push] = service.received;
      expect(push!.path).toBe(`/push/${readerApi.userId}`);
      expect(push!.authorization).toMatch(/^vapid t=[\w-]+\.[\w-]+\.[\w-]+, k=[\w-]+$/);
      expect(push!.payload).toEqual({ title: 'New deal message', body: 'Books closing at 11:00', dealId });
      const shown = () =>
        page.evaluate(async () => {
          const registration = await navigator.serviceWorker.getRegistration('/app/');
          const list = registration ? await registration.getNotifications() : [];
          return list.map((n) => ({ title: n.title, body: n.body, url: (n.data as { url?: string } | null)?.url ?? null }));
        });
      await expect
        .poll(shown, { timeout: 20_000 })
        .toEqual([{ title: 'New deal message', body: 'Books closing at 11:00', url: `/app/#/bw/primary/pricing/${dealId}` }]);
    } finally {
      service.server.close();
    }
  });

  test('turning browser notifications on asks the browser: granted it is saved on, refused it stays off and says why', async ({
    page,
    context,
  }) => {
    const user = await createAccount();
    const userApi = await apiSession(user);
    const saved = async () =>
      (await apiGet<{ notificationPreferences: NotificationPreferences }>(userApi, `/v2/user/${userApi.userId}`)).notificationPreferences
        .browserNotificationsOn;
    await apiSend(userApi, 'PUT', `/v2/user/${userApi.userId}/notification-preferences`, {
      browserNotificationsOn: false,
      appNotificationsOn: true,
      emailDigestOn: false,
      browserNotifications: [],
    } satisfies NotificationPreferences);
    await loginThroughPage(page, user.email, user.password);
    await openRoute(page, '/bw/profile');
    const browserSwitch = page.getByTestId('notifications-browser');

    // Not granted: Chromium refuses the prompt of a context without the permission; the switch
    // stays off and the server keeps it off.
    await context.clearPermissions();
    await browserSwitch.click();
    await expect(page.getByTestId('notifications-browser-blocked')).toBeVisible();
    await expect(browserSwitch).not.toBeChecked();
    expect(await saved()).toBe(false);

    // Granted: the switch turns on and the preference is saved on the server.
    await context.grantPermissions(['notifications'], { origin: E2E_BASE_URL });
    await browserSwitch.click();
    await expect(browserSwitch).toBeChecked();
    await expect.poll(saved).toBe(true);
  });
});
