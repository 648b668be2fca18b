import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BondRow } from '../../../common/api/bond';
import type { BondTableColumn } from '../../../common/enums';
import { listBondsSql } from '../../services/market/queries/bondList';
import { settledBondTableSnapshot } from '../../services/market/queries/bondTableSnapshot';
import { insertTestUniverse } from '../../services/market/queries/testUniverse';
import { createTestApp, signedIn, type TestContext } from '../../test/testApp';

/**
 * An edit of a bond's descriptive fields (its description; through the admin API, its issuer's
 * name and ticker) is committed, the server's clock moves past the once-a-second freshness check, and the
 * refresh that the next request starts is awaited as an event (never a duration): from then on the
 * bond table's rows, its in-memory sort orders and its filters all show the edit, exactly as SQL
 * over the same tables does.
 */
describe('bond table after an edit of descriptive fields', () => {
  let ctx: TestContext;
  let clockMs = Date.UTC(2026, 10, 20, 21, 30);
  let user: { authorization: string };
  let admin: { authorization: string };
  let all: BondRow[];
  const get = (url: string) => ctx.app.inject({ method: 'GET', url, headers: user });
  const rowsOf = async (url: string): Promise<BondRow[]> => {
    const res = await get(url);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().rows as BondRow[];
  };
  /** Moves the clock past the freshness check, starts the refresh with a request and waits for it. */
  const afterVersionMoves = async () => {
    clockMs += 1001;
    await get('/v2/bond?limit=1');
    await settledBondTableSnapshot(ctx.database.db);
  };

  beforeAll(async () => {
    ctx = await createTestApp({}, { now: () => clockMs });
    await insertTestUniverse(ctx.database.db, { bonds: 40 });
    user = await signedIn(ctx, 'desk-user');
    admin = await signedIn(ctx, 'ref-admin', { admin: true });
    all = await rowsOf('/v2/bond?limit=500&sort=bondIdentifier');
  });
  afterAll(() => ctx.close());

  it('shows an edited description in the row, the description order and the text filter', async () => {
    const target = all[all.length - 1]!;
    const description = 'AAA FIRST BY NAME 5% 2031';
    // As the admin's bond edit writes it (marketAdmin/bondEdit.ts): the database stamps the change.
    await ctx.database.db
      .updateTable('bonds')
      .set({ description, updated_at: sql`clock_timestamp()` })
      .where('id', '=', target.id)
      .execute();
    await afterVersionMoves();

    expect(await rowsOf(`/v2/bond?q=${target.bondIdentifier}`)).toEqual([expect.objectContaining({ id: target.id, description })]);
    expect((await rowsOf('/v2/bond?sort=description&limit=1'))[0]).toMatchObject({ id: target.id, description });
    expect((await rowsOf('/v2/bond?q=FIRST%20BY%20NAME')).map((r) => r.id)).toEqual([target.id]);
    await expectOrdersAsSql(['description']);
  });

  it('shows an issuer renamed and re-tickered on every one of its bonds, in their orders and the ticker filter', async () => {
    const target = all[0]!;
    const issuer = (await ctx.database.db.selectFrom('bonds').select('issuer_id').where('id', '=', target.id).executeTakeFirstOrThrow())
      .issuer_id;
    const ownBonds = all.filter((r) => r.entityName === target.entityName).map((r) => r.id);
    const saved = await ctx.app.inject({
      method: 'PUT',
      url: `/admin/issuers/${issuer}`,
      headers: admin,
      payload: { version: 0, name: 'Zyzzyva Renamed Holdings', ticker: 'ZYZZ' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    await afterVersionMoves();

    const byTicker = await rowsOf('/v2/bond?q=ZYZZ&limit=500');
    expect(byTicker.map((r) => r.id).sort((a, b) => a - b)).toEqual(ownBonds.sort((a, b) => a - b));
    expect(byTicker.every((r) => r.ticker === 'ZYZZ' && r.entityName === 'Zyzzyva Renamed Holdings')).toBe(true);
    // The old ticker still prefixes the bonds' descriptions, but no row is under it any more.
    expect((await rowsOf(`/v2/bond?q=${target.ticker}&limit=500`)).filter((r) => r.ticker === target.ticker)).toEqual([]);
    const lastByName = await rowsOf('/v2/bond?sort=entityName&sortDesc=true&limit=1');
    expect(lastByName[0]!.entityName).toBe('Zyzzyva Renamed Holdings');
    await expectOrdersAsSql(['entityName', 'ticker', 'description']);
  });

  /** The API's order (the snapshot's carried orders) is SQL's, in both directions. */
  async function expectOrdersAsSql(columns: BondTableColumn[]): Promise<void> {
    for (const column of columns) {
      for (const sortDesc of [false, true]) {
        const api = await rowsOf(`/v2/bond?limit=500&sort=${column}&sortDesc=${sortDesc}&sort2=coupon`);
        const fromSql = await listBondsSql(ctx.database.db, { sort: column, sortDesc, sort2: 'coupon', offset: 0, limit: 500 });
        expect(
          api.map((r) => r.id),
          `${column} ${sortDesc ? 'desc' : 'asc'}`,
        ).toEqual(fromSql.rows.map((r) => r.id));
      }
    }
  }
});
