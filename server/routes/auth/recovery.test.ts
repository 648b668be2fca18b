import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/testApp';
import { createAccount, lastEmail, linkToken, login, PASSWORD, post } from './accountsTestKit';

const NEW_PASSWORD = 'Another-Secret-77';

/** POSTs JSON from one fixed address: failed sign-ins hold back their source (docs/accounts.md "Guessing"). */
const postFrom = (ctx: TestContext, url: string, payload: object) =>
  ctx.app.inject({ method: 'POST', url, payload, remoteAddress: '198.51.100.77' });

describe('password reset, a source held back after 5 failures, unlock', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
    await createAccount(ctx, 'bob@example.com');
    await createAccount(ctx, 'carol@example.com');
  });
  afterAll(() => ctx.close());

  it('reset e-mails a link to a known account and answers the same for an unknown one', async () => {
    const known = await post(ctx, '/auth/reset', { email: 'bob@example.com' });
    const unknown = await post(ctx, '/auth/reset', { email: 'ghost@example.com' });
    expect(known.statusCode).toBe(202);
    expect(known.json()).toEqual(unknown.json());
    expect(await lastEmail(ctx, 'ghost@example.com')).toBeUndefined();
    const uuid = linkToken((await lastEmail(ctx, 'bob@example.com'))!.text_body, 'reset-password');
    const info = await ctx.app.inject({ method: 'GET', url: `/auth/confirm?token=${uuid}&type=reset` });
    expect(info.json().email).toBe('bob@example.com');

    const session = await login(ctx, 'bob@example.com');
    const res = await post(ctx, '/auth/reset-password', { uuid, password: NEW_PASSWORD });
    expect(res.statusCode).toBe(200);
    // Sessions end, the old password stops working, the new one works, the link is single use.
    expect((await post(ctx, '/auth/refresh', { refreshToken: session.refresh.value })).statusCode).toBe(401);
    expect((await post(ctx, '/auth/login/start', { email: 'bob@example.com', password: PASSWORD })).statusCode).toBe(401);
    await login(ctx, 'bob@example.com', NEW_PASSWORD);
    expect((await post(ctx, '/auth/reset-password', { uuid, password: NEW_PASSWORD })).statusCode).toBe(404);
  });

  it('reset-password refuses weak passwords (400) and unknown links (404)', async () => {
    expect((await post(ctx, '/auth/reset-password', { uuid: 'x', password: 'aaaaaaaaaaaaaa' })).statusCode).toBe(400);
    expect((await post(ctx, '/auth/reset-password', { uuid: 'no-such-link', password: NEW_PASSWORD })).statusCode).toBe(404);
  });

  it('5 failures from one source lock sign-in from there (423), e-mail an unlock link, and unlock works once', async () => {
    for (let i = 0; i < 4; i++) {
      expect((await postFrom(ctx, '/auth/login/start', { email: 'carol@example.com', password: 'wrong-password-1' })).statusCode).toBe(401);
    }
    const fifth = await postFrom(ctx, '/auth/login/start', { email: 'carol@example.com', password: 'wrong-password-1' });
    expect(fifth.statusCode).toBe(423);
    // Even the right password is refused from there while it waits.
    expect((await postFrom(ctx, '/auth/login/start', { email: 'carol@example.com', password: PASSWORD })).statusCode).toBe(423);
    const mail = await lastEmail(ctx, 'carol@example.com');
    expect(mail?.subject).toMatch(/locked/);
    const uuid = linkToken(mail!.text_body, 'unlock');

    expect((await post(ctx, '/auth/unlock', { uuid })).statusCode).toBe(200);
    await login(ctx, 'carol@example.com');
    expect((await postFrom(ctx, '/auth/login/start?v=2', { email: 'carol@example.com', password: PASSWORD })).json().kind).toBe('session');
    expect((await post(ctx, '/auth/unlock', { uuid })).statusCode).toBe(404);
    expect((await post(ctx, '/auth/unlock', {})).statusCode).toBe(400);
  });

  it('an unknown e-mail locks the same way, so lockout reveals nothing', async () => {
    for (let i = 0; i < 5; i++) await postFrom(ctx, '/auth/login/start', { email: 'nobody@example.com', password: 'wrong-password-1' });
    const res = await postFrom(ctx, '/auth/login/start', { email: 'nobody@example.com', password: 'wrong-password-1' });
    expect(res.statusCode).toBe(423);
    expect(await lastEmail(ctx, 'nobody@example.com')).toBeUndefined();
  });

  it('a new unlock link can be requested; the answer is the same for any e-mail', async () => {
    for (let i = 0; i < 5; i++) await postFrom(ctx, '/auth/login/start', { email: 'carol@example.com', password: 'wrong-password-2' });
    const before = await ctx.database.db.selectFrom('email_outbox').select('id').where('to_address', '=', 'carol@example.com').execute();
    const res = await post(ctx, '/auth/unlock/request', { email: 'carol@example.com' });
    const other = await post(ctx, '/auth/unlock/request', { email: 'whoever@example.com' });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual(other.json());
    const after = await ctx.database.db.selectFrom('email_outbox').select('id').where('to_address', '=', 'carol@example.com').execute();
    expect(after.length).toBe(before.length + 1);
    const uuid = linkToken((await lastEmail(ctx, 'carol@example.com'))!.text_body, 'unlock');
    expect((await post(ctx, '/auth/unlock', { uuid })).statusCode).toBe(200);
  });

  it('auth endpoints are rate limited per client', async () => {
    let last = 0;
    for (let i = 0; i < 7; i++) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/auth/reset',
        payload: { email: 'flood@example.com' },
        remoteAddress: '192.0.2.9',
      });
      last = res.statusCode;
    }
    expect(last).toBe(429);
  });
});
