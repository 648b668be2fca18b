import type { AdminUserDetail, UserListPage } from '@common/api/adminUsers';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeader, createAccount, login, post } from '../../auth/accountsTestKit';
import { createTestApp, TEST_CLOCK_START, type TestContext } from '../../../test/testApp';

const DAY = 24 * 3600 * 1000;

describe('admin users: find people on the server, see one, act on them — audited, versioned, no secrets', () => {
  let ctx: TestContext;
  let admin: { authorization: string };
  let adminId: string;
  const ids: Record<string, string> = {};
  // The server's clock, fixed at the start: trials and sign-ins are placed relative to it.
  const clockMs = TEST_CLOCK_START;

  const get = (url: string) => ctx.app.inject({ method: 'GET', url, headers: admin });
  const send = (method: 'POST' | 'PUT', url: string, payload: object, headers = admin) => ctx.app.inject({ method, url, headers, payload });
  const list = async (query: string) => {
    const res = await get(`/admin/users?${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as UserListPage;
  };
  const detail = async (id: string) => {
    const res = await get(`/admin/users/${id}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as AdminUserDetail;
  };
  const auditOf = (action: string, targetId: string) =>
    ctx.database.db.selectFrom('audit_log').selectAll().where('action', '=', action).where('target_id', '=', targetId).execute();

  beforeAll(async () => {
    ctx = await createTestApp({}, { now: () => clockMs });
    const db = ctx.database.db;
    adminId = (await createAccount(ctx, 'chief@example.com', { admin: true, name: 'Chief Admin' })).id;
    admin = authHeader(await login(ctx, 'chief@example.com'));
    const org = await send('POST', '/admin/organizations', { name: 'Acme Capital', domains: ['acme.test'] });
    expect(org.statusCode).toBe(201);
    for (const [key, email, name] of [
      ['ann', 'ann@acme.test', 'Ann Archer'],
      ['bob', 'bob@acme.test', 'Bob Baker'],
      ['cat', 'cat@solo.test', 'Cat 100%_Cole'],
      ['dan', 'dan@solo.test', 'Dan Dent'],
    ] as const) {
      ids[key] = (await createAccount(ctx, email, { name })).id;
    }
    // Trials: Ann's runs for weeks, Bob's ends in two days, Cat's ended, Dan's ended but is extended.
    const at = (days: number) => new Date(clockMs + days * DAY);
    await db
      .updateTable('users')
      .set({ trial_ends_at: at(20) })
      .where('id', '=', ids.ann!)
      .execute();
    await db
      .updateTable('users')
      .set({ trial_ends_at: at(2) })
      .where('id', '=', ids.bob!)
      .execute();
    await db
      .updateTable('users')
      .set({ trial_ends_at: at(-5) })
      .where('id', '=', ids.cat!)
      .execute();
    await db
      .updateTable('users')
      .set({ trial_ends_at: at(-5), trial_extended_until: at(10) })
      .where('id', '=', ids.dan!)
      .execute();
    await login(ctx, 'ann@acme.test'); // Ann signs in (a session, a last sign-in)
    await db
      .updateTable('users')
      .set({ last_login_at: at(-40) })
      .where('id', '=', ids.bob!)
      .execute();
  });
  afterAll(() => ctx.close());

  it('searches e-mail and name in any case, a wildcard taken literally, and counts the matches', async () => {
    expect((await list('q=ACME')).users.map((u) => u.email)).toEqual(['ann@acme.test', 'bob@acme.test']);
    expect((await list('q=baker')).users.map((u) => u.email)).toEqual(['bob@acme.test']);
    expect((await list('q=100%25_')).users.map((u) => u.email)).toEqual(['cat@solo.test']);
    expect((await list('q=%25')).users.map((u) => u.email)).toEqual(['cat@solo.test']);
    const all = await list('limit=2');
    expect(all.total).toBe(5);
    expect(all.users).toHaveLength(2);
  });

  it('filters by organisation, role, status, trial and last sign-in', async () => {
    const { organizations } = (await get('/admin/organizations')).json() as { organizations: { id: string; name: string }[] };
    const acme = organizations.find((o) => o.name === 'Acme Capital')!;
    const emails = async (q: string) => (await list(q)).users.map((u) => u.email);
    expect(await emails(`organizationId=${acme.id}`)).toEqual(['ann@acme.test', 'bob@acme.test']);
    expect(await emails('organizationId=none')).toEqual(['cat@solo.test', 'chief@example.com', 'dan@solo.test']);
    expect(await emails('role=admin')).toEqual(['chief@example.com']);
    expect(await emails('trial=trial')).toEqual(['ann@acme.test']);
    expect(await emails('trial=trialEnding')).toEqual(['bob@acme.test']);
    expect(await emails('trial=trialEnded')).toEqual(['cat@solo.test']);
    expect(await emails('trial=trialExtension')).toEqual(['dan@solo.test']);
    expect(await emails('trial=none')).toEqual(['chief@example.com']);
    expect(await emails('status=active&q=solo')).toEqual(['cat@solo.test', 'dan@solo.test']);
    const since = new Date(clockMs - 7 * DAY).toISOString();
    expect(await emails(`lastLoginFrom=${since}`)).toEqual(['ann@acme.test', 'chief@example.com']);
    expect(await emails(`lastLoginBefore=${since}`)).toEqual(['bob@acme.test', 'cat@solo.test', 'dan@solo.test']);
    // Each row's trial is the state the person is told (the filter and the row agree).
    expect((await list('q=dan')).users[0]!.trial.state).toBe('trialExtension');
  });

  it('sorts on the server, ties by id, pages without overlap', async () => {
    const byName = await list('sort=name&descending=true');
    expect(byName.users.map((u) => u.name)).toEqual(['Dan Dent', 'Chief Admin', 'Cat 100%_Cole', 'Bob Baker', 'Ann Archer']);
    const byLogin = await list('sort=lastLogin');
    expect(byLogin.users[0]!.email).toBe('bob@acme.test');
    expect(
      byLogin.users
        .slice(1, 3)
        .map((u) => u.email)
        .sort(),
    ).toEqual(['ann@acme.test', 'chief@example.com']);
    expect(byLogin.users.slice(3).every((u) => u.lastLoginAt === null)).toBe(true);
    const pages = [
      await list('sort=created&limit=2&page=0'),
      await list('sort=created&limit=2&page=1'),
      await list('sort=created&limit=2&page=2'),
    ];
    const seen = pages.flatMap((p) => p.users.map((u) => u.id));
    expect(new Set(seen).size).toBe(5);
  });

  it('refuses a malformed query with 400 naming the field', async () => {
    for (const q of [
      'role=owner',
      'status=gone',
      'trial=forever',
      'sort=password',
      'limit=0',
      'limit=201',
      'page=-1',
      'lastLoginFrom=yesterday',
      'nope=1',
    ]) {
      const res = await get(`/admin/users?${q}`);
      expect({ q, status: res.statusCode }).toEqual({ q, status: 400 });
      expect(res.json().error).toEqual(expect.any(String));
    }
  });

  it('shows one person with sessions, second factors by kind and date, features and trial — never a hash or a secret', async () => {
    const db = ctx.database.db;
    const secret = 'JBSWY3DPEHPK3PXPSECRETVALUE';
    await db
      .updateTable('users')
      .set({ totp_secret: secret, totp_enabled_at: new Date(clockMs - DAY) })
      .where('id', '=', ids.ann!)
      .execute();
    await sql`insert into passkeys (id, user_id, public_key, counter, transports, name)
      values ('cred-ann', ${ids.ann}, ${Buffer.from('public-key-bytes')}, 0, '[]'::jsonb, 'Ann laptop')`.execute(db);
    const res = await get(`/admin/users/${ids.ann}`);
    expect(res.statusCode).toBe(200);
    const ann = res.json() as AdminUserDetail;
    expect(ann).toMatchObject({ email: 'ann@acme.test', role: 'user', status: 'active', organization: { name: 'Acme Capital' } });
    expect(ann.sessions).toHaveLength(1);
    expect(ann.secondFactors.map((f) => [f.kind, f.name])).toEqual([
      ['totp', null],
      ['passkey', 'Ann laptop'],
    ]);
    expect(ann.trial.state).toBe('trial');
    expect(ann.features.find((f) => f.name === 'blog')).toEqual({ name: 'blog', level: 2, override: null });
    const row = await db.selectFrom('users').select(['password_hash']).where('id', '=', ids.ann!).executeTakeFirstOrThrow();
    const session = await db.selectFrom('user_sessions').select('refresh_hash').where('user_id', '=', ids.ann!).executeTakeFirstOrThrow();
    for (const hidden of [secret, row.password_hash, session.refresh_hash, 'cred-ann', 'password', 'hash', 'secret'])
      expect(res.body).not.toContain(hidden);
    expect((await get('/admin/users/nobody')).statusCode).toBe(404);
  });

  it('lock ends the sessions and refuses every sign-in until unlock; both audited with before and after', async () => {
    const bobAuth = await login(ctx, 'bob@acme.test');
    const bob = await detail(ids.bob!);
    expect(bob.sessions).toHaveLength(1);
    const locked = await send('POST', `/admin/users/${ids.bob}/lock`, { version: bob.version });
    expect(locked.statusCode, locked.body).toBe(200);
    expect(locked.json()).toMatchObject({ status: 'locked', lockedBy: adminId, sessions: [], version: bob.version + 1 });
    const signIn = await post(ctx, '/auth/login/start?v=2', { email: 'bob@acme.test', password: 'Correct-Horse-42' });
    expect(signIn.statusCode).toBe(423);
    expect(signIn.json().error).toMatch(/locked by an administrator/);
    const refresh = await ctx.app.inject({
      method: 'POST',
      url: '/auth/refresh',
      cookies: { bw_refresh: bobAuth.refresh.value },
    });
    expect(refresh.statusCode).toBe(401);
    expect((await list('status=locked')).users.map((u) => u.email)).toEqual(['bob@acme.test']);

    const unlocked = await send('POST', `/admin/users/${ids.bob}/unlock`, { version: bob.version + 1 });
    expect(unlocked.statusCode, unlocked.body).toBe(200);
    expect(unlocked.json().status).toBe('active');
    await login(ctx, 'bob@acme.test');

    const [lockEntry] = await auditOf('user.lock', ids.bob!);
    expect(lockEntry).toMatchObject({ actor_user_id: adminId, target_type: 'user' });
    expect(lockEntry!.details).toMatchObject({ before: { locked: false, activeSessions: 1 }, after: { locked: true, activeSessions: 0 } });
    const [unlockEntry] = await auditOf('user.unlock', ids.bob!);
    expect(unlockEntry!.details).toMatchObject({ before: { locked: true }, after: { locked: false } });
  });

  it('an action on an older version is refused with 409 and changes nothing', async () => {
    const cat = await detail(ids.cat!);
    expect((await send('POST', `/admin/users/${ids.cat}/lock`, { version: cat.version })).statusCode).toBe(200);
    // A second admin, still looking at the version before the lock, tries to log Cat out.
    const stale = await send('POST', `/admin/users/${ids.cat}/logout`, { version: cat.version });
    expect({ status: stale.statusCode, body: stale.json() }).toEqual({
      status: 409,
      body: {
        error: `This person was changed by someone else since you opened them (version ${cat.version}, now ${cat.version + 1}): reload and try again.`,
      },
    });
    expect(await auditOf('user.logout', ids.cat!)).toHaveLength(0);
    expect((await detail(ids.cat!)).version).toBe(cat.version + 1);
  });

  it('force logout, reset second factors, change role, set features: each audited, none revealing a secret', async () => {
    let ann = await detail(ids.ann!);
    const out = await send('POST', `/admin/users/${ids.ann}/logout`, { version: ann.version });
    expect(out.statusCode, out.body).toBe(200);
    expect(out.json().sessions).toEqual([]);
    ann = out.json();

    const reset = await send('POST', `/admin/users/${ids.ann}/reset-second-factors`, { version: ann.version });
    expect(reset.statusCode, reset.body).toBe(200);
    expect(reset.json().secondFactors).toEqual([]);
    const keys = await ctx.database.db.selectFrom('passkeys').select('id').where('user_id', '=', ids.ann!).execute();
    expect(keys).toEqual([]);
    ann = reset.json();
    expect((await send('POST', `/admin/users/${ids.ann}/reset-second-factors`, { version: ann.version })).statusCode).toBe(409);

    const role = await send('PUT', `/admin/users/${ids.ann}/role`, { version: ann.version, role: 'admin' });
    expect(role.statusCode, role.body).toBe(200);
    expect(role.json().role).toBe('admin');
    ann = role.json();

    const features = await send('PUT', `/admin/users/${ids.ann}/features`, {
      version: ann.version,
      features: { blog: 0, sparklines: null },
    });
    expect(features.statusCode, features.body).toBe(200);
    expect((features.json() as AdminUserDetail).features.find((f) => f.name === 'blog')).toEqual({ name: 'blog', level: 0, override: 0 });

    const details = async (action: string) => (await auditOf(action, ids.ann!)).map((e) => e.details);
    expect(await details('user.logout')).toEqual([
      expect.objectContaining({ before: { activeSessions: 1 }, after: { activeSessions: 0 } }),
    ]);
    const [resetEntry] = await details('user.reset_second_factors');
    expect(resetEntry).toMatchObject({
      before: { secondFactors: [{ kind: 'totp' }, { kind: 'passkey', name: 'Ann laptop' }] },
      after: { secondFactors: [] },
    });
    expect(JSON.stringify(resetEntry)).not.toContain('JBSWY3DP');
    expect(await details('user.role')).toEqual([expect.objectContaining({ before: { role: 'user' }, after: { role: 'admin' } })]);
    expect(await details('user.features')).toEqual([
      expect.objectContaining({ before: { blog: null, sparklines: null }, after: { blog: 0, sparklines: null } }),
    ]);
  });

  it('refuses malformed actions with 400 and an admin acting on their own lock or role', async () => {
    const dan = await detail(ids.dan!);
    const bad: Array<['POST' | 'PUT', string, object]> = [
      ['POST', `/admin/users/${ids.dan}/lock`, {}],
      ['POST', `/admin/users/${ids.dan}/lock`, { version: -1 }],
      ['POST', `/admin/users/${ids.dan}/logout`, { version: 'one' }],
      ['PUT', `/admin/users/${ids.dan}/role`, { version: dan.version, role: 'owner' }],
      ['PUT', `/admin/users/${ids.dan}/features`, { version: dan.version, features: {} }],
      ['PUT', `/admin/users/${ids.dan}/features`, { version: dan.version, features: { blog: 3 } }],
      ['PUT', `/admin/users/${ids.dan}/features`, { version: dan.version, features: { no_such: 1 } }],
    ];
    for (const [method, url, payload] of bad) {
      const res = await send(method, url, payload);
      expect({ url, payload, status: res.statusCode }).toEqual({ url, payload, status: 400 });
    }
    const me = await detail(adminId);
    const selfLock = await send('POST', `/admin/users/${adminId}/lock`, { version: me.version });
    // About the person the address names, the caller: a plain sentence.
    expect({ status: selfLock.statusCode, body: selfLock.json() }).toEqual({
      status: 400,
      body: { error: 'You cannot lock your own account.' },
    });
    const selfRole = await send('PUT', `/admin/users/${adminId}/role`, { version: me.version, role: 'user' });
    expect({ status: selfRole.statusCode, body: selfRole.json() }).toEqual({
      status: 400,
      body: { error: 'You cannot change the role of your own account.' },
    });
    expect((await send('POST', '/admin/users/nobody/lock', { version: 0 })).statusCode).toBe(404);
  });

  it('resends an invite with a new link, the old one revoked, audited', async () => {
    const invite = await send('POST', '/admin/invites', { email: 'newcomer@solo.test' });
    expect(invite.statusCode).toBe(201);
    const resent = await ctx.app.inject({ method: 'POST', url: `/admin/invites/${invite.json().id}/resend`, headers: admin });
    expect(resent.statusCode, resent.body).toBe(200);
    expect(resent.json()).toMatchObject({ email: 'newcomer@solo.test', status: 'pending' });
    expect(resent.json().id).not.toBe(invite.json().id);
    const mails = await ctx.database.db
      .selectFrom('email_outbox')
      .select('subject')
      .where('to_address', '=', 'newcomer@solo.test')
      .execute();
    expect(mails).toHaveLength(2);
    const again = await ctx.app.inject({ method: 'POST', url: `/admin/invites/${invite.json().id}/resend`, headers: admin });
    expect(again.statusCode).toBe(409);
    expect((await ctx.app.inject({ method: 'POST', url: '/admin/invites/nope/resend', headers: admin })).statusCode).toBe(404);
    const [entry] = await auditOf('invite.resend', invite.json().id);
    expect(entry!.details).toMatchObject({ email: 'newcomer@solo.test', after: { id: resent.json().id } });
  });

  it('every action taken here is in the audit log the admin reads', async () => {
    const res = await get('/admin/audit-log?targetType=user&limit=200');
    const actions = new Set((res.json().entries as { action: string }[]).map((e) => e.action));
    for (const action of ['user.lock', 'user.unlock', 'user.logout', 'user.reset_second_factors', 'user.role', 'user.features'])
      expect(actions).toContain(action);
    const invites = await get('/admin/audit-log?action=invite.resend');
    expect(invites.json().entries).toHaveLength(1);
  });
});
