import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/testApp';
import { authHeader, createAccount, login, PASSWORD, post } from './accountsTestKit';
import { SoftAuthenticator } from './softAuthenticator';

describe('passkeys end to end with a software authenticator', () => {
  let ctx: TestContext;
  let strict: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ PUBLIC_URL: 'http://localhost:8080' });
    strict = await createTestApp({ MFA_REQUIRED: 'true', PUBLIC_URL: 'https://app.bondwise.example' });
    await createAccount(ctx, 'lena@example.com');
    await createAccount(strict, 'max@example.com');
  });
  afterAll(async () => {
    await ctx.close();
    await strict.close();
  });

  it('enrol at login (MFA required), then the next login is a passkey login', async () => {
    const device = new SoftAuthenticator('https://app.bondwise.example');
    const start = (
      await post(strict, '/auth/login/start?v=2', { email: 'max@example.com', password: PASSWORD, mfaPlatform: 'platform' })
    ).json();
    expect(start.kind).toBe('enrolPasskey');
    const enrolled = await post(strict, '/auth/mfa/enroll', {
      email: 'max@example.com',
      password: PASSWORD,
      mfaSession: start.mfaSession,
      credential: JSON.stringify(device.register(start.protocol)),
      name: 'Test laptop',
    });
    expect(enrolled.statusCode).toBe(200);
    expect(enrolled.json().session.secure).toBe(true);
    // The enrolment session is single use.
    const again = await post(strict, '/auth/mfa/enroll', {
      email: 'max@example.com',
      password: PASSWORD,
      mfaSession: start.mfaSession,
      credential: JSON.stringify(device.register(start.protocol)),
    });
    expect(again.statusCode).toBe(401);

    const next = (await post(strict, '/auth/login/start?v=2', { email: 'max@example.com', password: PASSWORD })).json();
    expect(next.kind).toBe('passkey');
    expect(next.options.allowCredentials[0].id).toBe(device.id);
    const assertion = JSON.stringify(device.authenticate(next.options));
    const finish = await post(strict, '/auth/login/finish', {
      email: 'max@example.com',
      password: PASSWORD,
      mfaSession: next.mfaSession,
      credential: assertion,
    });
    expect(finish.statusCode).toBe(200);
    expect(finish.json().username.value).toBe('max@example.com');
    // Replaying the same assertion fails: the mfaSession was consumed.
    const replay = await post(strict, '/auth/login/finish', {
      email: 'max@example.com',
      password: PASSWORD,
      mfaSession: next.mfaSession,
      credential: assertion,
    });
    expect(replay.statusCode).toBe(401);
  });

  it('an assertion signed by another key is refused', async () => {
    const stranger = new SoftAuthenticator('https://app.bondwise.example');
    const next = (await post(strict, '/auth/login/start', { email: 'max@example.com', password: PASSWORD })).json();
    const forged = stranger.authenticate(next.options);
    const realId = next.options.allowCredentials[0].id;
    const res = await post(strict, '/auth/login/finish', {
      email: 'max@example.com',
      password: PASSWORD,
      mfaSession: next.mfaSession,
      credential: JSON.stringify({ ...forged, id: realId, rawId: realId }),
    });
    expect(res.statusCode).toBe(401);
  });

  it('add a passkey on the profile page, then it is listed and used at login', async () => {
    const device = new SoftAuthenticator('http://localhost:8080');
    const auth = await login(ctx, 'lena@example.com');
    const options = (await post(ctx, `/v2/user/${auth.userId}/mfa/passkeys/options`, {}, authHeader(auth))).json().options;
    expect(options.rp.id).toBe('localhost');
    const added = await post(
      ctx,
      `/v2/user/${auth.userId}/mfa/passkeys`,
      { credential: device.register(options), name: 'Phone' },
      authHeader(auth),
    );
    expect(added.statusCode).toBe(201);
    expect(added.json()).toMatchObject({ id: device.id, name: 'Phone', lastUsedAt: null });
    // The same options cannot register twice.
    expect(
      (await post(ctx, `/v2/user/${auth.userId}/mfa/passkeys`, { credential: device.register(options) }, authHeader(auth))).statusCode,
    ).toBe(400);

    const start = (await post(ctx, '/auth/login/start', { email: 'lena@example.com', password: PASSWORD })).json();
    expect(start).toMatchObject({ kind: 'passkey', factors: ['email'] });
    const finish = await post(ctx, '/auth/login/finish', {
      email: 'lena@example.com',
      password: PASSWORD,
      mfaSession: start.mfaSession,
      credential: JSON.stringify(device.authenticate(start.options)),
    });
    expect(finish.statusCode).toBe(200);
    const status = (await ctx.app.inject({ method: 'GET', url: `/v2/user/${auth.userId}/mfa`, headers: authHeader(auth) })).json();
    expect(status.passkeys[0].lastUsedAt).not.toBeNull();
  });
});
