import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreateBondBody, MissingGroupsResponse } from '../../../../common/api/tradesMissingBonds';
import { BOND_REFERENCE_FIELDS } from '../../../../common/api/tradesMissingBonds';
import { BOND_COLUMNS } from '../../../services/importers/bondFormat';
import { importSample, importText, prepareReference, samplePath } from '../../../services/importers/testing';
import { createTestApp, signedIn, type TestContext } from '../../../test/testApp';

/** The sample reference file's rows by CUSIP, as the form's fields. */
function sampleBonds(): Map<string, CreateBondBody> {
  const [header, ...lines] = readFileSync(samplePath('bonds.csv'), 'utf8').trim().split('\n');
  const names = header!.split(',');
  return new Map(
    lines.map((line) => {
      const values = line.split(',');
      return [values[0]!, Object.fromEntries(names.map((n, i) => [n, values[i] ?? ''])) as CreateBondBody];
    }),
  );
}

/**
 * Trades whose CUSIP was unknown at import: the sample TRACE file imported over the sample
 * reference file without two of its bonds (and with one CUSIP the file never had).
 */
describe('admin: trades missing bonds', () => {
  let ctx: TestContext;
  let admin: { authorization: string };
  const bonds = sampleBonds();
  const withheld = ['ZQ1009AB0', 'ZQ1005AA0'];
  const get = async <T>(url: string) => (await ctx.app.inject({ method: 'GET', url, headers: admin })).json() as T;
  const post = (url: string, payload: object) => ctx.app.inject({ method: 'POST', url, headers: admin, payload });
  const bondTrades = async (cusip: string) =>
    Number(
      (
        await ctx.database.db
          .selectFrom('trades')
          .innerJoin('bonds', 'bonds.id', 'trades.bond_id')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .where('bonds.cusip', '=', cusip)
          .executeTakeFirstOrThrow()
      ).n,
    );

  beforeAll(async () => {
    ctx = await createTestApp();
    admin = await signedIn(ctx, 'missing-admin', { admin: true });
    const db = ctx.database.db;
    await prepareReference(db);
    const text = readFileSync(samplePath('bonds.csv'), 'utf8')
      .split('\n')
      .filter((line) => !withheld.some((c) => line.startsWith(c)))
      .join('\n');
    expect((await importText(db, 'bonds', text)).committed).toBe(true);
    expect((await importSample(db, 'trace', 'trace-enhanced.txt')).committed).toBe(true);
  });
  afterAll(() => ctx.close());

  it('the form takes exactly the reference template’s columns', () => {
    expect([...BOND_REFERENCE_FIELDS]).toEqual(BOND_COLUMNS.map((c) => c.names[0]));
  });

  it('groups the waiting trades by identifier, most first, with the bonds that share an issuer prefix', async () => {
    const page = await get<MissingGroupsResponse>('/admin/trades-missing-bonds');
    expect(page.groups.map((g) => g.identifier).sort()).toEqual([...withheld, 'ZQ9999ZZ4'].sort());
    expect(page.total).toBe(3);
    expect(page.groups.reduce((s, g) => s + g.trades, 0)).toBe(page.totalTrades);
    const counts = page.groups.map((g) => g.trades);
    expect([...counts].sort((a, b) => b - a)).toEqual(counts);
    const alpine = page.groups.find((g) => g.identifier === 'ZQ1009AB0')!;
    expect(alpine.sameIssuerBonds.map((b) => b.cusip)).toEqual(['ZQ1009AA2']);
    expect(alpine.sources).toHaveLength(1);
    const filtered = await get<MissingGroupsResponse>('/admin/trades-missing-bonds?q=zq1005');
    expect(filtered.groups.map((g) => g.identifier)).toEqual(['ZQ1005AA0']);
    const trades = await get<{ trades: unknown[] }>('/admin/trades-missing-bonds/ZQ1009AB0');
    expect(trades.trades).toHaveLength(alpine.trades);
  });

  it('creates the bond of an identifier through the reference importer: a bad field is refused by name, then its trades attach', async () => {
    const waiting = (await get<MissingGroupsResponse>('/admin/trades-missing-bonds?q=ZQ1009AB0')).groups[0]!.trades;
    const before = await ctx.database.db
      .selectFrom('bonds')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    const bad = await post('/admin/trades-missing-bonds/bond', { ...bonds.get('ZQ1009AB0')!, coupon_pct: 'four' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatch(/coupon/);
    const after = await ctx.database.db
      .selectFrom('bonds')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);

    const created = await post('/admin/trades-missing-bonds/bond', bonds.get('ZQ1009AB0')!);
    expect(created.statusCode).toBe(201);
    expect(created.json().tradesAttached).toBe(waiting);
    expect(await bondTrades('ZQ1009AB0')).toBe(waiting);
    const page = await get<MissingGroupsResponse>('/admin/trades-missing-bonds');
    expect(page.groups.map((g) => g.identifier)).not.toContain('ZQ1009AB0');
    const audit = await ctx.database.db.selectFrom('audit_log').selectAll().where('action', '=', 'market.import.bonds').execute();
    expect(audit.some((a) => a.actor_user_id !== null && String(a.target_id).includes('ZQ1009AB0'))).toBe(true);

    const again = await post('/admin/trades-missing-bonds/bond', bonds.get('ZQ1009AB0')!);
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toMatch(/map the identifier/);
  });

  it('maps an identifier to an existing bond: the trades attach there, audited; nothing left to map is a 404', async () => {
    const target = await ctx.database.db.selectFrom('bonds').select(['id']).where('cusip', '=', 'ZQ1005AB8').executeTakeFirstOrThrow();
    const waiting = (await get<MissingGroupsResponse>('/admin/trades-missing-bonds?q=ZQ1005AA0')).groups[0]!.trades;
    const had = await bondTrades('ZQ1005AB8');
    const mapped = await post('/admin/trades-missing-bonds/ZQ1005AA0/map', { bondId: target.id });
    expect(mapped.statusCode).toBe(200);
    // No Treasury curve is loaded here, so the reprice cannot run: the mapping stands and says why.
    expect(mapped.json()).toEqual({ bondId: target.id, tradesAttached: waiting, repriceError: expect.stringMatching(/treasury curve/i) });
    expect(await bondTrades('ZQ1005AB8')).toBe(had + waiting);
    const audit = await ctx.database.db.selectFrom('audit_log').selectAll().where('action', '=', 'trades.map-identifier').execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]!.details).toMatchObject({ identifier: 'ZQ1005AA0', tradesAttached: waiting });

    expect((await post('/admin/trades-missing-bonds/ZQ1005AA0/map', { bondId: target.id })).statusCode).toBe(404);
    expect((await post('/admin/trades-missing-bonds/ZQ9999ZZ4/map', { bondId: 99_999_999 })).statusCode).toBe(404);
    expect((await get<MissingGroupsResponse>('/admin/trades-missing-bonds')).total).toBe(1);
  });

  it('refuses a malformed identifier, body and paging by name', async () => {
    const space = await ctx.app.inject({ method: 'GET', url: '/admin/trades-missing-bonds/a%20b', headers: admin });
    expect(space.statusCode).toBe(400);
    expect(space.json().error).toMatch(/identifier/);
    const noBond = await post('/admin/trades-missing-bonds/ZQ9999ZZ4/map', {});
    expect(noBond.statusCode).toBe(400);
    expect(noBond.json().error).toMatch(/bondId/);
    const quoted = await post('/admin/trades-missing-bonds/bond', { cusip: 'ZQ9999ZZ4', description: 'a "quoted" name' });
    expect(quoted.statusCode).toBe(400);
    expect(quoted.json().error).toMatch(/description/);
    const limit = await ctx.app.inject({ method: 'GET', url: '/admin/trades-missing-bonds?limit=5000', headers: admin });
    expect(limit.statusCode).toBe(400);
    expect(limit.json().error).toMatch(/limit/);
  });
});
