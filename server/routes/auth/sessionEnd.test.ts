import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_CHECK_MS } from '../../services/accounts/liveSessions';
import { createTestApp, TEST_CLOCK_START, type TestContext } from '../../test/testApp';
import { authHeader, createAccount, login, PASSWORD, post } from './accountsTestKit';

/** An access token is only as good as the login session it was issued for. */
describe('access tokens end with their session', () => {
  let ctx: TestContext;
  // The server's clock, moved past the session check's interval instead of sleeping through it.
  let clockMs = TEST_CLOCK_START;
  beforeAll(async () => {
    ctx = await createTestApp({}, { now: () => clockMs });
    await createAccount(ctx, 'carol@example.com');
  });
  afterAll(() => ctx.close());

  const me = (auth: Awaited<ReturnType<typeof login>>) =>
    ctx.app.inject({ method: 'GET', url: `/v2/user/${auth.userId}`, headers: authHeader(auth) });

  it('logout ends the access token at once, not when it expires', async () => {
    const auth = await login(ctx, 'carol@example.com');
    expect((await me(auth)).statusCode).toBe(200);
    expect((await post(ctx, '/auth/logout', {}, authHeader(auth))).statusCode).toBe(200);
    expect((await me(auth)).statusCode).toBe(401);
  });

  it("a password change ends the other sessions' tokens and keeps the one that made it", async () => {
    const here = await login(ctx, 'carol@example.com');
    const elsewhere = await login(ctx, 'carol@example.com');
    expect((await me(elsewhere)).statusCode).toBe(200);
    const change = await ctx.app.inject({
      method: 'PUT',
      url: `/v2/user/${here.userId}/password`,
      headers: authHeader(here),
      payload: { currentPassword: PASSWORD, newPassword: 'Another-Horse-77' },
    });
    expect(change.statusCode).toBe(200);
    expect((await me(elsewhere)).statusCode).toBe(401);
    expect((await me(here)).statusCode).toBe(200);
  });

  it('a session revoked by another server instance (straight in the database) ends its tokens within the check interval', async () => {
    const auth = await login(ctx, 'carol@example.com', 'Another-Horse-77');
    expect((await me(auth)).statusCode).toBe(200);
    await ctx.database.db
      .updateTable('user_sessions')
      .set({ revoked_at: new Date(clockMs) })
      .where('user_id', '=', auth.userId)
      .execute();
    expect((await me(auth)).statusCode).toBe(200); // this instance's memory of the session is fresh
    clockMs += SESSION_CHECK_MS + 1;
    expect((await me(auth)).statusCode).toBe(401);
  });
});
