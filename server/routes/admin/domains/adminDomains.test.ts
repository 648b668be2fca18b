import type { AdminDomain, AdminDomainList } from '@common/api/adminDomains';
import type { UserListPage } from '@common/api/adminUsers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeader, createAccount, login } from '../../auth/accountsTestKit';
import { createTestApp, TEST_CLOCK_START, type TestContext } from '../../../test/testApp';

describe('admin domains: who joins which organisation at sign-up, who is an employee; one organisation per domain', () => {
  let ctx: TestContext;
  let admin: { authorization: string };
  let north: string;
  let south: string;
  const clockMs = TEST_CLOCK_START;

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    ctx.app.inject({ method, url, headers: admin, ...(payload ? { payload } : {}) });
  const domains = async () => ((await call('GET', '/admin/domains')).json() as AdminDomainList).domains;
  const audit = (action: string, domain: string) =>
    ctx.database.db.selectFrom('audit_log').selectAll().where('action', '=', action).where('target_id', '=', domain).execute();
  const organizationOf = async (email: string) =>
    (await ctx.database.db.selectFrom('users').select('organization_id').where('email', '=', email).executeTakeFirstOrThrow())
      .organization_id;

  beforeAll(async () => {
    ctx = await createTestApp({}, { now: () => clockMs });
    await createAccount(ctx, 'root@example.com', { admin: true });
    admin = authHeader(await login(ctx, 'root@example.com'));
    north = (await call('POST', '/admin/organizations', { name: 'North Bank' })).json().id;
    south = (await call('POST', '/admin/organizations', { name: 'South Fund' })).json().id;
    await createAccount(ctx, 'early@north.test'); // signed up before the domain was known
  });
  afterAll(() => ctx.close());

  it('adds a domain: people on it with no organisation join, and a sign-up on it joins too', async () => {
    const res = await call('POST', '/admin/domains', { domain: ' North.TEST ', organizationId: north });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ domain: 'north.test', organization: { id: north, name: 'North Bank' }, employee: false });
    expect(await organizationOf('early@north.test')).toBe(north);
    await createAccount(ctx, 'later@mail.north.test'); // a sub-domain joins the parent's organisation
    expect(await organizationOf('later@mail.north.test')).toBe(north);
    const [entry] = await audit('domain.create', 'north.test');
    expect(entry!.details).toMatchObject({ before: null, after: { organizationId: north, employee: false }, joined: 1 });
    expect((await call('GET', '/admin/domains')).json().configuredEmployeeDomains).toEqual(ctx.config.employeeEmailDomains);
  });

  it('refuses a domain another organisation holds, naming it, and changes nothing', async () => {
    const res = await call('POST', '/admin/domains', { domain: 'north.test', organizationId: south });
    // A duplicate stays a 409, in the validator's form so a form puts it on the domain.
    expect({ status: res.statusCode, body: res.json() }).toEqual({
      status: 409,
      body: { error: 'Invalid body.domain: already belongs to North Bank (north.test)' },
    });
    // The organisations page's own domain list meets the same rule.
    const viaOrg = await call('PUT', `/admin/organizations/${south}`, { domains: ['north.test'] });
    expect(viaOrg.statusCode).toBe(409);
    expect((await domains()).map((d) => [d.domain, d.organization.id])).toEqual([['north.test', north]]);
  });

  it('refuses malformed input with 400 naming the field, and an unknown organisation with 404', async () => {
    for (const body of [
      { domain: 'not a domain', organizationId: north },
      { domain: 'x.test' },
      { domain: 'x.test', organizationId: north, employee: 'yes' },
      { domain: 'x.test', organizationId: north, extra: 1 },
    ]) {
      const res = await call('POST', '/admin/domains', body);
      expect({ body, status: res.statusCode }).toEqual({ body, status: 400 });
    }
    const [d] = await domains();
    expect((await call('PUT', '/admin/domains/north.test', { updatedAt: d!.updatedAt })).statusCode).toBe(400);
    expect((await call('PUT', '/admin/domains/north.test', { employee: true })).statusCode).toBe(400);
    expect((await call('DELETE', '/admin/domains/north.test')).statusCode).toBe(400);
    const unknown = await call('POST', '/admin/domains', { domain: 'x.test', organizationId: 'nope' });
    expect({ status: unknown.statusCode, body: unknown.json() }).toEqual({
      status: 404,
      body: { error: 'Invalid body.organizationId: is unknown: there is no organisation nope' },
    });
    const none = await call('PUT', '/admin/domains/none.test', { updatedAt: d!.updatedAt, employee: true });
    expect({ status: none.statusCode, body: none.json() }).toEqual({
      status: 404,
      body: { error: 'No organisation has the domain none.test.' },
    });
  });

  it('marks a domain employee: its people have no trial; a stale edit is refused with 409', async () => {
    const [before] = await domains();
    const res = await call('PUT', '/admin/domains/north.test', { updatedAt: before!.updatedAt, employee: true });
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as AdminDomain).employee).toBe(true);
    const none = (await call('GET', '/admin/users?trial=none')).json() as UserListPage;
    expect(none.users.map((u) => u.email)).toEqual(expect.arrayContaining(['early@north.test', 'later@mail.north.test']));
    const early = (await call('GET', `/v2/user/${none.users.find((u) => u.email === 'early@north.test')!.id}`)).json();
    expect(early.isEmployee).toBe(true);

    const stale = await call('PUT', '/admin/domains/north.test', { updatedAt: before!.updatedAt, organizationId: south });
    expect({ status: stale.statusCode, body: stale.json() }).toEqual({
      status: 409,
      body: { error: 'north.test was changed by someone else since you read it: reload and try again.' },
    });
    const [entry] = await audit('domain.update', 'north.test');
    expect(entry!.details).toMatchObject({ before: { employee: false }, after: { employee: true } });
  });

  it('moves a domain and removes it, each audited; people keep their organisation', async () => {
    const [d] = await domains();
    const moved = await call('PUT', '/admin/domains/north.test', { updatedAt: d!.updatedAt, organizationId: south });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().organization).toEqual({ id: south, name: 'South Fund' });
    const gone = await call('DELETE', `/admin/domains/north.test?updatedAt=${encodeURIComponent(moved.json().updatedAt)}`);
    expect(gone.statusCode, gone.body).toBe(204);
    expect(await domains()).toEqual([]);
    expect(await organizationOf('early@north.test')).toBe(north);
    await createAccount(ctx, 'after@north.test');
    expect(await organizationOf('after@north.test')).toBeNull();
    expect(
      (await audit('domain.update', 'north.test')).map((e) => (e.details as { after: { organizationId: string } }).after.organizationId),
    ).toContain(south);
    expect(await audit('domain.delete', 'north.test')).toHaveLength(1);
    const log = await call('GET', '/admin/audit-log?targetType=domain');
    expect(new Set((log.json().entries as { action: string }[]).map((e) => e.action))).toEqual(
      new Set(['domain.create', 'domain.update', 'domain.delete']),
    );
  });
});
