import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminBond, CompareResponse } from '../../../../common/api/adminBonds';
import { createTestApp, signedIn, type TestContext } from '../../../test/testApp';
import { bondIdOf, sampleMarket } from './testSetup';

/**
 * Duplicates found and merged: ZQ1001AA9 of the sample market entered a second time under a
 * mistyped CUSIP (ZQ1001AC5, a valid one), with two trades of its own — one of them the same
 * print as one of the survivor's (same control number).
 */
describe('admin: bonds compared and merged', () => {
  let ctx: TestContext;
  let admin: { authorization: string };
  let survivorId: number;
  let duplicateId: number;
  let otherId: number;
  const db = () => ctx.database.db;
  const bond = async (id: number) =>
    (await ctx.app.inject({ method: 'GET', url: `/admin/bond/${id}`, headers: admin })).json() as AdminBond;
  const compare = (ids: string) => ctx.app.inject({ method: 'GET', url: `/admin/bond-compare?ids=${ids}`, headers: admin });
  const merge = (payload: object) => ctx.app.inject({ method: 'POST', url: '/admin/bond-compare/merge', headers: admin, payload });
  const versions = async (...ids: number[]) =>
    Object.fromEntries(await Promise.all(ids.map(async (id) => [id, (await bond(id)).updatedAt])));

  beforeAll(async () => {
    ctx = await createTestApp();
    admin = await signedIn(ctx, 'merge-admin', { admin: true });
    await sampleMarket(ctx);
    survivorId = await bondIdOf(ctx, 'ZQ1001AA9');
    otherId = await bondIdOf(ctx, 'ZQ1001AB7');
    const { rows } = await sql<{ id: number }>`insert into bonds (cusip, isin, issuer_id, description, coupon_type, coupon, frequency,
        day_count, end_of_month, issue_date, first_coupon_date, maturity_date, amount_issued, amount_outstanding, seniority, call_schedule,
        floater_index, quoted_margin, rating_sp, rating_moody, is_benchmark, tenor_at_issue, source)
      select 'ZQ1001AC5', 'USZQ1001AC51', issuer_id, 'NWEC 4.65 02/23/31 (dup)', coupon_type, coupon, frequency, day_count, end_of_month,
        issue_date, first_coupon_date, maturity_date, amount_issued, amount_outstanding, seniority, call_schedule, floater_index,
        quoted_margin, rating_sp, rating_moody, is_benchmark, tenor_at_issue, 'admin'
      from bonds where id = ${survivorId} returning id`.execute(db());
    duplicateId = rows[0]!.id;
    // One print of its own, and one the survivor also has (the same control number).
    await sql`insert into trades (bond_id, execution_time, quantity, reported_quantity, price, side, control_number, source)
      select ${duplicateId}, execution_time + interval '1 minute', quantity, reported_quantity, price, side, 'DUP-OWN-1', 'test'
        from trades where bond_id = ${survivorId} order by id limit 1`.execute(db());
    await sql`insert into trades (bond_id, execution_time, quantity, reported_quantity, price, side, control_number, source)
      select ${duplicateId}, execution_time, quantity, reported_quantity, price, side, control_number, 'test'
        from trades where bond_id = ${survivorId} and control_number is not null order by id limit 1`.execute(db());
  });
  afterAll(() => ctx.close());

  it('shows the bonds side by side with the terms that differ', async () => {
    const res = await compare(`${survivorId},${duplicateId}`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as CompareResponse;
    expect(body.bonds.map((b) => b.cusip)).toEqual(['ZQ1001AA9', 'ZQ1001AC5']);
    expect(body.differences).toEqual(['cusip', 'description']);
    expect(body.bonds[1]!.tradeCount).toBe(2);
    const three = (await compare(`${survivorId},${duplicateId},${otherId}`)).json() as CompareResponse;
    expect(three.differences).toEqual(expect.arrayContaining(['coupon', 'maturityDate', 'issueDate', 'callSchedule']));
  });

  it('lists the duplicate among the likely ones (one issuer, same coupon and maturity), and only it', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/admin/bond-compare/candidates', headers: admin });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      total: 1,
      groups: [
        { issuer: { ticker: 'NWEC' }, coupon: 0.0465, maturityDate: '2031-02-23', bonds: [{ cusip: 'ZQ1001AA9' }, { cusip: 'ZQ1001AC5' }] },
      ],
    });
    const bad = await ctx.app.inject({ method: 'GET', url: '/admin/bond-compare/candidates?limit=0', headers: admin });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatch(/limit/);
  });

  it.each([
    ['one bond', '1', /ids/],
    ['not ids', '1,x', /ids/],
    ['seven bonds', '1,2,3,4,5,6,7', /ids/],
  ])('refuses a comparison of %s (400 naming ids)', async (_n, ids, message) => {
    const res = await compare(ids);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatch(message);
  });

  it('refuses a merge that is not confirmed, names the survivor as merged, or is stale — changing nothing', async () => {
    const v = await versions(survivorId, duplicateId);
    const unconfirmed = await merge({ survivorId, mergedIds: [duplicateId], versions: v });
    expect(unconfirmed.statusCode).toBe(400);
    expect(unconfirmed.json().error).toMatch(/confirm/);
    const self = await merge({ survivorId, mergedIds: [survivorId], versions: v, confirm: true });
    expect({ status: self.statusCode, body: self.json() }).toEqual({
      status: 400,
      body: { error: 'Invalid body.mergedIds: must not include the survivor: a bond cannot be merged into itself' },
    });
    const noVersion = await merge({ survivorId, mergedIds: [duplicateId], versions: { [survivorId]: v[survivorId] }, confirm: true });
    expect({ status: noVersion.statusCode, body: noVersion.json() }).toEqual({
      status: 400,
      body: { error: `Invalid body.versions.${duplicateId}: the version (updatedAt) bond ${duplicateId} was compared at is missing` },
    });
    const unknown = await merge({ survivorId, mergedIds: [999_999], versions: { ...v, 999999: v[survivorId] }, confirm: true });
    expect({ status: unknown.statusCode, body: unknown.json() }).toEqual({ status: 404, body: { error: 'There is no bond 999999.' } });
    await sql`update bonds set updated_at = clock_timestamp() where id = ${duplicateId}`.execute(db());
    const stale = await merge({ survivorId, mergedIds: [duplicateId], versions: v, confirm: true });
    expect({ status: stale.statusCode, body: stale.json() }).toEqual({
      status: 409,
      body: { error: `Bond ${duplicateId} (ZQ1001AC5) changed after it was compared: compare again.` },
    });
    expect((await bond(duplicateId)).tradeCount).toBe(2);
  });

  it('refuses a merge that would orphan rows of a table it does not know how to move', async () => {
    await sql`create table test_bond_notes (bond_id integer references bonds(id), note text)`.execute(db());
    await sql`insert into test_bond_notes values (${duplicateId}, 'kept by someone')`.execute(db());
    const res = await merge({ survivorId, mergedIds: [duplicateId], versions: await versions(survivorId, duplicateId), confirm: true });
    expect({ status: res.statusCode, body: res.json() }).toEqual({
      status: 409,
      body: { error: '1 row(s) of test_bond_notes refer to a merged bond: merging would orphan them.' },
    });
    expect((await bond(duplicateId)).cusip).toBe('ZQ1001AC5');
    await sql`drop table test_bond_notes`.execute(db());
  });

  it('refuses a merge of two deals’ tranches (a tranche has one bond); a tranche of the merged bond alone moves', async () => {
    const { rows } = await sql<{ id: number }>`insert into deals (issuer_id, status, announced_at)
      select issuer_id, 'priced', now() from bonds where id = ${survivorId} returning id`.execute(db());
    const dealId = rows[0]!.id;
    await sql`insert into deal_tranches (deal_id, tenor_years, size, bond_id)
      values (${dealId}, 5, 500000000, ${survivorId}), (${dealId}, 10, 500000000, ${duplicateId})`.execute(db());
    const res = await merge({ survivorId, mergedIds: [duplicateId], versions: await versions(survivorId, duplicateId), confirm: true });
    expect({ status: res.statusCode, body: res.json() }).toEqual({
      status: 409,
      body: { error: `More than one of these bonds is a deal tranche (deals ${dealId}): a tranche has one bond, so unlink one first.` },
    });
    await sql`update deal_tranches set bond_id = null where bond_id = ${survivorId}`.execute(db());
  });

  it('merges: trades move to the survivor (the shared print kept once), the duplicate goes, both audited', async () => {
    const before = await bond(survivorId);
    const res = await merge({ survivorId, mergedIds: [duplicateId], versions: await versions(survivorId, duplicateId), confirm: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ survivorId, mergedIds: [duplicateId], moved: { trades: 1, tranches: 1 } });
    expect(res.json().repriceError).toBeUndefined();
    const after = await bond(survivorId);
    expect(after.tradeCount).toBe(before.tradeCount + 1);
    const tranche = await sql<{ bond_id: number }>`select bond_id from deal_tranches where tenor_years = 10`.execute(db());
    expect(tranche.rows).toEqual([{ bond_id: survivorId }]);
    expect((await ctx.app.inject({ method: 'GET', url: `/admin/bond/${duplicateId}`, headers: admin })).statusCode).toBe(404);
    // The day statistics count the survivor's trades, the moved one included.
    const stats = await sql<{
      n: number;
    }>`select coalesce(sum(trade_count), 0)::int as n from daily_bond_stats where bond_id = ${survivorId}`.execute(db());
    expect(stats.rows[0]!.n).toBe(after.tradeCount);
    expect(after.history[0]).toMatchObject({ action: 'bond.merge', actor: 'merge-admin', details: { mergedIds: [duplicateId] } });
    const merged = await ctx.app.inject({
      method: 'GET',
      url: `/admin/audit-log?action=bond.merged_into&targetId=${duplicateId}`,
      headers: admin,
    });
    expect(merged.json().entries[0].details).toMatchObject({ cusip: 'ZQ1001AC5', survivorId, survivorCusip: 'ZQ1001AA9' });
  });

  it('answers 401 without a session and 403 to a non-admin', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: `/admin/bond-compare?ids=${survivorId},${otherId}` })).statusCode).toBe(401);
    const user = await signedIn(ctx, 'merge-user');
    const asUser = (method: 'GET' | 'POST', url: string, payload?: object) =>
      ctx.app.inject({ method, url, headers: user, ...(payload ? { payload } : {}) });
    expect((await asUser('GET', `/admin/bond-compare?ids=${survivorId},${otherId}`)).statusCode).toBe(403);
    expect((await asUser('GET', '/admin/bond-compare/candidates')).statusCode).toBe(403);
    expect(
      (await asUser('POST', '/admin/bond-compare/merge', { survivorId, mergedIds: [otherId], versions: {}, confirm: true })).statusCode,
    ).toBe(403);
  });
});
