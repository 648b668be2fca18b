import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/testApp';
import { createAccount, lastEmail, linkToken, PASSWORD } from './accountsTestKit';

/**
 * Guessing is held back at its source, never by locking a named person out (docs/accounts.md
 * "Guessing"). Time is the app's injected clock: waits are crossed by moving it.
 */
describe('password guessing is bounded per source, and the owner still signs in', () => {
  let ctx: TestContext;
  let clock = Date.parse('2026-11-23T15:00:00Z');
  const minutes = (n: number) => (clock += n * 60_000);

  /** A POST from a given network address and browser device. */
  const from =
    (ip: string, device?: string) =>
    (url: string, payload: object, headers: Record<string, string> = {}) =>
      ctx.app.inject({
        method: 'POST',
        url,
        payload,
        remoteAddress: ip,
        headers: { ...(device ? { 'x-device-fingerprint': device } : {}), ...headers },
      });
  const start = (who: ReturnType<typeof from>, email: string, password: string) => who('/auth/login/start?v=2', { email, password });

  beforeAll(async () => {
    // The per-address request rate limit is another guard; these scenarios are about failures.
    ctx = await createTestApp({ AUTH_RATE_LIMIT_PER_MINUTE: '10000' }, { now: () => clock });
    await createAccount(ctx, 'target@example.com');
    await createAccount(ctx, 'admin-target@example.com', { admin: true });
  });
  afterAll(() => ctx.close());

  it('one source gets five free failures, then waits longer and longer: an hour of guessing checks a dozen passwords at most', async () => {
    const attacker = from('203.0.113.7', 'attacker-box');
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await start(attacker, 'target@example.com', `wrong-${i}-password`)).statusCode);
    expect(statuses).toEqual([401, 401, 401, 401, 423]);
    const held = await start(attacker, 'target@example.com', PASSWORD);
    expect(held.statusCode).toBe(423);
    expect(held.json().error).toMatch(/locked for 1 minute/);

    // An attempt every 30 seconds for an hour: the waits (1, 2, 4 … minutes) refuse almost all unchecked.
    for (let s = 0; s < 120; s++) {
      minutes(1 / 2);
      const res = await start(attacker, 'target@example.com', `guess-${s}-password`);
      expect([401, 423]).toContain(res.statusCode);
    }
    const failures = await ctx.database.db
      .selectFrom('login_failures')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('email', '=', 'target@example.com')
      .where('ip', '=', '203.0.113.7')
      .executeTakeFirstOrThrow();
    // 5 free, then one after each wait of 1, 2, 4, 8, 16, 32 minutes: 11 checked in the hour, 12 at most.
    expect(Number(failures.n)).toBeLessThanOrEqual(12);
    expect(Number(failures.n)).toBeGreaterThan(5);
  }, 180_000);

  it('after its wait, a right password from the guessing source needs the e-mailed code; the code signs in', async () => {
    const attacker = from('203.0.113.8', 'laptop-on-hotel-wifi');
    for (let i = 0; i < 5; i++) await start(attacker, 'target@example.com', `wrong-${i}-password`);
    minutes(2);
    const res = await start(attacker, 'target@example.com', PASSWORD);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ kind: 'secondFactor', factors: ['email'] });
    const sent = await attacker('/auth/mfa/email/send', { email: 'target@example.com', password: PASSWORD });
    expect(sent.statusCode).toBe(202);
    const code = linkToken((await lastEmail(ctx, 'target@example.com'))!.text_body, 'login/e');
    // The code is bound to the browser that asked for it: it presents the login-attempt cookie.
    const attemptCookie = ([] as unknown[])
      .concat(sent.headers['set-cookie'] ?? [])
      .map(String)
      .find((c) => c.startsWith('bw_login_attempt='));
    expect(attemptCookie).toBeDefined();
    const signedIn = await attacker('/auth/mfa/email', { code }, { cookie: attemptCookie!.split(';')[0]! });
    expect(signedIn.statusCode).toBe(200);
    // A completed sign-in forgets its source's failures: the password alone works from there again.
    expect((await start(attacker, 'target@example.com', PASSWORD)).json().kind).toBe('session');
  });

  it('while many sources guess, the owner signs in from their usual device with the password alone; a new device with the e-mailed code', async () => {
    for (const email of ['target@example.com', 'admin-target@example.com']) {
      const usual = from('198.51.100.20', `usual-${email}`);
      expect((await start(usual, email, PASSWORD)).json().kind).toBe('session');
      // Five sources, five wrong passwords each: more than the address's 20 before every source is challenged.
      for (let k = 0; k < 5; k++) {
        const source = from(`192.0.2.${10 + k}`, `bot-${k}`);
        for (let i = 0; i < 5; i++) await start(source, email, `wrong-${i}-password`);
      }
      minutes(1);
      // The usual device, even on another network (a phone's hotspot): no lock, no extra step.
      const owner = await start(from('100.64.0.9', `usual-${email}`), email, PASSWORD);
      expect(owner.statusCode).toBe(200);
      expect(owner.json().kind).toBe('session');
      // A device never seen before is asked for the e-mailed code, not refused.
      const newPhone = await start(from('100.64.0.10', `new-phone-${email}`), email, PASSWORD);
      expect(newPhone.statusCode).toBe(200);
      expect(newPhone.json().kind).toBe('secondFactor');
    }
  }, 180_000);

  it('an address without an account is held the same way and nothing is e-mailed (the answers reveal no account)', async () => {
    const attacker = from('203.0.113.9');
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await start(attacker, 'nobody@example.com', `wrong-${i}-password`)).statusCode);
    expect(statuses).toEqual([401, 401, 401, 401, 423, 423]);
    expect(await lastEmail(ctx, 'nobody@example.com')).toBeUndefined();
  });
});
