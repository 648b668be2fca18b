import type { AuthResponse } from '@common/api/auth';
import { REFRESH_GRACE_MS } from '@common/constants';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_ENDED } from '../../services/accounts/sessions';
import { createNotifications } from '../../services/notifications/notifications';
import { ManualPollTimers } from '../../test/pollTimers';
import { createTestApp, TEST_CLOCK_START, type TestContext } from '../../test/testApp';
import { authHeader, createAccount, lastEmail, linkToken, login, PASSWORD, post } from '../auth/accountsTestKit';

const POLL = '/v2/user/notification/poll';
const NEW_PASSWORD = 'Another-Horse-77';

/**
 * Issue 33: logout ended the polls its session held, but a session that ended any other way kept
 * its poll held, and it delivered what was created afterwards. Each way a session ends is one
 * scenario: the poll answers 401 without any hold timer firing, and a notification created after
 * reaches only the polls of sessions still live.
 */
describe('every way a session ends answers the long-polls it holds', () => {
  let ctx: TestContext;
  const timers = new ManualPollTimers();
  let clock = TEST_CLOCK_START;
  let admin: { authorization: string };
  let n = 0;

  beforeAll(async () => {
    ctx = await createTestApp({}, { now: () => clock, pollTimers: timers });
    // An organisation owns example.com, so its people are not held for onboarding.
    await createAccount(ctx, 'root@example.com', { admin: true });
    admin = authHeader(await login(ctx, 'root@example.com'));
    const org = await ctx.app.inject({
      method: 'POST',
      url: '/admin/organizations',
      headers: admin,
      payload: { name: 'Example Org', domains: ['example.com'] },
    });
    expect(org.statusCode, org.body).toBe(201);
  });
  afterAll(() => ctx.close());

  /** A person of their own with a signed-in session. */
  const person = async () => {
    const email = `p${++n}@example.com`;
    const { id } = await createAccount(ctx, email);
    return { id, email, auth: await login(ctx, email) };
  };

  /** A poll held by this session, once the hub holds it (its answer wrapped: awaiting it would wait for the answer). */
  const hold = async (auth: AuthResponse): Promise<{ answer: Promise<LightMyRequestResponse> }> => {
    const before = ctx.app.notificationHub.heldPolls;
    const answer = ctx.app.inject({ method: 'GET', url: `${POLL}?cursor=0`, headers: authHeader(auth) });
    await expect.poll(() => ctx.app.notificationHub.heldPolls, { timeout: 10_000, interval: 5 }).toBe(before + 1);
    return { answer };
  };

  /** The poll has answered, no hold timer having fired, with the session's end. */
  const endedAtOnce = async (poll: { answer: Promise<LightMyRequestResponse> }, stillHeld: number) => {
    await expect.poll(() => ctx.app.notificationHub.heldPolls, { timeout: 10_000, interval: 5 }).toBe(stillHeld);
    const res = await poll.answer;
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: SESSION_ENDED });
  };

  const notify = (userId: string) =>
    ctx.app.db
      .transaction()
      .execute((trx) =>
        createNotifications(trx, [userId], { type: 'other', category: 'other', payload: { after: 'end' }, at: new Date(ctx.app.now()) }),
      );

  const versionOf = async (userId: string): Promise<number> => {
    const res = await ctx.app.inject({ method: 'GET', url: `/admin/users/${userId}`, headers: admin });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().version as number;
  };

  it('a password change ends the polls of the other sessions; the changing session keeps its poll and gets what comes next', async () => {
    const p = await person();
    const other = await login(ctx, p.email);
    const kept = await hold(p.auth);
    const ended = await hold(other);
    const res = await ctx.app.inject({
      method: 'PUT',
      url: `/v2/user/${p.id}/password`,
      headers: authHeader(p.auth),
      payload: { currentPassword: PASSWORD, newPassword: NEW_PASSWORD },
    });
    expect(res.statusCode, res.body).toBe(200);
    await endedAtOnce(ended, 1);
    const [id] = await notify(p.id);
    const stayed = await kept.answer;
    expect(stayed.statusCode).toBe(200);
    expect(stayed.json().notifications).toMatchObject([{ id }]);
    expect(timers.fire()).toBe(0);
  });

  it('a password reset from the e-mailed link ends every poll of the person', async () => {
    const p = await person();
    const pending = await hold(p.auth);
    expect((await post(ctx, '/auth/reset', { email: p.email })).statusCode).toBe(202);
    const uuid = linkToken((await lastEmail(ctx, p.email))!.text_body, 'reset-password');
    expect((await post(ctx, '/auth/reset-password', { uuid, password: NEW_PASSWORD })).statusCode).toBe(200);
    await endedAtOnce(pending, 0);
    await notify(p.id);
    expect(timers.fire()).toBe(0);
  });

  it("an admin's lock ends the person's polls", async () => {
    const p = await person();
    const pending = await hold(p.auth);
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/admin/users/${p.id}/lock`,
      headers: admin,
      payload: { version: await versionOf(p.id) },
    });
    expect(res.statusCode, res.body).toBe(200);
    await endedAtOnce(pending, 0);
    expect(timers.fire()).toBe(0);
  });

  it("an admin's sign-out-everywhere ends the polls of every session of the person", async () => {
    const p = await person();
    const second = await login(ctx, p.email);
    const first = await hold(p.auth);
    const other = await hold(second);
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/admin/users/${p.id}/logout`,
      headers: admin,
      payload: { version: await versionOf(p.id) },
    });
    expect(res.statusCode, res.body).toBe(200);
    await endedAtOnce(first, 0);
    await endedAtOnce(other, 0);
    await notify(p.id);
    expect(timers.fire()).toBe(0);
  });

  it("an admin's role change ends the person's polls (the role is in their token)", async () => {
    const p = await person();
    const pending = await hold(p.auth);
    const res = await ctx.app.inject({
      method: 'PUT',
      url: `/admin/users/${p.id}/role`,
      headers: admin,
      payload: { version: await versionOf(p.id), role: 'admin' },
    });
    expect(res.statusCode, res.body).toBe(200);
    await endedAtOnce(pending, 0);
    expect(timers.fire()).toBe(0);
  });

  it('a rejected sign-up ends the polls of the waiting person', async () => {
    // On no organisation's domain: held for onboarding.
    const { id } = await createAccount(ctx, 'waiting@nowhere.test');
    const pending = await hold(await login(ctx, 'waiting@nowhere.test'));
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/admin/onboarding/${id}/reject`,
      headers: admin,
      payload: { version: await versionOf(id), message: 'Institutional investors only.' },
    });
    expect(res.statusCode, res.body).toBe(200);
    await endedAtOnce(pending, 0);
    expect(timers.fire()).toBe(0);
  });

  it('a refresh token replayed after its grace ends its session, and the polls that session holds', async () => {
    const p = await person();
    const rotated = await post(ctx, '/auth/refresh', { refreshToken: p.auth.refresh.value });
    expect(rotated.statusCode, rotated.body).toBe(200);
    const pending = await hold(p.auth);
    clock += REFRESH_GRACE_MS + 1_000;
    expect((await post(ctx, '/auth/refresh', { refreshToken: p.auth.refresh.value })).statusCode).toBe(401);
    await endedAtOnce(pending, 0);
    expect(timers.fire()).toBe(0);
  });
});
