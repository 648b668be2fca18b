import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliverOutbox, outboxDir } from '../../services/accounts/mail';
import { insertOrganization } from '../../test/factories';
import { createTestApp, type TestContext } from '../../test/testApp';
import { createAccount, lastEmail, linkToken, login, PASSWORD, post } from './accountsTestKit';

describe('sign-up by e-mail link, confirm, and expired links', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ DATA_DIR: `.tmp/test-data/signup-${process.pid}-${Date.now()}` });
    await createAccount(ctx, 'taken@example.com');
  });
  afterAll(() => ctx.close());

  it('a new e-mail gets a sign-up link; GET confirm gives uuid and e-mail; POST confirm creates the account', async () => {
    const res = await post(ctx, '/auth/signup', { email: 'new.person@example.com' });
    expect(res.statusCode).toBe(202);
    const mail = await lastEmail(ctx, 'new.person@example.com');
    expect(mail?.subject).toMatch(/Finish creating/);
    expect(mail?.text_body).toContain(`${ctx.config.publicUrl}/app/#/bw/signup/`);
    expect(mail?.html_body).toContain('<a href=');
    const uuid = linkToken(mail!.text_body, 'signup');

    const info = await ctx.app.inject({ method: 'GET', url: `/auth/confirm?token=${uuid}&type=signup` });
    expect(info.statusCode).toBe(200);
    expect(info.json()).toEqual({ uuid, email: 'new.person@example.com' });

    const created = await post(ctx, '/auth/confirm', {
      uuid,
      email: 'new.person@example.com',
      name: 'New Person',
      password: PASSWORD,
      tosConsent: true,
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().email).toBe('new.person@example.com');
    const auth = await login(ctx, 'new.person@example.com');
    expect(auth.userId).toBe(created.json().userId);
    const events = await ctx.database.db
      .selectFrom('events')
      .selectAll()
      .where('type', '=', 'user.signed_up')
      .where('subject_id', '=', auth.userId)
      .execute();
    expect(events).toHaveLength(1);

    // Single use.
    const again = await post(ctx, '/auth/confirm', {
      uuid,
      email: 'new.person@example.com',
      name: 'New Person',
      password: PASSWORD,
      tosConsent: true,
    });
    expect(again.statusCode).toBe(404);
  });

  it('an existing e-mail gets the same 202 answer and a note instead of a link', async () => {
    const res = await post(ctx, '/auth/signup', { email: 'taken@example.com' });
    const fresh = await post(ctx, '/auth/signup', { email: 'someone.else@example.com' });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual(fresh.json());
    expect((await lastEmail(ctx, 'taken@example.com'))?.subject).toMatch(/already have/);
  });

  it('a weak password or missing consent is a 400 and creates nothing', async () => {
    await post(ctx, '/auth/signup', { email: 'weak@example.com' });
    const uuid = linkToken((await lastEmail(ctx, 'weak@example.com'))!.text_body, 'signup');
    const weak = await post(ctx, '/auth/confirm', { uuid, email: 'weak@example.com', name: 'W K', password: 'short', tosConsent: true });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().error).toMatch(/password/);
    const noTos = await post(ctx, '/auth/confirm', { uuid, email: 'weak@example.com', name: 'W K', password: PASSWORD, tosConsent: false });
    expect(noTos.statusCode).toBe(400);
    const users = await ctx.database.db.selectFrom('users').select('id').where('email', '=', 'weak@example.com').execute();
    expect(users).toHaveLength(0);
    // The link still works after the failures.
    expect((await ctx.app.inject({ method: 'GET', url: `/auth/confirm?token=${uuid}` })).statusCode).toBe(200);
  });

  it('a link for another e-mail is refused', async () => {
    await post(ctx, '/auth/signup', { email: 'mine@example.com' });
    const uuid = linkToken((await lastEmail(ctx, 'mine@example.com'))!.text_body, 'signup');
    const res = await post(ctx, '/auth/confirm', { uuid, email: 'other@example.com', name: 'A B', password: PASSWORD, tosConsent: true });
    expect(res.statusCode).toBe(400);
  });

  it('an unknown link is a 404; an expired one is a 410, and with regenerateIfExpired a new link is e-mailed', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/auth/confirm?token=nope&type=signup' })).statusCode).toBe(404);
    await post(ctx, '/auth/signup', { email: 'late@example.com' });
    const uuid = linkToken((await lastEmail(ctx, 'late@example.com'))!.text_body, 'signup');
    await ctx.database.db
      .updateTable('account_tokens')
      .set({ expires_at: new Date(ctx.app.now() - 1000) })
      .where('email', '=', 'late@example.com')
      .execute();
    const expired = await ctx.app.inject({ method: 'GET', url: `/auth/confirm?token=${uuid}&type=signup` });
    expect(expired.statusCode).toBe(410);
    const renewed = await ctx.app.inject({ method: 'GET', url: `/auth/confirm?token=${uuid}&type=signup&regenerateIfExpired=true` });
    expect(renewed.statusCode).toBe(410);
    expect(renewed.json().error).toMatch(/new one/);
    const fresh = linkToken((await lastEmail(ctx, 'late@example.com'))!.text_body, 'signup');
    expect(fresh).not.toBe(uuid);
    expect((await ctx.app.inject({ method: 'GET', url: `/auth/confirm?token=${fresh}` })).json().email).toBe('late@example.com');
  });

  it('a bad e-mail is a 400', async () => {
    const res = await post(ctx, '/auth/signup', { email: 'a@b' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatch(/body\.email/);
    expect((await post(ctx, '/auth/signup', { email: `${'x'.repeat(250)}@example.com` })).statusCode).toBe(400);
  });

  it('sign-up joins the organisation of the e-mail domain', async () => {
    const db = ctx.database.db;
    await insertOrganization(db, 'org-acme', { name: 'Acme Capital', token: 'tok-acme', type: 'buyside' });
    await db.insertInto('organization_domains').values({ domain: 'acme.com', organization_id: 'org-acme' }).execute();
    await post(ctx, '/auth/signup', { email: 'pm@acme.com' });
    const uuid = linkToken((await lastEmail(ctx, 'pm@acme.com'))!.text_body, 'signup');
    const res = await post(ctx, '/auth/confirm', { uuid, email: 'pm@acme.com', name: 'P M', password: PASSWORD, tosConsent: true });
    const user = await db.selectFrom('users').selectAll().where('id', '=', res.json().userId).executeTakeFirstOrThrow();
    expect(user.organization_id).toBe('org-acme');
  });

  it('the outbox writes one .eml per message when SMTP is not configured', async () => {
    await deliverOutbox(ctx.database.db, ctx.config, ctx.app.log, ctx.app.now, 500);
    const files = readdirSync(outboxDir(ctx.config)).filter((f) => f.endsWith('.eml'));
    expect(files.length).toBeGreaterThan(3);
    const signupFile = files.find((f) => f.endsWith('-signup.eml'))!;
    const eml = readFileSync(join(outboxDir(ctx.config), signupFile), 'utf8');
    expect(eml).toMatch(/^Subject: Finish creating your Bondwise account/m);
    expect(eml).toContain('text/html');
    const pending = await ctx.database.db.selectFrom('email_outbox').select('id').where('sent_at', 'is', null).execute();
    expect(pending).toHaveLength(0);
  });
});
