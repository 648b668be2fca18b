import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNotifications } from '../../services/notifications/notifications';
import { createTestApp, type TestContext } from '../../test/testApp';
import { insertDeal, insertOrganization, person } from '../../test/factories';

/** Deals and visits are stamped by the database's clock and the app's: here both are the real one. */
describe('status badges: unread messages, new deals since the last visit, unseen alerts', () => {
  let ctx: TestContext;
  let pm: { authorization: string };
  let syn: { authorization: string };

  beforeAll(async () => {
    ctx = await createTestApp();
    await insertOrganization(ctx.database.db, 'sell', { type: 'sellside' });
    await insertOrganization(ctx.database.db, 'buy', { type: 'buyside' });
    syn = await person(ctx, 'syn', 'sell', 'syndicate');
    pm = await person(ctx, 'pm', 'buy', 'pm');
  });
  afterAll(() => ctx.close());

  const badges = async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/v2/user/pm/status-badges', headers: pm });
    expect(res.statusCode).toBe(200);
    const items = res.json().items as { section: string; activeBadges: string[] }[];
    return Object.fromEntries(items.filter((i) => i.section !== 'profile').map((i) => [i.section, i.activeBadges]));
  };
  const visit = (section: string) =>
    ctx.app.inject({ method: 'POST', url: '/v2/user/pm/status-badges/visit', headers: pm, payload: { section } });

  it('starts with every menu section and no badge', async () => {
    expect(await badges()).toEqual({ market: [], primary: [], secondary: [], alerts: [] });
  });

  it('a deal announced since the last visit badges primary until the user visits it', async () => {
    const dealId = await insertDeal(ctx);
    expect((await badges()).primary).toEqual(['newDeals']);
    expect((await visit('primary')).statusCode).toBe(200);
    expect((await badges()).primary).toEqual([]);

    const sent = await ctx.app.inject({
      method: 'POST',
      url: '/v2/primary/message',
      headers: syn,
      payload: { dealId, message: 'Guidance T+130', recipients: { organizationTypes: ['buyside'] } },
    });
    expect(sent.statusCode).toBe(201);
    expect((await badges()).primary).toEqual(['unreadMessages']);
    // A visit does not read messages for the user: only marking them read clears that badge.
    await visit('primary');
    expect((await badges()).primary).toEqual(['unreadMessages']);
    await ctx.app.inject({ method: 'POST', url: '/v2/primary/message/mark-read', headers: pm, payload: { ids: [sent.json().id] } });
    expect((await badges()).primary).toEqual([]);
  });

  it('a market-hawk alert badges alerts until the user visits them; other notifications do not', async () => {
    await createNotifications(ctx.app.db, ['pm'], { type: 'other', category: 'other', at: new Date(ctx.app.now()) });
    expect((await badges()).alerts).toEqual([]);
    await createNotifications(ctx.app.db, ['pm'], {
      type: 'markethawkalert',
      category: 'markethawk',
      payload: { bondId: 1 },
      at: new Date(ctx.app.now()),
    });
    expect((await badges()).alerts).toEqual(['unseenAlerts']);
    await visit('alerts');
    expect(await badges()).toEqual({ market: [], primary: [], secondary: [], alerts: [] });
  });

  it('a visit names a known section, and only the owner records it', async () => {
    const bad = await visit('kitchen');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatch(/section/);
    const other = await ctx.app.inject({
      method: 'POST',
      url: '/v2/user/syn/status-badges/visit',
      headers: pm,
      payload: { section: 'primary' },
    });
    expect(other.statusCode).toBe(403);
  });
});
