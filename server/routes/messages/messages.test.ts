import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { MESSAGE_LIMITS } from '../../../common/api/messages';
import { openPostgres } from '../../db/database';
import { ManualPollTimers } from '../../test/pollTimers';
import { createTestApp, type TestContext } from '../../test/testApp';
import { insertDeal, insertOrganization, person } from '../../test/factories';

type Headers = { authorization: string };
const NOW = Date.parse('2026-11-20T15:00:00Z');

describe('primary deal messaging: /v2/primary/message…', () => {
  let ctx: TestContext;
  const h: Record<string, Headers> = {};
  let marketDeal: number;
  let otherDeal: number;
  let privateDeal: number;

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: Headers | object, payload?: object) =>
    ctx.app.inject({ method, url, headers: headers as Record<string, string>, ...(payload ? { payload } : {}) });
  const stored = async () => {
    const db = ctx.database.db;
    const [m, r, n, a] = await Promise.all(
      (['deal_messages', 'deal_message_recipients', 'notifications', 'audit_log'] as const).map((t) =>
        db
          .selectFrom(t)
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .executeTakeFirstOrThrow(),
      ),
    );
    return { messages: Number(m!.n), recipients: Number(r!.n), notifications: Number(n!.n), audits: Number(a!.n) };
  };
  const send = (who: string, body: object) => call('POST', '/v2/primary/message', h[who]!, body);

  beforeAll(async () => {
    ctx = await createTestApp({}, { now: () => NOW, pollTimers: new ManualPollTimers() });
    await insertOrganization(ctx.database.db, 'sell', { type: 'sellside' });
    await insertOrganization(ctx.database.db, 'sell2', { type: 'sellside' });
    await insertOrganization(ctx.database.db, 'buy', { type: 'buyside' });
    await insertOrganization(ctx.database.db, 'corp', { type: 'corporate' });
    h.syn = await person(ctx, 'syn', 'sell', 'syndicate');
    h.dcm = await person(ctx, 'dcm', 'sell', 'dcm');
    h.selltrader = await person(ctx, 'selltrader', 'sell', 'trader');
    h.buysyn = await person(ctx, 'buysyn', 'buy', 'syndicate');
    h.pm1 = await person(ctx, 'pm1', 'buy', 'pm');
    h.pm2 = await person(ctx, 'pm2', 'buy', 'pm');
    h.cfo = await person(ctx, 'cfo', 'corp', 'management');
    h.other = await person(ctx, 'other', 'sell2', 'syndicate');
    h.admin = await person(ctx, 'boss', null, null, { admin: true });
    marketDeal = await insertDeal(ctx);
    otherDeal = await insertDeal(ctx);
    privateDeal = await insertDeal(ctx, { userId: 'dcm', organizationId: 'sell' });
    expect((await call('PUT', `/v2/primary/message/follow/${marketDeal}`, h.pm1!)).json()).toEqual({ dealId: marketDeal, following: true });
    expect((await call('PUT', `/v2/primary/message/follow/${marketDeal}`, h.cfo!)).statusCode).toBe(200);
  });
  afterAll(() => ctx.close());

  it('following: a visible deal can be followed and unfollowed; a private deal of another organisation is 404', async () => {
    expect((await call('PUT', `/v2/primary/message/follow/${otherDeal}`, h.pm2!)).statusCode).toBe(200);
    expect((await call('GET', '/v2/primary/message/follow', h.pm2!)).json()).toEqual({ dealIds: [otherDeal] });
    expect((await call('DELETE', `/v2/primary/message/follow/${otherDeal}`, h.pm2!)).json()).toEqual({
      dealId: otherDeal,
      following: false,
    });
    expect((await call('GET', '/v2/primary/message/follow', h.pm2!)).json()).toEqual({ dealIds: [] });
    expect((await call('PUT', `/v2/primary/message/follow/${privateDeal}`, h.pm2!)).statusCode).toBe(404);
    expect((await call('PUT', `/v2/primary/message/follow/999999`, h.pm2!)).statusCode).toBe(404);
  });

  it('check-recipients counts followers, organisation types and named organisations (once each, never the sender)', async () => {
    const count = async (who: string, recipients: object, dealId = marketDeal) => {
      const res = await call('POST', '/v2/primary/message/check-recipients', h[who]!, { dealId, recipients });
      return res.statusCode === 200 ? (res.json().count as number) : res.statusCode;
    };
    expect(await count('syn', { followers: true })).toBe(2); // pm1, cfo
    expect(await count('syn', { organizationTypes: ['buyside'] })).toBe(3); // buysyn, pm1, pm2
    expect(await count('syn', { organizations: ['tok-corp'] })).toBe(1);
    expect(await count('syn', { followers: true, organizationTypes: ['buyside'] })).toBe(4);
    expect(await count('syn', { organizationTypes: ['sellside'] })).toBe(3); // dcm, selltrader, other — not syn
    expect(await count('admin', { organizationTypes: ['sellside'] })).toBe(4);
    expect(await count('dcm', { organizations: ['tok-sell'] }, privateDeal)).toBe(2); // syn, selltrader
    for (const reader of ['selltrader', 'buysyn', 'pm1', 'cfo']) expect(await count(reader, { followers: true }), reader).toBe(403);
  });

  it('a syndicate user sends to buy-side: 201, one recipient row and one unreadmessage notification each, in one go', async () => {
    const before = await stored();
    const res = await send('syn', {
      dealId: marketDeal,
      message: '  New issue: 5y at T+120 area. https://example.com/ts  ',
      recipients: { organizationTypes: ['buyside'] },
    });
    expect(res.statusCode, res.body).toBe(201);
    const msg = res.json();
    expect(msg).toMatchObject({
      dealId: marketDeal,
      message: 'New issue: 5y at T+120 area. https://example.com/ts',
      created: new Date(NOW).toISOString(),
      edited: null,
      readDate: new Date(NOW).toISOString(),
      author: { id: 'syn', name: 'Person syn' },
      mine: true,
      recipientCount: 3,
    });
    expect(await stored()).toEqual({
      ...before,
      messages: before.messages + 1,
      recipients: before.recipients + 3,
      notifications: before.notifications + 3,
    });
    const notes = await ctx.database.db
      .selectFrom('notifications')
      .selectAll()
      .where(sql`payload->>'messageId'`, '=', msg.id)
      .orderBy('user_id')
      .execute();
    expect(notes.map((n) => [n.user_id, n.type, n.category, n.payload.dealId])).toEqual([
      ['buysyn', 'unreadmessage', 'primary_deal_messaging', marketDeal],
      ['pm1', 'unreadmessage', 'primary_deal_messaging', marketDeal],
      ['pm2', 'unreadmessage', 'primary_deal_messaging', marketDeal],
    ]);
  });

  it('query: recipients see it unread, the author as theirs, admins everything, others nothing; did narrows by deal', async () => {
    const dcmMsg = await send('dcm', { dealId: otherDeal, message: 'Books open', recipients: { organizations: ['tok-buy'] } });
    expect(dcmMsg.statusCode).toBe(201);
    const query = async (who: string, body?: object) => {
      const res = await call('POST', '/v2/primary/message/query', h[who]!, body);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().messages as { id: string; dealId: number; readDate: string | null; mine: boolean; message: string }[];
    };
    const pm1 = await query('pm1');
    expect(pm1.map((m) => [m.dealId, m.message, m.readDate, m.mine])).toEqual([
      [otherDeal, 'Books open', null, false],
      [marketDeal, 'New issue: 5y at T+120 area. https://example.com/ts', null, false],
    ]);
    expect((await query('pm1', { did: [marketDeal] })).map((m) => m.dealId)).toEqual([marketDeal]);
    expect(await query('selltrader')).toEqual([]);
    expect((await call('POST', '/v2/primary/message/query', h.selltrader!)).json().canSend).toBe(false);
    expect((await call('POST', '/v2/primary/message/query', h.dcm!)).json().canSend).toBe(true);
    expect((await call('POST', '/v2/primary/message/query', h.admin!)).json().canSend).toBe(true);
    expect(await query('cfo')).toEqual([]);
    expect((await query('syn')).map((m) => [m.dealId, m.mine])).toEqual([[marketDeal, true]]);
    expect((await query('admin')).length).toBe(2);
    expect((await call('POST', '/v2/primary/message/query', h.pm1!, { did: ['x'] })).statusCode).toBe(400);
  });

  it('refuses senders without the role, and bad input, with 400/403/404 — and stores nothing', async () => {
    const before = await stored();
    const good = { dealId: marketDeal, message: 'Hello', recipients: { followers: true } };
    const cases: [string, object, number, RegExp][] = [
      ['selltrader', good, 403, /syndicate/],
      ['buysyn', good, 403, /sell-side/],
      ['pm1', good, 403, /syndicate/],
      ['syn', { ...good, message: '   ' }, 400, /message/],
      ['syn', { ...good, message: 'x'.repeat(MESSAGE_LIMITS.maxLength + 1) }, 400, /message/],
      ['syn', { ...good, dealId: 999999 }, 404, /^There is no deal 999999 you can see\.$/],
      ['syn', { ...good, dealId: -1 }, 400, /dealId/],
      ['other', { ...good, dealId: privateDeal }, 404, new RegExp(`^There is no deal ${privateDeal} you can see\\.$`)],
      ['syn', { ...good, recipients: {} }, 400, /recipients/],
      [
        'syn',
        { ...good, recipients: { organizations: ['tok-nope'] } },
        400,
        /^Invalid body\.recipients\.organizations: include an unknown organisation \(tok-nope\)$/,
      ],
      ['syn', { ...good, recipients: { organizationTypes: ['hedgefunds'] } }, 400, /organizationTypes/],
      ['dcm', { ...good, dealId: privateDeal, recipients: { organizationTypes: ['buyside'] } }, 403, /one organisation/],
      ['dcm', { ...good, dealId: privateDeal, recipients: { organizations: ['tok-buy'] } }, 403, /one organisation/],
      ['syn', { ...good, recipients: { organizations: ['tok-sell2'] }, dealId: otherDeal }, 201, /./],
    ];
    let created = 0;
    for (const [who, body, status, error] of cases) {
      const res = await send(who, body);
      expect(res.statusCode, `${who} ${JSON.stringify(body).slice(0, 120)}: ${res.body}`).toBe(status);
      if (status === 201) created++;
      else expect(res.json().error).toMatch(error);
    }
    const after = await stored();
    expect(after.messages).toBe(before.messages + created);
    expect(after.notifications).toBe(before.notifications + 1);
    // No followers besides the sender reached: 400, nothing stored.
    await call('PUT', `/v2/primary/message/follow/${otherDeal}`, h.syn!);
    const nobody = await send('syn', { dealId: otherDeal, message: 'Anyone?', recipients: { followers: true } });
    expect({ status: nobody.statusCode, body: nobody.json() }).toEqual({
      status: 400,
      body: { error: 'Invalid body.recipients: reach nobody: choose others' },
    });
    expect(await stored()).toEqual(after);
  });

  it('mark-read marks only messages addressed to the caller, all or nothing', async () => {
    const [newest, older] = (await call('POST', '/v2/primary/message/query', h.pm1!)).json().messages as { id: string }[];
    const synOnly = (await call('POST', '/v2/primary/message/query', h.other!)).json().messages[0].id as string;
    const mark = (who: string, ids: string[]) => call('POST', '/v2/primary/message/mark-read', h[who]!, { ids });
    const readDates = async () =>
      ((await call('POST', '/v2/primary/message/query', h.pm1!)).json().messages as { readDate: string | null }[]).map((m) => m.readDate);

    const foreign = await mark('pm1', [newest!.id, synOnly]);
    expect({ status: foreign.statusCode, body: foreign.json() }).toEqual({
      status: 403,
      body: { error: `Invalid body.ids: the message ${synOnly} is not addressed to you` },
    });
    const unknown = await mark('pm1', [newest!.id, '999999']);
    expect({ status: unknown.statusCode, body: unknown.json() }).toEqual({
      status: 404,
      body: { error: 'Invalid body.ids: the message 999999 is unknown' },
    });
    expect((await mark('pm1', [])).statusCode).toBe(400);
    expect((await mark('pm1', ['abc'])).statusCode).toBe(400);
    expect(await readDates()).toEqual([null, null]);
    const res = await mark('pm1', [newest!.id, older!.id, older!.id]);
    expect(res.json()).toEqual({ marked: 2 });
    expect(await readDates()).toEqual([new Date(NOW).toISOString(), new Date(NOW).toISOString()]);
    expect((await mark('pm1', [older!.id])).json()).toEqual({ marked: 0 });
    // pm2's copy of the same message is still unread.
    expect(
      ((await call('POST', '/v2/primary/message/query', h.pm2!)).json().messages as { readDate: string | null }[]).map((m) => m.readDate),
    ).toEqual([null, null]);
  });

  it('edit and delete: the author or an admin, audited; a recipient is 403, a stranger 404', async () => {
    const id = ((await call('POST', '/v2/primary/message/query', h.syn!, { did: [marketDeal] })).json().messages[0] as { id: string }).id;
    const before = await stored();
    expect((await call('PUT', `/v2/primary/message/${id}`, h.pm1!, { message: 'hijack' })).statusCode).toBe(403);
    expect((await call('PUT', `/v2/primary/message/${id}`, h.selltrader!, { message: 'hijack' })).statusCode).toBe(404);
    expect((await call('PUT', `/v2/primary/message/${id}`, h.syn!, { message: '' })).statusCode).toBe(400);
    const gone = await call('PUT', `/v2/primary/message/999999`, h.syn!, { message: 'x' });
    expect({ status: gone.statusCode, body: gone.json() }).toEqual({
      status: 404,
      body: { error: 'There is no message 999999 you can see.' },
    });
    expect((await call('DELETE', `/v2/primary/message/${id}`, h.pm1!)).statusCode).toBe(403);
    expect(await stored()).toEqual(before);

    const edited = await call('PUT', `/v2/primary/message/${id}`, h.syn!, { message: 'Revised: T+115 area' });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ id, message: 'Revised: T+115 area', edited: new Date(NOW).toISOString() });
    expect((await call('PUT', `/v2/primary/message/${id}`, h.admin!, { message: 'Revised by desk' })).statusCode).toBe(200);
    const audits = await ctx.database.db
      .selectFrom('audit_log')
      .select(['actor_user_id', 'action', 'details'])
      .where('target_id', '=', id)
      .orderBy('id')
      .execute();
    expect(audits.map((a) => [a.actor_user_id, a.action, (a.details as { after: { message: string } }).after.message])).toEqual([
      ['syn', 'deal_message.updated', 'Revised: T+115 area'],
      ['boss', 'deal_message.updated', 'Revised by desk'],
    ]);

    expect((await call('DELETE', `/v2/primary/message/${id}`, h.syn!)).statusCode).toBe(200);
    expect((await call('POST', '/v2/primary/message/query', h.pm1!, { did: [marketDeal] })).json().messages).toEqual([]);
    const deleted = await ctx.database.db
      .selectFrom('audit_log')
      .select(['action', 'details'])
      .where('target_id', '=', id)
      .where('action', '=', 'deal_message.deleted')
      .execute();
    expect(deleted.map((a) => (a.details as { before: { message: string } }).before.message)).toEqual(['Revised by desk']);
    expect((await call('DELETE', `/v2/primary/message/${id}`, h.syn!)).statusCode).toBe(404);
    const dcmMsg = ((await call('POST', '/v2/primary/message/query', h.dcm!)).json().messages[0] as { id: string }).id;
    expect((await call('DELETE', `/v2/primary/message/${dcmMsg}`, h.admin!)).statusCode).toBe(200);
  });

  it('every call needs a caller with the primary_deal_messaging feature', async () => {
    const calls: ['GET' | 'POST' | 'PUT' | 'DELETE', string, object?][] = [
      ['POST', '/v2/primary/message/query', {}],
      ['POST', '/v2/primary/message', { dealId: marketDeal, message: 'x', recipients: { followers: true } }],
      ['POST', '/v2/primary/message/mark-read', { ids: ['1'] }],
      ['POST', '/v2/primary/message/check-recipients', { dealId: marketDeal, recipients: { followers: true } }],
      ['PUT', '/v2/primary/message/1', { message: 'x' }],
      ['DELETE', '/v2/primary/message/1'],
      ['GET', '/v2/primary/message/follow'],
      ['PUT', `/v2/primary/message/follow/${marketDeal}`],
    ];
    // A fresh sender (features are cached per caller for a few seconds).
    const without = await person(ctx, 'dcm-without', 'sell', 'dcm');
    await ctx.database.db
      .insertInto('feature_levels')
      .values({ scope: 'user', scope_id: 'dcm-without', feature: 'primary_deal_messaging', level: 0, updated_by: null })
      .execute();
    for (const [method, url, body] of calls) {
      expect((await call(method, url, {}, body)).statusCode, `${method} ${url}`).toBe(401);
      const res = await call(method, url, without, body);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json().error).toMatch(/primary_deal_messaging/);
    }
  });
});

