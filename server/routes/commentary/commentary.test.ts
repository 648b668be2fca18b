import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Commentary, CommentaryList } from '@common/api/commentary';
import { createTestApp, signedIn, type TestContext } from '../../test/testApp';

let clock = Date.parse('2026-11-20T13:00:00Z');
let ctx: TestContext;
let admin: { authorization: string };
let user: { authorization: string };

beforeAll(async () => {
  ctx = await createTestApp({}, { now: () => clock });
  admin = await signedIn(ctx, 'commentary-admin', { admin: true });
  user = await signedIn(ctx, 'commentary-reader');
});
afterAll(async () => ctx.close());

const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, headers: { authorization: string }, payload?: object) =>
  ctx.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

describe('platform commentary', () => {
  it('publishes an admin note to readers at once, Markdown sanitised, newest first', async () => {
    const first = await call('POST', '/admin/commentary', admin, { headline: 'Banks open tighter', markdown: 'IG banks **2bp** tighter.' });
    expect(first.statusCode).toBe(201);
    clock += 60_000;
    const second = (
      await call('POST', '/admin/commentary', admin, {
        headline: 'Supply heavy',
        markdown: '$25bn priced <script>alert(1)</script> [x](javascript:alert(1))',
      })
    ).json() as Commentary;
    expect(second.html).not.toMatch(/<script|href="javascript/i);
    const list = (await call('GET', '/v2/commentary', user)).json() as CommentaryList;
    expect(list.items.map((c) => c.headline)).toEqual(['Supply heavy', 'Banks open tighter']);
    expect(list.items[1]!.html).toBe('<p>IG banks <strong>2bp</strong> tighter.</p>\n');
  });

  it('keeps a scheduled note from readers until its time on the injected clock', async () => {
    const at = new Date(clock + 3_600_000).toISOString();
    const res = await call('POST', '/admin/commentary', admin, { headline: 'Afternoon wrap', markdown: 'Later.', publishAt: at });
    expect(res.statusCode).toBe(201);
    const before = (await call('GET', '/v2/commentary', user)).json() as CommentaryList;
    expect(before.items.map((c) => c.headline)).not.toContain('Afternoon wrap');
    expect(((await call('GET', '/admin/commentary', admin)).json() as CommentaryList).items[0]!.headline).toBe('Afternoon wrap');
    clock += 3_600_000;
    expect(((await call('GET', '/v2/commentary', user)).json() as CommentaryList).items[0]!.headline).toBe('Afternoon wrap');
  });

  it('audits edits with before and after, refuses a stale version, and deletes', async () => {
    const note = (await call('POST', '/admin/commentary', admin, { headline: 'Draft take', markdown: 'v1' })).json() as Commentary;
    const edited = await call('PATCH', `/admin/commentary/${note.id}`, admin, { markdown: 'v2', version: note.version });
    expect(edited.statusCode).toBe(200);
    expect((edited.json() as Commentary).html).toBe('<p>v2</p>\n');
    expect((await call('PATCH', `/admin/commentary/${note.id}`, admin, { markdown: 'v3', version: note.version })).statusCode).toBe(409);
    expect((await call('DELETE', `/admin/commentary/${note.id}`, admin)).statusCode).toBe(204);
    expect((await call('DELETE', `/admin/commentary/${note.id}`, admin)).statusCode).toBe(404);
    const list = (await call('GET', '/v2/commentary?pageSize=50', user)).json() as CommentaryList;
    expect(list.items.map((c) => c.id)).not.toContain(note.id);
    const audit = await ctx.database.db
      .selectFrom('audit_log')
      .select(['action', 'details'])
      .where('target_id', '=', String(note.id))
      .where('target_type', '=', 'platform_commentary')
      .orderBy('id')
      .execute();
    expect(audit.map((a) => a.action)).toEqual(['commentary.create', 'commentary.update', 'commentary.delete']);
    expect(audit[1]!.details).toMatchObject({ before: { markdown: 'v1' }, after: { markdown: 'v2' } });
  });

  it('refuses writing to non-admins and bad input naming the field', async () => {
    expect((await call('POST', '/admin/commentary', user, { headline: 'x', markdown: 'y' })).statusCode).toBe(403);
    for (const [body, field] of [
      [{ headline: '', markdown: 'y' }, 'headline'],
      [{ headline: 'x', markdown: 'y'.repeat(5001) }, 'markdown'],
      [{ headline: 'x', markdown: 'y', publishAt: 'soon' }, 'publishAt'],
    ] as const) {
      const res = await call('POST', '/admin/commentary', admin, body);
      expect(res.statusCode).toBe(400);
      expect((res.json() as { error: string }).error).toContain(field);
    }
    expect((await call('GET', '/v2/commentary?pageSize=0', user)).statusCode).toBe(400);
  });
});
