import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestContext } from '../../test/testApp';
import { authHeader, createAccount, lastEmail, linkToken, login, PASSWORD, post } from './accountsTestKit';

/** The app's clock, months from the machine's: a code is right or wrong at the app's time. */
let clock = Date.UTC(2026, 2, 2, 9, 0, 0);
const epoch = () => Math.floor(clock / 1000);

describe('second factors: authenticator (TOTP), e-mailed code, passkeys', () => {
  let ctx: TestContext;
  let strict: TestContext;
  let daveId: string;
  beforeAll(async () => {
    ctx = await createTestApp({}, { now: () => clock });
    strict = await createTestApp({ MFA_REQUIRED: 'true', PUBLIC_URL: 'https://bondwise.example' });
    daveId = (await createAccount(ctx, 'dave@example.com')).id;
    await createAccount(ctx, 'erin@example.com');
    await createAccount(strict, 'frank@example.com');
  });
  afterAll(async () => {
    await ctx.close();
    await strict.close();
  });

  it('TOTP: enrol on the profile with a QR URI, confirm, then login asks for the code', async () => {
    const auth = await login(ctx, 'dave@example.com');
    // The web client posts without a body here.
    const start = await ctx.app.inject({ method: 'POST', url: `/v2/user/${daveId}/mfa/totp`, headers: authHeader(auth) });
    expect(start.statusCode).toBe(200);
    const { secret, otpauthUri } = start.json();
    expect(otpauthUri).toMatch(/^otpauth:\/\/totp\/Bondwise:dave%40example\.com\?secret=/);

    const wrong = await post(ctx, `/v2/user/${daveId}/mfa/totp/confirm`, { code: '000000' }, authHeader(auth));
    expect(wrong.statusCode).toBe(400);
    const machineCode = await generate({ secret });
    const machine = await post(ctx, `/v2/user/${daveId}/mfa/totp/confirm`, { code: machineCode }, authHeader(auth));
    expect(machine.statusCode).toBe(400);
    const ok = await post(
      ctx,
      `/v2/user/${daveId}/mfa/totp/confirm`,
      { code: await generate({ secret, epoch: epoch() }) },
      authHeader(auth),
    );
    expect(ok.statusCode).toBe(200);
    expect(ok.json().totpEnabled).toBe(true);

    const begin = await post(ctx, '/auth/login/start?v=2', { email: 'dave@example.com', password: PASSWORD });
    expect(begin.json()).toMatchObject({ kind: 'secondFactor', factors: ['totp', 'email'] });
    const bad = await post(ctx, '/auth/login/finish', { email: 'dave@example.com', password: PASSWORD, totpCode: '123456' });
    expect(bad.statusCode).toBe(401);
    // The code just used for enrolment cannot be replayed; half a minute on, the next time step's code.
    clock += 30_000;
    const next = await generate({ secret, epoch: epoch() });
    const finish = await post(ctx, '/auth/login/finish', {
      email: 'dave@example.com',
      password: PASSWORD,
      totpCode: next,
      mfaSession: begin.json().mfaSession,
    });
    expect(finish.statusCode).toBe(200);
    expect(finish.json().session.name).toBe('bw_session');
    const replay = await post(ctx, '/auth/login/finish', { email: 'dave@example.com', password: PASSWORD, totpCode: next });
    expect(replay.statusCode).toBe(401);

    const remove = await ctx.app.inject({
      method: 'DELETE',
      url: `/v2/user/${daveId}/mfa/totp`,
      headers: authHeader(auth),
      payload: { password: 'wrong-password-9' },
    });
    expect(remove.statusCode).toBe(401);
    const removed = await ctx.app.inject({
      method: 'DELETE',
      url: `/v2/user/${daveId}/mfa/totp`,
      headers: authHeader(auth),
      payload: { password: PASSWORD },
    });
    expect(removed.json().totpEnabled).toBe(false);
  });

  it('login/finish needs exactly one of credential and totpCode', async () => {
    const res = await post(ctx, '/auth/login/finish', { email: 'dave@example.com', password: PASSWORD });
    expect(res.statusCode).toBe(400);
  });

  it('e-mailed code: send after the password, log in once with the code (with or without dash)', async () => {
    const wrong = await post(ctx, '/auth/mfa/email/send', { email: 'erin@example.com', password: 'wrong-password-1' });
    expect(wrong.statusCode).toBe(401);
    const sent = await post(ctx, '/auth/mfa/email/send', { email: 'erin@example.com', password: PASSWORD });
    expect(sent.statusCode).toBe(202);
    const browser = attemptCookie(sent);
    const mail = await lastEmail(ctx, 'erin@example.com');
    const code = linkToken(mail!.text_body, 'login/e');
    expect(mail!.text_body).toContain(`${code.slice(0, 5)}-${code.slice(5)}`);
    const res = await post(ctx, '/auth/mfa/email', { code: `${code.slice(0, 5).toLowerCase()}-${code.slice(5)}` }, browser);
    expect(res.statusCode).toBe(200);
    expect(res.json().username.value).toBe('erin@example.com');
    expect((await post(ctx, '/auth/mfa/email', { code }, browser)).statusCode).toBe(401);
    expect((await post(ctx, '/auth/mfa/email', { code: '??' }, browser)).statusCode).toBe(400);
  });

  it('an e-mailed code signs in only the browser that entered the password, and its subject never holds it', async () => {
    const sent = await post(ctx, '/auth/mfa/email/send', { email: 'erin@example.com', password: PASSWORD });
    const browser = attemptCookie(sent);
    const mail = await lastEmail(ctx, 'erin@example.com');
    const code = linkToken(mail!.text_body, 'login/e');
    expect(mail!.subject).toBe('Your Bondwise sign-in code');
    expect(mail!.subject).not.toContain(code.slice(0, 5));

    // Another browser (no cookie, or another attempt's): refused in words, and the code is not used up.
    const elsewhere = await post(ctx, '/auth/mfa/email', { code });
    expect(elsewhere.statusCode).toBe(403);
    expect(elsewhere.json().error).toContain('different browser');
    const forged = await post(ctx, '/auth/mfa/email', { code }, { cookie: 'bw_login_attempt=someone-elses-attempt' });
    expect(forged.statusCode).toBe(403);
    expect((await post(ctx, '/auth/mfa/email', { code }, browser)).statusCode).toBe(200);
  });

  it('with MFA_REQUIRED a user without second factor is asked to enrol a passkey (registration options for PUBLIC_URL)', async () => {
    const res = await post(strict, '/auth/login/start?v=2', { email: 'frank@example.com', password: PASSWORD, mfaPlatform: 'platform' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.kind).toBe('enrolPasskey');
    expect(body.protocol.rp).toEqual({ name: 'Bondwise', id: 'bondwise.example' });
    expect(body.protocol.user.name).toBe('frank@example.com');
    expect(typeof body.protocol.challenge).toBe('string');
    expect(body.factors).toEqual(['email']);

    const noWebauthn = await post(strict, '/auth/login/start?v=2', { email: 'frank@example.com', password: PASSWORD, mfaPlatform: 'none' });
    expect(noWebauthn.json()).toMatchObject({ kind: 'secondFactor', factors: ['email'] });
  });

  it('a forged passkey registration at login is refused (400) and no session is made', async () => {
    const start = (await post(strict, '/auth/login/start', { email: 'frank@example.com', password: PASSWORD })).json();
    const credential = JSON.stringify({
      id: 'AAAA',
      rawId: 'AAAA',
      type: 'public-key',
      response: {
        clientDataJSON: Buffer.from(
          JSON.stringify({ type: 'webauthn.create', challenge: start.protocol.challenge, origin: 'https://evil.example' }),
        ).toString('base64url'),
        attestationObject: 'AAAA',
      },
      clientExtensionResults: {},
    });
    const res = await post(strict, '/auth/mfa/enroll', {
      email: 'frank@example.com',
      password: PASSWORD,
      mfaSession: start.mfaSession,
      credential,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatch(/passkey could not be verified/);
    const notJson = await post(strict, '/auth/mfa/enroll', {
      email: 'frank@example.com',
      password: PASSWORD,
      mfaSession: start.mfaSession,
      credential: 'not json',
    });
    expect(notJson.statusCode).toBe(400);
    const badSession = await post(strict, '/auth/mfa/enroll', {
      email: 'frank@example.com',
      password: PASSWORD,
      mfaSession: 'forged',
      credential,
    });
    expect(badSession.statusCode).toBe(401);
  });

  it('a user with a passkey gets authentication options; a credential for an unknown passkey is refused (401)', async () => {
    const db = ctx.database.db;
    await db
      .insertInto('passkeys')
      .values({
        id: 'cred-1',
        user_id: daveId,
        public_key: new Uint8Array([1, 2, 3]),
        counter: 0,
        transports: JSON.stringify(['internal']),
        name: 'Laptop',
      })
      .execute();
    const start = await post(ctx, '/auth/login/start', { email: 'dave@example.com', password: PASSWORD, mfaPlatform: 'platform' });
    const body = start.json();
    expect(body.kind).toBe('passkey');
    expect(body.options.allowCredentials).toEqual([{ id: 'cred-1', type: 'public-key', transports: ['internal'] }]);
    expect(body.options.rpId).toBe('localhost');
    const credential = JSON.stringify({
      id: 'cred-unknown',
      rawId: 'cred-unknown',
      type: 'public-key',
      response: {},
      clientExtensionResults: {},
    });
    const res = await post(ctx, '/auth/login/finish', {
      email: 'dave@example.com',
      password: PASSWORD,
      mfaSession: body.mfaSession,
      credential,
    });
    expect(res.statusCode).toBe(401);
    // A browser without WebAuthn is offered the other factors instead.
    const none = await post(ctx, '/auth/login/start', { email: 'dave@example.com', password: PASSWORD, mfaPlatform: 'none' });
    expect(none.json().kind).toBe('secondFactor');
  });

  it('passkeys on the profile: options, rename, remove with password; forged registration refused; only the owner', async () => {
    const auth = await login(ctx, 'erin@example.com');
    const erinId = auth.userId;
    const options = await ctx.app.inject({ method: 'POST', url: `/v2/user/${erinId}/mfa/passkeys/options`, headers: authHeader(auth) });
    expect(options.statusCode).toBe(200);
    expect(options.json().options.user.name).toBe('erin@example.com');
    const forged = await post(ctx, `/v2/user/${erinId}/mfa/passkeys`, { credential: { id: 'x', response: {} } }, authHeader(auth));
    expect(forged.statusCode).toBe(400);

    await ctx.database.db
      .insertInto('passkeys')
      .values({
        id: 'cred-erin',
        user_id: erinId,
        public_key: new Uint8Array([1]),
        counter: 0,
        transports: JSON.stringify([]),
        name: 'Key',
      })
      .execute();
    const renamed = await ctx.app.inject({
      method: 'PATCH',
      url: `/v2/user/${erinId}/mfa/passkeys/cred-erin`,
      headers: authHeader(auth),
      payload: { name: 'YubiKey' },
    });
    expect(renamed.json().name).toBe('YubiKey');
    const status = await ctx.app.inject({ method: 'GET', url: `/v2/user/${erinId}/mfa`, headers: authHeader(auth) });
    expect(status.json().passkeys.map((p: { name: string }) => p.name)).toEqual(['YubiKey']);
    const missing = await ctx.app.inject({
      method: 'PATCH',
      url: `/v2/user/${erinId}/mfa/passkeys/nope`,
      headers: authHeader(auth),
      payload: { name: 'X' },
    });
    expect(missing.statusCode).toBe(404);
    const other = await ctx.app.inject({ method: 'GET', url: `/v2/user/${daveId}/mfa`, headers: authHeader(auth) });
    expect(other.statusCode).toBe(403);
    const admin = await ctx.app.inject({
      method: 'GET',
      url: `/v2/user/${erinId}/mfa`,
      headers: await bearer('some-admin', { admin: true }),
    });
    expect(admin.statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'GET', url: `/v2/user/${erinId}/mfa` })).statusCode).toBe(401);
    const removed = await ctx.app.inject({
      method: 'DELETE',
      url: `/v2/user/${erinId}/mfa/passkeys/cred-erin`,
      headers: authHeader(auth),
      payload: { password: PASSWORD },
    });
    expect(removed.json().passkeys).toEqual([]);
  });
});

/** The login-attempt cookie an e-mailed code's request set, as the Cookie header that browser sends. */
function attemptCookie(sent: { headers: Record<string, unknown> }): Record<string, string> {
  const setCookie = ([] as unknown[]).concat(sent.headers['set-cookie'] ?? []).map(String);
  const attempt = setCookie.find((c) => c.startsWith('bw_login_attempt='));
  if (!attempt) throw new Error('no login-attempt cookie was set');
  expect(attempt).toMatch(/HttpOnly/i);
  expect(attempt).toMatch(/Path=\/auth\/mfa\/email/);
  return { cookie: attempt.split(';')[0]! };
}
