import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signedIn, type TestContext } from '../../test/testApp';

describe('browser error reports and the maintenance gate', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  it('a report is stored with the reporting user and the request id', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/v2/client-errors',
      headers: { ...(await signedIn(ctx, 'user-7')), 'x-request-id': 'req-abc' },
      payload: { message: 'TypeError: x is undefined', url: '/app/#/bw/bond', userAgent: 'Chromium' },
    });
    expect(res.statusCode).toBe(202);
    const rows = await ctx.database.db.selectFrom('client_errors').selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ message: 'TypeError: x is undefined', user_id: 'user-7', request_id: 'req-abc' });
  });

  it('a report without a message is refused naming the field, and nothing is stored', async () => {
    const before = await ctx.database.db.selectFrom('client_errors').select('id').execute();
    const res = await ctx.app.inject({ method: 'POST', url: '/v2/client-errors', payload: { url: '/app/' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatch(/body\.message/);
    expect(await ctx.database.db.selectFrom('client_errors').select('id').execute()).toHaveLength(before.length);
  });

  it('during maintenance a user gets 503 on the product API, an admin passes, health and reports stay open', async () => {
    const admin = await signedIn(ctx, 'admin-1', { admin: true });
    await ctx.app.inject({ method: 'PUT', url: '/admin/maintenance', headers: admin, payload: { maintenanceMode: true } });
    // No wait: an instance that switches maintenance itself forgets its cached read of the flag.
    const user = await ctx.app.inject({ method: 'GET', url: '/v2/bond', headers: await signedIn(ctx, 'user-7') });
    expect(user.statusCode).toBe(503);
    expect(user.json().error).toMatch(/maintenance/);
    const asAdmin = await ctx.app.inject({ method: 'GET', url: '/v2/bond?limit=1', headers: admin });
    expect(asAdmin.statusCode).toBe(200);
    expect((await ctx.app.inject({ method: 'GET', url: '/health' })).statusCode).toBe(200);
    const report = await ctx.app.inject({ method: 'POST', url: '/v2/client-errors', payload: { message: 'still reported' } });
    expect(report.statusCode).toBe(202);
    await ctx.app.inject({ method: 'PUT', url: '/admin/maintenance', headers: admin, payload: { maintenanceMode: false } });
  });
});
