import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BondTable } from '../../../common/api/bondTables';
import type { HawkSubscription } from '../../../common/api/hawk';
import type { PricingSheet, PricingSheetList } from '../../../common/api/pricingSheets';
import type { Share, ShareList } from '../../../common/api/shares';
import { insertTestUniverse, type TestUniverse } from '../../services/market/queries/testUniverse';
import { signAccessToken } from '../../plugins/auth';
import { insertOrganization } from '../../test/factories';
import { TEST_JWT_SECRET, createTestApp, signedIn, type TestContext } from '../../test/testApp';

const NOW = Date.parse('2026-12-01T10:00:00Z');
const DAY = 86_400_000;
type Headers = { authorization: string };
type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

/** A signed-in user whose token is issued on the test's clock and outlives the invitation window. */
async function user(ctx: TestContext, id: string, admin = false): Promise<Headers> {
  await signedIn(ctx, id, { admin });
  const scopes = admin ? ['user', 'admin'] : ['user'];
  return { authorization: `Bearer ${await signAccessToken(TEST_JWT_SECRET, { userId: id, scopes, ttlSeconds: 30 * 86_400 }, () => NOW)}` };
}

describe('sharing an item with colleagues', () => {
  let ctx: TestContext;
  let clock = NOW;
  let u: TestUniverse;
  let owner: Headers;
  let colleague: Headers;
  let other: Headers;
  let outsider: Headers;

  const call = (method: Method, url: string, headers?: Headers, payload?: unknown) =>
    ctx.app.inject({ method, url, ...(headers ? { headers } : {}), ...(payload === undefined ? {} : { payload: payload as object }) });
  const db = () => ctx.database.db;
  const share = async (body: object, who = owner): Promise<Share[]> => {
    const res = await call('POST', '/v2/share', who, body);
    expect(res.statusCode, res.body).toBe(201);
    return res.json().shares as Share[];
  };
  const accept = async (uuid: string, who = colleague): Promise<Share> => {
    const res = await call('POST', `/v2/share/${uuid}/accept`, who);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as Share;
  };

  beforeAll(async () => {
    ctx = await createTestApp({}, { now: () => clock });
    u = await insertTestUniverse(db(), { bonds: 4, historyDays: 2 });
    owner = await user(ctx, 'share-owner');
    colleague = await user(ctx, 'share-colleague');
    other = await user(ctx, 'share-other');
    outsider = await user(ctx, 'share-outsider');
    await insertOrganization(db(), 'org-a', { name: 'Alpha Capital', token: 'tok-a' });
    await insertOrganization(db(), 'org-b', { name: 'Beta Bank', token: 'tok-b' });
    await sql`insert into organization_domains (domain, organization_id) values ('alpha.example', 'org-a')`.execute(db());
    await sql`update users set organization_id = 'org-a', name = initcap(replace(id, '-', ' ')) where id in ('share-owner', 'share-colleague', 'share-other')`.execute(
      db(),
    );
    await sql`update users set organization_id = 'org-b' where id = 'share-outsider'`.execute(db());
  });
  afterAll(() => ctx.close());

  it('shares a custom bond table to edit: notification and e-mail with the link, accepted, listed, used, edited, audited and revoked', async () => {
    const table = (await call('POST', '/v2/bond-tables', owner, { name: 'IG banks' })).json() as BondTable;
    const [sent] = await share({ kind: 'bond_table', itemId: table.id, recipients: ['Share-Colleague@bondwise.com'], permission: 'edit' });
    expect(sent).toMatchObject({
      kind: 'bond_table',
      itemId: table.id,
      itemName: 'IG banks',
      itemPath: `/bw/bond/config/${table.id}`,
      acceptPath: `/bw/share/accept/${sent!.id}`,
      recipient: { email: 'share-colleague@bondwise.com' },
      owner: { email: 'share-owner@bondwise.com', name: 'Share Owner' },
      permission: 'edit',
      status: 'pending',
      expiresAt: new Date(NOW + 14 * DAY).toISOString(),
    });

    const note = await db().selectFrom('notifications').selectAll().where('user_id', '=', 'share-colleague').executeTakeFirstOrThrow();
    expect(note).toMatchObject({ type: 'other', category: 'other' });
    expect(note.payload).toMatchObject({ shareId: sent!.id, title: 'Share Owner shared a custom bond table with you' });
    const mail = await db()
      .selectFrom('email_outbox')
      .selectAll()
      .where('to_address', '=', 'share-colleague@bondwise.com')
      .executeTakeFirstOrThrow();
    // A fixed subject; who shared what is in the body.
    expect(mail.subject).toBe('A colleague shared a custom bond table with you on Bondwise');
    expect(mail.text_body).toContain('Share Owner (share-owner@bondwise.com) shared the custom bond table "IG banks" with you');
    expect(mail.text_body).toContain(`#/bw/share/accept/${sent!.id}`);

    // Before accepting, the table is not the colleague's to read: as unknown as anyone else's.
    expect((await call('GET', `/v2/bond-tables/${table.id}`, colleague)).statusCode).toBe(404);
    expect((await call('GET', `/v2/share/${sent!.id}`, colleague)).json()).toMatchObject({ status: 'pending', itemName: 'IG banks' });
    expect((await accept(sent!.id)).status).toBe('accepted');

    const listed = (await call('GET', '/v2/bond-tables', colleague)).json().tables as BondTable[];
    expect(listed.map((t) => [t.id, t.shared?.permission])).toEqual([[table.id, 'edit']]);
    const edited = await call('PATCH', `/v2/bond-tables/${table.id}`, colleague, {
      name: 'IG banks (desk)',
      columns: ['description', 'gSpread'],
    });
    expect(edited.statusCode, edited.body).toBe(200);
    // The owner sees the editor's change on the next read, and the audit log names the editor.
    expect((await call('GET', `/v2/bond-tables/${table.id}`, owner)).json()).toMatchObject({
      name: 'IG banks (desk)',
      columns: ['description', 'gSpread'],
    });
    const audit = await db()
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'share.edit')
      .where('target_id', '=', table.id)
      .execute();
    expect(audit.map((a) => [a.actor_user_id, a.details])).toEqual([
      ['share-colleague', { owner: 'share-owner', changed: ['columns', 'name'] }],
    ]);

    // Deleting and sharing stay with the owner.
    expect((await call('DELETE', `/v2/bond-tables/${table.id}`, colleague)).statusCode).toBe(404);
    const reshare = await call('POST', '/v2/share', colleague, {
      kind: 'bond_table',
      itemId: table.id,
      recipients: ['share-other@bondwise.com'],
      permission: 'view',
    });
    expect(reshare.statusCode).toBe(404);

    // Down to view: reads go on, writes stop at once.
    expect((await call('PATCH', `/v2/share/${sent!.id}`, owner, { permission: 'view' })).json().permission).toBe('view');
    expect((await call('GET', `/v2/bond-tables/${table.id}`, colleague)).statusCode).toBe(200);
    const refused = await call('PATCH', `/v2/bond-tables/${table.id}`, colleague, { name: 'x' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toContain('shared with you to view');

    // Revoked: the very next request is refused, and the table leaves the colleague's list.
    expect((await call('POST', `/v2/share/${sent!.id}/revoke`, owner)).json().status).toBe('revoked');
    expect((await call('GET', `/v2/bond-tables/${table.id}`, colleague)).statusCode).toBe(404);
    expect((await call('GET', '/v2/bond-tables', colleague)).json().tables).toEqual([]);
    const gone = await call('POST', `/v2/share/${sent!.id}/accept`, colleague);
    expect(gone.statusCode).toBe(410);
    expect(gone.json().error).toBe('Its owner has revoked this share.');
  });

  it('refuses a share link opened by someone else, an expired invitation, and sharing outside the organisation', async () => {
    const table = (await call('POST', '/v2/bond-tables', owner, { name: 'HY energy' })).json() as BondTable;
    const [sent] = await share({ kind: 'bond_table', itemId: table.id, recipients: ['share-colleague@bondwise.com'], permission: 'view' });

    for (const who of [other, outsider]) {
      const res = await call('POST', `/v2/share/${sent!.id}/accept`, who);
      expect(res.statusCode).toBe(403);
      expect(res.json().error).toMatch(/^This share was sent to someone else/);
      expect((await call('GET', `/v2/share/${sent!.id}`, who)).statusCode).toBe(403);
    }
    expect((await call('GET', `/v2/bond-tables/${table.id}`, other)).statusCode).toBe(404);
    expect((await call('POST', `/v2/share/00000000-0000-4000-8000-000000000000/accept`, colleague)).statusCode).toBe(404);
    expect((await call('POST', `/v2/share/not-a-uuid/accept`, colleague)).statusCode).toBe(400);

    // Outside the allowed set: another organisation's user, an unknown domain, oneself, nothing stored.
    const before = await db()
      .selectFrom('shares')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    for (const [recipients, status, text] of [
      [
        ['share-outsider@bondwise.com'],
        403,
        'Invalid body.recipients: must be colleagues: share-outsider@bondwise.com is not in your organisation',
      ],
      [
        ['share-other@bondwise.com', 'someone@elsewhere.example'],
        403,
        'Invalid body.recipients: must be colleagues: someone@elsewhere.example is not in your organisation',
      ],
      [['share-owner@bondwise.com'], 400, 'Invalid body.recipients: must not include you: you cannot share with yourself'],
      [[], 400, 'recipients'],
    ] as const) {
      const res = await call('POST', '/v2/share', owner, { kind: 'bond_table', itemId: table.id, recipients, permission: 'view' });
      expect(res.statusCode, res.body).toBe(status);
      if (text === 'recipients') expect(res.json().error).toContain(text);
      else expect(res.json()).toEqual({ error: text });
    }
    const after = await db()
      .selectFrom('shares')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
    // Someone else's item cannot be shared, and one without an organisation has nobody to share with.
    const notTheirs = await call('POST', '/v2/share', other, {
      kind: 'bond_table',
      itemId: table.id,
      recipients: ['share-colleague@bondwise.com'],
      permission: 'view',
    });
    expect({ status: notTheirs.statusCode, body: notTheirs.json() }).toEqual({
      status: 404,
      body: { error: 'There is no such custom bond table of yours.' },
    });
    // An address on the organisation's domain with no account yet is a colleague to be.
    const [future] = await share({ kind: 'bond_table', itemId: table.id, recipients: ['newcomer@alpha.example'], permission: 'view' });
    expect(future!.status).toBe('pending');

    // Fourteen days later the invitation can no longer be accepted.
    clock = NOW + 14 * DAY + 1;
    try {
      const expired = await call('POST', `/v2/share/${sent!.id}/accept`, colleague);
      expect(expired.statusCode).toBe(410);
      expect(expired.json().error).toBe(
        `This invitation expired on ${new Date(NOW + 14 * DAY).toISOString().slice(0, 10)}; ask its owner to share it again.`,
      );
      expect((await call('GET', `/v2/bond-tables/${table.id}`, colleague)).statusCode).toBe(404);
    } finally {
      clock = NOW;
    }
  });

  it('shares a pricing sheet: a viewer reads it and its versions, may copy it, cannot save; an editor saves, the owner sees it', async () => {
    const sheetId = await sql<{ id: number }>`
      insert into pricing_sheets (owner_id, name, notes, content, created_at, updated_at)
      values ('share-owner', 'Acme 5s10s', '', ${JSON.stringify({ tranches: [{ tenorYears: 5, sizeMm: 750 }] })}, ${new Date(NOW)}, ${new Date(NOW)})
      returning id`
      .execute(db())
      .then((r) => r.rows[0]!.id);
    const [sent] = await share({
      kind: 'pricing_sheet',
      itemId: String(sheetId),
      recipients: ['share-colleague@bondwise.com'],
      permission: 'view',
    });
    // Not accepted yet: as unknown as anyone else's sheet.
    expect((await call('GET', `/v2/primary/pricing-sheet/${sheetId}`, colleague)).statusCode).toBe(404);
    await accept(sent!.id);
    const read = (await call('GET', `/v2/primary/pricing-sheet/${sheetId}`, colleague)).json() as PricingSheet;
    expect(read).toMatchObject({ name: 'Acme 5s10s', shared: { permission: 'view', owner: { email: 'share-owner@bondwise.com' } } });
    expect(((await call('GET', '/v2/primary/pricing-sheet', colleague)).json() as PricingSheetList).sheets.map((s) => s.id)).toEqual([
      sheetId,
    ]);
    expect((await call('GET', `/v2/primary/pricing-sheet/${sheetId}/versions`, colleague)).statusCode).toBe(200);
    expect((await call('PATCH', `/v2/primary/pricing-sheet/${sheetId}`, colleague, { baseVersion: 1, name: 'Mine now' })).statusCode).toBe(
      403,
    );
    const copy = await call('POST', `/v2/primary/pricing-sheet/${sheetId}/duplicate`, colleague);
    expect(copy.statusCode).toBe(201);
    expect(copy.json()).toMatchObject({ name: 'Copy of Acme 5s10s' });
    expect(copy.json().shared).toBeUndefined();

    await share({ kind: 'pricing_sheet', itemId: String(sheetId), recipients: ['share-colleague@bondwise.com'], permission: 'edit' });
    const saved = await call('PATCH', `/v2/primary/pricing-sheet/${sheetId}`, colleague, { baseVersion: 1, notes: 'tightened 5 bp' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await call('GET', `/v2/primary/pricing-sheet/${sheetId}`, owner)).json()).toMatchObject({
      notes: 'tightened 5 bp',
      version: 2,
    });
    expect((await call('DELETE', `/v2/primary/pricing-sheet/${sheetId}`, colleague)).statusCode).toBe(404);

    // The recipient leaves: the sheet is gone from their list and from their reach.
    expect((await call('POST', `/v2/share/${sent!.id}/leave`, colleague)).json().status).toBe('left');
    expect((await call('GET', `/v2/primary/pricing-sheet/${sheetId}`, colleague)).statusCode).toBe(404);
    // The owner deleting the sheet ends its shares.
    expect((await call('DELETE', `/v2/primary/pricing-sheet/${sheetId}`, owner)).statusCode).toBe(204);
    expect(
      await db().selectFrom('shares').select('id').where('kind', '=', 'pricing_sheet').where('item_id', '=', String(sheetId)).execute(),
    ).toEqual([]);
  });

  it('shares an alert subscription and a draft blog post', async () => {
    const created = await call('POST', '/v2/hawk/subscriptions', owner, {
      name: 'Bond above par',
      rule: { kind: 'level', metric: 'price', direction: 'above', level: 101.5 },
      target: { kind: 'bond', bondId: u.bondIds[0] },
    });
    const sub = created.json() as HawkSubscription;
    const [sent] = await share({
      kind: 'hawk_subscription',
      itemId: String(sub.id),
      recipients: ['share-other@bondwise.com'],
      permission: 'edit',
    });
    expect((await call('GET', `/v2/hawk/subscriptions/${sub.id}`, other)).statusCode).toBe(404);
    await accept(sent!.id, other);
    const mine = (await call('GET', '/v2/hawk/subscriptions', other)).json().subscriptions as HawkSubscription[];
    expect(mine.map((s) => [s.id, s.shared?.permission])).toEqual([[sub.id, 'edit']]);
    const paused = await call('PATCH', `/v2/hawk/subscriptions/${sub.id}`, other, { paused: true });
    expect(paused.statusCode, paused.body).toBe(200);
    expect((await call('GET', `/v2/hawk/subscriptions/${sub.id}`, owner)).json().paused).toBe(true);
    expect((await call('DELETE', `/v2/hawk/subscriptions/${sub.id}`, other)).statusCode).toBe(404);
    await call('POST', `/v2/share/${sent!.id}/revoke`, owner);
    expect((await call('PATCH', `/v2/hawk/subscriptions/${sub.id}`, other, { paused: false })).statusCode).toBe(404);

    // A draft blog post: the author shares it for review; the reviewer reads the draft, may not edit it.
    await call('PUT', '/admin/blog/authors/share-owner', await user(ctx, 'share-admin', true), { author: true });
    const post = (await call('POST', '/v2/blog/posts', owner, { title: 'Q1 outlook', markdown: 'Draft text', status: 'draft' })).json() as {
      id: number;
    };
    expect((await call('GET', `/v2/blog/posts/${post.id}`, colleague)).statusCode).toBe(404);
    const [review] = await share({
      kind: 'blog_post',
      itemId: String(post.id),
      recipients: ['share-colleague@bondwise.com'],
      permission: 'view',
    });
    await accept(review!.id);
    const draft = await call('GET', `/v2/blog/posts/${post.id}`, colleague);
    expect(draft.statusCode).toBe(200);
    expect(draft.json()).toMatchObject({ title: 'Q1 outlook', canEdit: false });
    expect((await call('PATCH', `/v2/blog/posts/${post.id}`, colleague, { title: 'Mine' })).statusCode).toBe(403);
    await call('PATCH', `/v2/share/${review!.id}`, owner, { permission: 'edit' });
    expect((await call('GET', `/v2/blog/posts/${post.id}`, colleague)).json().canEdit).toBe(true);
    const retitled = await call('PATCH', `/v2/blog/posts/${post.id}`, colleague, { title: 'Q1 outlook: spreads' });
    expect(retitled.statusCode, retitled.body).toBe(200);
    // Publishing stays the author's.
    const publish = await call('PATCH', `/v2/blog/posts/${post.id}`, colleague, { status: 'published' });
    expect(publish.statusCode).toBe(403);
    expect(publish.json().error).toMatch(/^status: only the author publishes/);
  });

  it('lists what I shared and what is shared with me; only the owner revokes, only the recipient leaves', async () => {
    const table = (await call('POST', '/v2/bond-tables', other, { name: 'Other’s table' })).json() as BondTable;
    const [sent] = await share(
      { kind: 'bond_table', itemId: table.id, recipients: ['share-owner@bondwise.com'], permission: 'view' },
      other,
    );
    const mine = (await call('GET', '/v2/share', owner)).json() as ShareList;
    expect(mine.sharedWithMe.map((s) => s.id)).toContain(sent!.id);
    expect(mine.sharedByMe.every((s) => s.owner.email === 'share-owner@bondwise.com')).toBe(true);
    expect((await call('POST', `/v2/share/${sent!.id}/revoke`, owner)).statusCode).toBe(403);
    expect((await call('PATCH', `/v2/share/${sent!.id}`, owner, { permission: 'edit' })).statusCode).toBe(403);
    expect((await call('POST', `/v2/share/${sent!.id}/leave`, other)).statusCode).toBe(403);
    expect((await call('POST', `/v2/share/${sent!.id}/leave`, owner)).json().status).toBe('left');
    const colleagues = (await call('GET', '/v2/share/colleagues', owner)).json().colleagues as { email: string }[];
    expect(colleagues.map((c) => c.email).sort()).toEqual(['share-colleague@bondwise.com', 'share-other@bondwise.com']);
  });

  it('is behind the sharing_collaboration feature and needs a session', async () => {
    expect((await call('GET', '/v2/share')).statusCode).toBe(401);
    const without = await user(ctx, 'share-without');
    await sql`insert into feature_levels (scope, scope_id, feature, level) values ('user', 'share-without', 'sharing_collaboration', 0)`.execute(
      db(),
    );
    const res = await call('GET', '/v2/share', without);
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toContain('sharing_collaboration');
  });
});
