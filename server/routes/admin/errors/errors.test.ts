import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fingerprintOf, messageShape, topFrame } from '../../../services/errors/errorStore';
import { createTestApp, signedIn, type TestContext } from '../../../test/testApp';

const stackAt = (fn: string, line: number) =>
  `TypeError: boom\n    at ${fn} (http://localhost/app/assets/index-abc.js:${line}:17)\n    at run (x.js:1:1)`;

describe('error fingerprints', () => {
  it('group occurrences that differ only in numbers, ids, quoted values and line numbers', () => {
    expect(messageShape('Bond 123 not found for "ACME 4.5"')).toBe('Bond <n> not found for <value>');
    expect(topFrame(stackAt('renderRow', 120))).toBe('at renderRow (http://localhost/app/assets/index-abc.js');
    expect(fingerprintOf('Bond 12 not found', stackAt('renderRow', 10))).toBe(
      fingerprintOf('Bond 99 not found', stackAt('renderRow', 4410)),
    );
    expect(fingerprintOf('Bond 12 not found', stackAt('renderRow', 10))).not.toBe(
      fingerprintOf('Bond 12 not found', stackAt('renderCell', 10)),
    );
  });
});

/**
 * The admin error page's API: browser reports and the server's own 5xx errors, grouped, counted,
 * with affected users, release and the request id that finds the server's log line.
 */
describe('admin error page', () => {
  let ctx: TestContext;
  let admin: { authorization: string };
  beforeAll(async () => {
    ctx = await createTestApp();
    admin = await signedIn(ctx, 'errors-admin', { admin: true });
  });
  afterAll(() => ctx.close());

  const report = async (user: string, message: string, line: number) =>
    ctx.app.inject({
      method: 'POST',
      url: '/v2/client-errors',
      headers: await signedIn(ctx, user),
      payload: { message, stack: stackAt('renderRow', line), url: '/app/#/bw/bond', release: '0.1.0' },
    });

  it('groups browser reports by fingerprint with counts and affected users, and shows a group with its stacks', async () => {
    expect((await report('e-u1', 'Cannot read row 5', 10)).statusCode).toBe(202);
    await report('e-u2', 'Cannot read row 77', 99);
    await report('e-u2', 'Cannot read row 8', 12);
    const list = await ctx.app.inject({ method: 'GET', url: '/admin/errors?source=browser', headers: admin });
    expect(list.statusCode).toBe(200);
    const groups = list.json().groups;
    expect(groups).toHaveLength(1);
    expect(groups[0]).toMatchObject({
      source: 'browser',
      occurrences: 3,
      affectedUsers: 2,
      message: 'Cannot read row 8',
      release: '0.1.0',
    });
    const detail = await ctx.app.inject({ method: 'GET', url: `/admin/errors/${groups[0].fingerprint}`, headers: admin });
    expect(detail.json().occurrences).toHaveLength(3);
    expect(detail.json().occurrences[0].stack).toContain('renderRow');
  });

  it("stores the server's own 500 with its request id, so the page links to the log line", async () => {
    const user = await signedIn(ctx, 'e-u3');
    // A real fault: the table behind an endpoint is gone.
    await sql`drop table bond_tables cascade`.execute(ctx.database.db);
    const failed = await ctx.app.inject({ method: 'GET', url: '/v2/bond-tables', headers: { ...user, 'x-request-id': 'req-fault-1' } });
    expect(failed.statusCode).toBe(500);
    await expect
      .poll(async () => (await ctx.app.inject({ method: 'GET', url: '/admin/errors?source=server', headers: admin })).json().groups.length)
      .toBe(1);
    const group = (await ctx.app.inject({ method: 'GET', url: '/admin/errors?source=server', headers: admin })).json().groups[0];
    expect(group).toMatchObject({ source: 'server', occurrences: 1, affectedUsers: 1, lastRequestId: 'req-fault-1' });
    expect(group.message).toMatch(/does not exist/);
  });

  it('refuses a malformed fingerprint and an unknown one, and non-admins', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/admin/errors/xyz', headers: admin })).statusCode).toBe(400);
    expect((await ctx.app.inject({ method: 'GET', url: '/admin/errors/ffffffffffffffff', headers: admin })).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'GET', url: '/admin/errors?since=2026-02-30', headers: admin })).statusCode).toBe(400);
    expect((await ctx.app.inject({ method: 'GET', url: '/admin/errors', headers: await signedIn(ctx, 'e-u4') })).statusCode).toBe(403);
  });
});
