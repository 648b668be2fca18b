import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestContext } from '../../test/testApp';

describe('health and maintenance mode', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  it('a fresh server reports ok and not in maintenance', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', maintenanceMode: false, db: 'up' });
    expect(res.headers['x-request-id']).toBeTruthy();
  });

  it('an anonymous caller cannot switch maintenance on', async () => {
    const res = await ctx.app.inject({ method: 'PUT', url: '/admin/maintenance', payload: { maintenanceMode: true } });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: 'Authentication required' });
  });

  it('a user who is not an admin is refused with 403', async () => {
    const res = await ctx.app.inject({
      method: 'PUT',
      url: '/admin/maintenance',
      headers: await bearer('user-1'),
      payload: { maintenanceMode: true },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toMatch(/Administrator/);
  });

  it('a malformed body is a 400 naming the field', async () => {
    const res = await ctx.app.inject({
      method: 'PUT',
      url: '/admin/maintenance',
      headers: await bearer('admin-1', { admin: true }),
      payload: { maintenanceMode: 'yes' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatch(/body\.maintenanceMode/);
  });

  it('an admin switches maintenance on, health shows it, the change is audited, and off again', async () => {
    const admin = await bearer('admin-1', { admin: true });
    const on = await ctx.app.inject({ method: 'PUT', url: '/admin/maintenance', headers: admin, payload: { maintenanceMode: true } });
    expect(on.statusCode).toBe(200);
    expect((await ctx.app.inject({ method: 'GET', url: '/health' })).json()).toEqual({ status: 'ok', maintenanceMode: true, db: 'up' });
    const audit = await ctx.database.db.selectFrom('audit_log').selectAll().where('action', '=', 'maintenance.enable').execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]!.actor_user_id).toBe('admin-1');

    const off = await ctx.app.inject({ method: 'PUT', url: '/admin/maintenance', headers: admin, payload: { maintenanceMode: false } });
    expect(off.json()).toEqual({ maintenanceMode: false, message: null, startsAt: null, endsAt: null, active: false });
    expect((await ctx.app.inject({ method: 'GET', url: '/health' })).json().maintenanceMode).toBe(false);
  });

  it('an unknown path answers a JSON 404', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/v2/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'No route GET /v2/nothing-here' });
  });

  it('a body over the limit answers 413 in the error shape', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/v2/client-errors',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ message: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ error: 'Request body is too large' });
  });

  it('the OpenAPI document lists the routes and the reference page is served', async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/health', '/admin/maintenance', '/v2/client-errors']));
    const page = await ctx.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('swagger');
  });

  it('with API_DOCS_PUBLIC off (the production default) the API document answers signed-in callers only', async () => {
    const closed = await createTestApp({ API_DOCS_PUBLIC: 'false' });
    try {
      for (const url of ['/api/openapi.json', '/api/docs/json', '/api/docs/']) {
        const anonymous = await closed.app.inject({ method: 'GET', url });
        expect(anonymous.statusCode, url).toBe(401);
        expect(anonymous.json().error).toMatch(/signed-in/);
      }
      const doc = await closed.app.inject({ method: 'GET', url: '/api/openapi.json', headers: await bearer('docs-reader') });
      expect(doc.statusCode).toBe(200);
      expect(Object.keys(doc.json().paths)).toContain('/health');
    } finally {
      await closed.close();
    }
  });

  it('the maintenance gate marks its 503 so an open tab can tell maintenance from an outage', async () => {
    const admin = await bearer('admin-1', { admin: true });
    await ctx.app.inject({ method: 'PUT', url: '/admin/maintenance', headers: admin, payload: { maintenanceMode: true } });
    const gated = await ctx.app.inject({ method: 'GET', url: '/v2/user/user-1', headers: await bearer('user-1') });
    expect(gated.statusCode).toBe(503);
    expect(gated.headers['x-bondwise-maintenance']).toBe('on');
    expect(gated.json()).toEqual({ error: expect.stringMatching(/maintenance/) });
    // Percent-encoding the path reaches the same route, so it meets the same gate, for every method.
    for (const [method, url] of [
      ['GET', '/%76%32/bond-tables'],
      ['POST', '/%76%32/bond-tables'],
      ['DELETE', '/%76%32/bond-tables/t-1'],
    ] as const) {
      const encoded = await ctx.app.inject({ method, url, headers: await bearer('user-1') });
      expect({ method, status: encoded.statusCode }).toEqual({ method, status: 503 });
    }
    await ctx.app.inject({ method: 'PUT', url: '/admin/maintenance', headers: admin, payload: { maintenanceMode: false } });
  });
});