describe.skipIf(process.env.TEST_DB_ENGINE !== 'postgres')('a message sent through instance A reaches a poller on instance B', () => {
  let a: TestContext;
  let b: TestContext;
  let second: { close(): Promise<void> };

  beforeAll(async () => {
    a = await createTestApp({}, { pollTimers: new ManualPollTimers() });
    const handle = openPostgres(a.database.url!, 5);
    second = handle;
    b = await createTestApp({}, { pollTimers: new ManualPollTimers(), database: handle });
  });
  afterAll(async () => {
    await b.close();
    await second.close();
    await a.close();
  });

  it('the recipient held on B gets the unreadmessage notification the sender caused on A', async () => {
    await insertOrganization(a.database.db, 'sell', { type: 'sellside' });
    await insertOrganization(a.database.db, 'buy', { type: 'buyside' });
    const syn = await person(a, 'syn', 'sell', 'syndicate');
    const pm = await person(a, 'pm', 'buy', 'pm');
    const dealId = await insertDeal(a);
    const pending = b.app.inject({ method: 'GET', url: '/v2/user/notification/poll?cursor=0', headers: pm });
    await expect.poll(() => b.app.notificationHub.heldPolls, { timeout: 10_000, interval: 5 }).toBe(1);
    const sent = await a.app.inject({
      method: 'POST',
      url: '/v2/primary/message',
      headers: syn,
      payload: { dealId, message: 'Across', recipients: { organizationTypes: ['buyside'] } },
    });
    expect(sent.statusCode).toBe(201);
    const res = await pending;
    expect(res.json().notifications).toMatchObject([
      { type: 'unreadmessage', category: 'primary_deal_messaging', payload: { dealId, messageId: sent.json().id } },
    ]);
  });
});
