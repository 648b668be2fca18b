import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditLogPage } from '../../../../common/api/auditLog';
import { writeAudit } from '../../../services/audit';
import { createTestApp, signedIn, type TestContext } from '../../../test/testApp';

describe('the audit log: every audited change, filtered, paged and exported', () => {
  let ctx: TestContext;
  let admin: Record<string, string>;
  const page = async (query: string) => {
    const res = await ctx.app.inject({ method: 'GET', url: `/admin/audit-log?${query}`, headers: admin });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as AuditLogPage;
  };

  beforeAll(async () => {
    ctx = await createTestApp();
    admin = await signedIn(ctx, 'log-admin', { admin: true });
    await signedIn(ctx, 'log-banker');
    const db = ctx.database.db;
    // 30 entries, oldest first: deals by the admin, a feature change by the banker, one by the system.
    for (let k = 0; k < 30; k++) {
      const actor = k % 5 === 0 ? 'log-banker' : k === 29 ? null : 'log-admin';
      const action = k % 5 === 0 ? 'feature.set_level' : k % 2 ? 'deal.update' : 'deal.create';
      await writeAudit(db, {
        actorUserId: actor,
        action,
        targetType: k % 5 === 0 ? 'feature' : 'deal',
        targetId: String(k % 3),
        details: { k },
      });
    }
    // The entries' times, one minute apart, so a time range picks some of them.
    await sql`update audit_log set created_at = timestamptz '2026-11-20T12:00:00Z' + (id - (select min(id) from audit_log)) * interval '1 minute'`.execute(
      db,
    );
  });
  afterAll(() => ctx.close());

  it('pages the whole log newest first, each entry once, with who did it', async () => {
    const seen: number[] = [];
    let cursor: string | null = null;
    do {
      const p: AuditLogPage = await page(`limit=7${cursor ? `&cursor=${cursor}` : ''}`);
      expect(p.entries.length).toBeLessThanOrEqual(7);
      seen.push(...p.entries.map((e) => e.details.k as number));
      cursor = p.nextCursor;
    } while (cursor);
    expect(seen).toEqual(Array.from({ length: 30 }, (_, i) => 29 - i));
    const [newest] = (await page('limit=2')).entries;
    expect(newest).toMatchObject({ action: 'deal.update', actor: null, at: '2026-11-20T12:29:00.000Z' });
    const byBanker = (await page('limit=1&actor=log-banker')).entries[0]!;
    expect(byBanker.actor).toEqual({ id: 'log-banker', email: 'log-banker@bondwise.com' });
  });

  it('filters by actor (id or e-mail), action or family, subject and time', async () => {
    const ks = async (query: string) => (await page(`limit=200&${query}`)).entries.map((e) => e.details.k as number);
    expect(await ks('actor=log-banker')).toEqual([25, 20, 15, 10, 5, 0]);
    expect(await ks('actor=LOG-BANKER@bondwise.com')).toEqual([25, 20, 15, 10, 5, 0]);
    expect(await ks('action=deal.create')).toEqual([28, 26, 24, 22, 18, 16, 14, 12, 8, 6, 4, 2]);
    expect((await ks('action=deal.')).length).toBe(24);
    expect(await ks('targetType=feature&targetId=1')).toEqual([25, 10]);
    expect(await ks('from=2026-11-20T12:10:00Z&to=2026-11-20T12:13:00Z')).toEqual([12, 11, 10]);
    expect(await ks('from=2026-11-20T12:27:00Z')).toEqual([29, 28, 27]);
    expect(await ks('to=2026-11-20T12:02:00Z')).toEqual([1, 0]);
    expect(await ks('from=2027-01-01T00:00:00Z')).toEqual([]);
    expect(await ks('to=2026-01-01T00:00:00Z')).toEqual([]);
    expect(await ks('action=deal%25')).toEqual([]); // a wildcard is a character, not a pattern
  });

  it('exports the filtered log as CSV, a formula in a value made harmless', async () => {
    await writeAudit(ctx.database.db, {
      actorUserId: 'log-admin',
      action: 'issuer.rename',
      targetType: 'issuer',
      targetId: '=HYPERLINK("x")',
    });
    const res = await ctx.app.inject({ method: 'GET', url: '/admin/audit-log/csv?targetType=issuer', headers: admin });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    const lines = res.body.trim().split('\r\n');
    expect(lines[0]).toBe('id,at,actor_id,actor_email,action,target_type,target_id,details,client_address');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`log-admin,log-admin@bondwise.com,issuer.rename,issuer,"'=HYPERLINK(""x"")",{}`);
  });

  it('records the address each change came from: the request’s for an admin action, none outside a request', async () => {
    const res = await ctx.app.inject({
      method: 'PUT',
      url: '/admin/maintenance',
      headers: admin,
      payload: { maintenanceMode: false },
      remoteAddress: '203.0.113.9',
    });
    expect(res.statusCode, res.body).toBe(200);
    const [entry] = (await page('limit=1&actor=log-admin&action=maintenance.')).entries;
    expect(entry).toMatchObject({ clientAddress: '203.0.113.9' });
    // Entries written by a job (no request) have no address.
    expect((await page('limit=200&action=deal.')).entries.every((e) => e.clientAddress === null)).toBe(true);
  });

  it('answers bad filters with an error naming them', async () => {
    for (const [query, field] of [
      ['cursor=abc', /cursor/],
      ['limit=500', /limit/],
      ['from=yesterday', /from/],
      ['sort=id', /sort/],
    ] as const) {
      const res = await ctx.app.inject({ method: 'GET', url: `/admin/audit-log?${query}`, headers: admin });
      expect(res.statusCode, query).toBe(400);
      expect(res.json().error).toMatch(field);
    }
  });

  it('refuses a start after the end, on the page and in the export, in the words every range uses', async () => {
    // Later on the clock though earlier in its own day's digits: the instants are compared, not the text.
    const reversed = 'from=2026-11-20T09:00:00-05:00&to=2026-11-20T12:00:00Z';
    for (const url of [`/admin/audit-log?${reversed}`, `/admin/audit-log/csv?${reversed}`]) {
      const res = await ctx.app.inject({ method: 'GET', url, headers: admin });
      expect(res.statusCode, url).toBe(400);
      expect(res.json(), url).toEqual({ error: 'Invalid querystring.from: must not be after to (2026-11-20T12:00:00Z)' });
    }
  });
});
