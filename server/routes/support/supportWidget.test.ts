import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signedIn, type TestContext } from '../../test/testApp';

/**
 * The vendor support widget (feature `intercom`): the server tells a person's browser to load it
 * only when it is configured and the feature is on for them, with the region and the identity
 * hash; the content security policy lets the messenger's hosts in only when it is configured.
 */
describe('the support widget in user info', () => {
  const secret = 'intercom-identity-secret-for-tests';
  let withWidget: TestContext;
  let without: TestContext;
  const info = async (ctx: TestContext, userId: string, headers: { authorization: string }) =>
    (await ctx.app.inject({ method: 'GET', url: `/v2/user/${userId}`, headers })).json();
  const enable = async (ctx: TestContext, admin: { authorization: string }, userId: string) => {
    const res = await ctx.app.inject({
      method: 'PUT',
      url: `/admin/features/intercom/users/${userId}`,
      headers: admin,
      payload: { level: 2 },
    });
    expect(res.statusCode).toBe(200);
  };

  beforeAll(async () => {
    withWidget = await createTestApp({ INTERCOM_APP_ID: 'abc123', INTERCOM_REGION: 'eu', INTERCOM_IDENTITY_SECRET: secret });
    without = await createTestApp();
  });
  afterAll(async () => {
    await withWidget.close();
    await without.close();
  });

  it('configured, but the feature is off by default: no widget (the built-in form)', async () => {
    const user = await signedIn(withWidget, 'widget-off');
    expect((await info(withWidget, 'widget-off', user)).supportWidget).toBeNull();
  });

  it('configured and the feature on for the person: the app id, region and identity hash of their support token', async () => {
    const user = await signedIn(withWidget, 'widget-on');
    const admin = await signedIn(withWidget, 'widget-admin', { admin: true });
    await enable(withWidget, admin, 'widget-on');
    const body = await info(withWidget, 'widget-on', user);
    expect(body.features).toContain('intercom');
    expect(body.supportWidget).toEqual({
      vendor: 'intercom',
      appId: 'abc123',
      region: 'eu',
      // signedIn gives the person the support token support-<id>.
      userHash: createHmac('sha256', secret).update('support-widget-on').digest('hex'),
    });
  });

  it('not configured: no widget even with the feature on', async () => {
    const user = await signedIn(without, 'unconfigured');
    const admin = await signedIn(without, 'unconfigured-admin', { admin: true });
    await enable(without, admin, 'unconfigured');
    const body = await info(without, 'unconfigured', user);
    expect(body.features).toContain('intercom');
    expect(body.supportWidget).toBeNull();
  });

  it("the content security policy admits the messenger's hosts only when it is configured", async () => {
    const csp = async (ctx: TestContext) =>
      String((await ctx.app.inject({ method: 'GET', url: '/health' })).headers['content-security-policy']);
    const configured = await csp(withWidget);
    expect(configured).toMatch(/script-src 'self' https:\/\/widget\.intercom\.io/);
    expect(configured).toMatch(/connect-src 'self'[^;]* https:\/\/\*\.intercom\.io/);
    expect(configured).toMatch(/frame-src 'self' https:\/\/intercom-sheets\.com/);
    const plain = await csp(without);
    expect(plain).not.toContain('intercom');
    expect(plain).toContain("script-src 'self';");
  });
});
