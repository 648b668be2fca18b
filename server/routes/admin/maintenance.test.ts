import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signedIn, TEST_CLOCK_START, type TestContext } from '../../test/testApp';

/**
 * Maintenance with the administrators' message and a scheduled window, on the app's injected
 * clock: the gate closes at the window's start with the message, health carries it, and it
 * opens again at the end without anyone switching.
 */
describe('maintenance message and schedule', () => {
  const HOUR = 3600_000;
  // A day before the usual start, so access tokens (signed on the machine's clock) stay valid as the test moves time.
  let nowMs = TEST_CLOCK_START - 24 * HOUR;
  let ctx: TestContext;
  let admin: { authorization: string };
  let user: { authorization: string };
  const at = (offsetHours: number) => new Date(nowMs + offsetHours * HOUR).toISOString();
  const put = (payload: object) => ctx.app.inject({ method: 'PUT', url: '/admin/maintenance', headers: admin, payload });
  const productCall = () => ctx.app.inject({ method: 'GET', url: '/v2/bond?limit=1', headers: user });
  // /health answers from its last reading while a fresh one is under way, so a change shows on a later check.
  const health = async () => (await ctx.app.inject({ method: 'GET', url: '/health' })).json();
  const healthSoon = (expected: object) => expect.poll(health, { timeout: 5_000, interval: 10 }).toMatchObject(expected);

  beforeAll(async () => {
    ctx = await createTestApp({}, { now: () => nowMs });
    admin = await signedIn(ctx, 'maint-admin', { admin: true });
    user = await signedIn(ctx, 'maint-user');
  });
  afterAll(() => ctx.close());

  it('a window ahead leaves the product open; inside it the gate answers the message; after it, open again', async () => {
    const message = 'Upgrading the pricing engine; back by 03:00 New York time.';
    const saved = await put({ maintenanceMode: false, message, startsAt: at(1), endsAt: at(2) });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ maintenanceMode: false, message, active: false });
    expect((await productCall()).statusCode).not.toBe(503);
    await healthSoon({ maintenanceMode: false });
    expect((await health()).maintenanceMessage).toBeUndefined();

    nowMs += 1.5 * HOUR;
    const closed = await productCall();
    expect(closed.statusCode).toBe(503);
    expect(closed.headers['x-bondwise-maintenance']).toBe('on');
    expect(closed.json()).toEqual({ error: message });
    await healthSoon({ maintenanceMode: true, maintenanceMessage: message });
    const state = await ctx.app.inject({ method: 'GET', url: '/admin/maintenance', headers: admin });
    expect(state.json()).toMatchObject({ maintenanceMode: false, active: true });

    nowMs += 1 * HOUR;
    expect((await productCall()).statusCode).not.toBe(503);
    await healthSoon({ maintenanceMode: false });
  });

  it('switched on, the standard notice answers when the message is cleared; each change is audited with before and after', async () => {
    await put({ maintenanceMode: true, message: null, startsAt: null, endsAt: null });
    const closed = await productCall();
    expect(closed.statusCode).toBe(503);
    expect(closed.json().error).toMatch(/closed for maintenance/);
    await put({ maintenanceMode: false });
    const audit = await ctx.database.db
      .selectFrom('audit_log')
      .select(['action', 'details'])
      .where('target_id', '=', 'maintenance_mode')
      .orderBy('id')
      .execute();
    expect(audit.map((a) => a.action)).toEqual(['maintenance.update', 'maintenance.enable', 'maintenance.disable']);
    expect(audit[1]!.details).toMatchObject({ before: { maintenanceMode: false }, after: { maintenanceMode: true, message: null } });
  });

  it('refuses a window that ends before it starts, an end without a start and an over-long message, changing nothing', async () => {
    const before = (await ctx.app.inject({ method: 'GET', url: '/admin/maintenance', headers: admin })).json();
    const backwards = await put({ maintenanceMode: false, startsAt: at(3), endsAt: at(2) });
    expect({ status: backwards.statusCode, body: backwards.json() }).toEqual({
      status: 400,
      body: { error: 'Invalid body.endsAt: must be after the scheduled start' },
    });
    const endOnly = await put({ maintenanceMode: false, endsAt: at(2) });
    expect({ status: endOnly.statusCode, body: endOnly.json() }).toEqual({
      status: 400,
      body: { error: 'Invalid body.endsAt: needs a scheduled start: a window has a start' },
    });
    const long = await put({ maintenanceMode: false, message: 'x'.repeat(501) });
    expect(long.statusCode).toBe(400);
    expect(long.json().error).toMatch(/message/);
    const notADate = await put({ maintenanceMode: false, startsAt: 'tomorrow' });
    expect(notADate.statusCode).toBe(400);
    expect(notADate.json().error).toMatch(/startsAt/);
    expect((await ctx.app.inject({ method: 'GET', url: '/admin/maintenance', headers: admin })).json()).toEqual(before);
  });
});
