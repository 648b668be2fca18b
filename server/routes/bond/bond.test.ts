import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BondRow, bondListResponseSchema } from '../../../common/api/bond';
import { DEFAULT_BOND_TABLE_COLUMNS } from '../../../common/api/bondTables';
import { BOND_TABLE_COLUMNS, type BondTableColumn } from '../../../common/enums';
import { compositeRating, MOODY_RATINGS, SP_RATINGS, spRatingsIn } from '../../../common/market';
import { listBondsSql } from '../../services/market/queries/bondList';
import { BOND_FILTER_FIELDS, type BondFilters } from '../../services/market/queries/bondFilterSpec';
import { insertTestUniverse, type TestUniverse } from '../../services/market/queries/testUniverse';
import { createTestApp, signedIn, TEST_CLOCK_START, type TestContext } from '../../test/testApp';
import { settledBondTableSnapshot } from '../../services/market/queries/bondTableSnapshot';

/** The value a column sorts by, as the API promises: ratings by scale rank, text by code point. */
function sortKey(row: BondRow, column: BondTableColumn): number | string | boolean | null {
  if (column === 'ratingSP') return row.ratingSP === null ? null : (SP_RATINGS as readonly string[]).indexOf(row.ratingSP);
  if (column === 'ratingMoody') return row.ratingMoody === null ? null : (MOODY_RATINGS as readonly string[]).indexOf(row.ratingMoody);
  return row[column];
}

/** JS reference sort: nulls last in both directions, then id ascending. */
function referenceSort(rows: BondRow[], column: BondTableColumn, desc: boolean, column2?: BondTableColumn, desc2 = false): number[] {
  const cmp = (a: BondRow, b: BondRow, c: BondTableColumn, d: boolean): number => {
    const x = sortKey(a, c);
    const y = sortKey(b, c);
    if (x === y) return 0;
    if (x === null) return 1;
    if (y === null) return -1;
    const order = x < y ? -1 : 1;
    return d ? -order : order;
  };
  return [...rows].sort((a, b) => cmp(a, b, column, desc) || (column2 ? cmp(a, b, column2, desc2) : 0) || a.id - b.id).map((r) => r.id);
}

describe('bond table API', () => {
  let ctx: TestContext;
  // The server's clock: the bond table re-checks its snapshot once a second of it.
  let clockMs = TEST_CLOCK_START;
  let u: TestUniverse;
  let auth: { authorization: string };
  let all: BondRow[];
  const get = (url: string) => ctx.app.inject({ method: 'GET', url, headers: auth });

  beforeAll(async () => {
    ctx = await createTestApp({}, { now: () => clockMs });
    u = await insertTestUniverse(ctx.database.db, { bonds: 60 });
    auth = await signedIn(ctx, 'user-1');
    const res = await get('/v2/bond?limit=500&sort=bondIdentifier');
    expect(res.statusCode).toBe(200);
    all = res.json().rows;
  });
  afterAll(() => ctx.close());

  it('lists outstanding bonds with every §3 column, default sort volume descending, and the as-of time', async () => {
    const res = await get('/v2/bond');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    // The service writes this JSON by hand (per-row JSON it keeps): it must still be the contract.
    expect(() => bondListResponseSchema.parse(body)).not.toThrow();
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(body.total).toBe(u.bondIds.length - 1); // the matured bond is not listed
    expect(body).toMatchObject({ offset: 0, limit: 100, asOf: `${u.asOfDay}T21:00:00.000Z` });
    expect(Object.keys(body.rows[0]).sort()).toEqual(['id', ...BOND_TABLE_COLUMNS].sort());
    expect(body.rows.map((r: BondRow) => r.id)).toEqual(referenceSort(all, 'volume', true));
    expect(all.map((r) => r.id)).not.toContain(u.maturedBondId);
    const row = body.rows[0] as BondRow;
    expect(typeof row.price).toBe('number');
    expect(row.issueDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    // Each row names the source its terms and prints come from, as the bonds table stores it.
    const stored = await ctx.database.db.selectFrom('bonds').select(['id', 'source']).execute();
    const sources = new Map(stored.map((b) => [b.id, b.source]));
    expect(body.rows.map((r: BondRow) => r.source)).toEqual(body.rows.map((r: BondRow) => sources.get(r.id)));
    expect(new Set(all.map((r) => r.source))).toEqual(new Set(['simulator', 'finra-public', 'import']));
  });

  it('sorts by every column, both directions, nulls last and ties by id — matching a JS sort of the same rows', async () => {
    for (const column of BOND_TABLE_COLUMNS) {
      for (const desc of [false, true]) {
        const res = await get(`/v2/bond?limit=500&sort=${column}&sortDesc=${desc}`);
        expect(res.statusCode, column).toBe(200);
        expect(
          res.json().rows.map((r: BondRow) => r.id),
          `${column} ${desc ? 'desc' : 'asc'}`,
        ).toEqual(referenceSort(all, column, desc));
      }
    }
  });

  it('serves the same pages from the in-memory snapshot as from SQL, for sorts, secondary sorts, filters and pages', async () => {
    const queries = [
      { sort: 'volume' as const, sortDesc: true, sort2: 'ratingSP' as const, offset: 5, limit: 20 },
      { sort: 'seniority' as const, sort2: 'gSpread' as const, sort2Desc: true, offset: 10, limit: 15 },
      { sort: 'changeYTC' as const, sortDesc: true, sort2: 'issuer' as const, offset: 0, limit: 500 },
      { sort: 'tenor' as const, rating: ['HY'], tenor: ['10Y' as const, '20Y' as const], offset: 0, limit: 50 },
      { sort: 'ratingMoody' as const, sector: ['IND'], callable: false, q: 'a', offset: 3, limit: 7 },
      { offset: 0, limit: 100 },
    ];
    for (const column of BOND_TABLE_COLUMNS) {
      const fromSql = await listBondsSql(ctx.database.db, { sort: column, sortDesc: true, offset: 0, limit: 500 });
      expect(
        fromSql.rows.map((r) => r.id),
        `SQL ${column} desc`,
      ).toEqual(referenceSort(all, column, true));
    }
    for (const q of queries) {
      const api = await ctx.app.inject({
        method: 'GET',
        url: `/v2/bond?${new URLSearchParams(Object.entries(q).map(([k, v]) => [k, String(v)]))}`,
        headers: auth,
      });
      const fromSql = await listBondsSql(ctx.database.db, q);
      expect(
        api.json().rows.map((r: BondRow) => r.id),
        JSON.stringify(q),
      ).toEqual(fromSql.rows.map((r) => r.id));
      expect(api.json().total, JSON.stringify(q)).toBe(fromSql.total);
    }
  });

  it('serves the same rows and totals from the snapshot as from SQL for every field of the filter spec, alone and together', async () => {
    // Typed by the spec's fields: a new filter does not compile here until it has examples, and
    // the loop below runs over the spec itself, so neither side can gain a field the other lacks.
    const examples: { [K in keyof BondFilters]-?: NonNullable<BondFilters[K]>[] } = {
      sector: [['FIN'], ['BANK', 'IND']],
      rating: [['HY'], ['BBB', 'AA-'], ['IG', 'CCC']],
      seniority: [['Subordinated'], ['Senior Unsecured', 'Senior Secured']],
      tenor: [['5Y', '10Y'], ['30Y'], ['1Y']],
      issuerId: [[String(u.issuerIds[1])], [String(u.issuerIds[0]), String(u.issuerIds[3])]],
      callable: [true, false],
      q: ['a', 'beta', '%', 'us'],
    };
    const url = (f: BondFilters, sort: string) => {
      const params = new URLSearchParams({ limit: '500', sort });
      for (const [name, value] of Object.entries(f)) for (const v of [value].flat()) params.append(name, String(v));
      return `/v2/bond?${params}`;
    };
    const same = async (f: BondFilters) => {
      for (const sort of ['coupon', 'issuer'] as const) {
        const api = (await get(url(f, sort))).json();
        const fromSql = await listBondsSql(ctx.database.db, { ...f, sort, offset: 0, limit: 500 });
        expect(
          api.rows.map((r: BondRow) => r.id),
          JSON.stringify(f),
        ).toEqual(fromSql.rows.map((r) => r.id));
        expect(api.total, JSON.stringify(f)).toBe(fromSql.total);
      }
      return (await listBondsSql(ctx.database.db, { ...f, offset: 0, limit: 1 })).total;
    };
    const together: BondFilters = {};
    expect(Object.keys(examples).sort()).toEqual(BOND_FILTER_FIELDS.map(([name]) => name).sort());
    for (const [name] of BOND_FILTER_FIELDS) {
      const totals: number[] = [];
      for (const value of examples[name]) totals.push(await same({ [name]: value }));
      // Not vacuous: some example keeps some bonds and drops others.
      expect(
        totals.some((t) => t > 0 && t < all.length),
        name,
      ).toBe(true);
      Object.assign(together, { [name]: examples[name][0] });
    }
    await same(together);
    await same({ rating: ['IG'], sector: ['FIN'], callable: true });
  });

  it('applies a secondary sort within ties of the primary', async () => {
    const res = await get('/v2/bond?limit=500&sort=seniority&sort2=coupon&sort2Desc=true');
    expect(res.json().rows.map((r: BondRow) => r.id)).toEqual(referenceSort(all, 'seniority', false, 'coupon', true));
    const res2 = await get('/v2/bond?limit=500&sort=countryOfRisk&sortDesc=1&sort2=ratingSP');
    expect(res2.json().rows.map((r: BondRow) => r.id)).toEqual(referenceSort(all, 'countryOfRisk', true, 'ratingSP', false));
  });

  it('pages with a stable order and the filtered total', async () => {
    const ids: number[] = [];
    for (let offset = 0; offset < all.length; offset += 7) {
      const body = (await get(`/v2/bond?sort=seniority&offset=${offset}&limit=7`)).json();
      expect(body.total).toBe(all.length);
      ids.push(...body.rows.map((r: BondRow) => r.id));
    }
    expect(ids).toEqual(referenceSort(all, 'seniority', false));
  });

  it('filters by rating class, bucket and exact rating, sector and industry, seniority, tenor, issuer, callable and text', async () => {
    const ids = async (query: string) => {
      const body = (await get(`/v2/bond?limit=500&sort=bondIdentifier&${query}`)).json();
      expect(body.total, query).toBe(body.rows.length);
      return body.rows.map((r: BondRow) => r.id).sort((a: number, b: number) => a - b);
    };
    const expectIds = (rows: BondRow[]) => rows.map((r) => r.id).sort((a, b) => a - b);
    // Classes, buckets and exact ratings are of the composite rating (the lower of S&P and Moody's).
    const ig = spRatingsIn('IG') as string[];
    const composite = (r: BondRow) => compositeRating(r.ratingSP, r.ratingMoody);
    expect(await ids('rating=IG')).toEqual(expectIds(all.filter((r) => composite(r) && ig.includes(composite(r)!))));
    expect(await ids('rating=HY')).toEqual(expectIds(all.filter((r) => composite(r) && !ig.includes(composite(r)!))));
    expect(await ids('rating=BBB&rating=AA-')).toEqual(
      expectIds(all.filter((r) => ['BBB+', 'BBB', 'BBB-', 'AA-'].includes(composite(r) ?? ''))),
    );
    expect(await ids('seniority=Subordinated')).toEqual(expectIds(all.filter((r) => r.seniority === 'Subordinated')));
    expect(await ids('tenor=5Y,10Y')).toEqual(
      expectIds(all.filter((r) => (r.tenor > 4 && r.tenor <= 6) || (r.tenor > 8.5 && r.tenor <= 15))),
    );
    expect(await ids(`issuerId=${u.issuerIds[1]}`)).toEqual(expectIds(all.filter((r) => r.ticker === 'BETA')));
    expect(await ids('callable=true')).toEqual(expectIds(all.filter((r) => r.nextCallDate !== null)));
    expect((await ids('callable=false')).length + (await ids('callable=true')).length).toBe(all.length);
    // FIN = Banks + Insurance: issuers 0,1,4,5,8,9 (industries assigned round-robin); BANK alone: 0,4,8.
    const fin = all.filter((r) => ['ACME', 'BETA', 'ECHO', 'FOXT', 'INDI', 'JULI'].includes(r.ticker));
    expect(await ids('sector=FIN')).toEqual(expectIds(fin));
    expect(await ids('sector=BANK')).toEqual(expectIds(all.filter((r) => ['ACME', 'ECHO', 'INDI'].includes(r.ticker))));
    // Text: ticker prefix, CUSIP prefix, description contains; case-insensitive.
    expect(await ids('q=beta')).toEqual(expectIds(all.filter((r) => r.ticker === 'BETA')));
    const one = all[3]!;
    expect(await ids(`q=${one.bondIdentifier.slice(0, 8).toLowerCase()}`)).toContain(one.id);
    const datePart = one.description.split(' ')[2]!;
    expect(await ids(`q=${encodeURIComponent(datePart)}`)).toEqual(expectIds(all.filter((r) => r.description.includes(datePart))));
    expect(await ids('q=%25')).toEqual([]); // a LIKE wildcard is matched literally
  });

  it('returns only the selected columns (plus id)', async () => {
    const body = (await get('/v2/bond?columns=price,ticker&columns=ratingSP&limit=3')).json();
    expect(Object.keys(body.rows[0]).sort()).toEqual(['id', 'price', 'ratingSP', 'ticker']);
  });

  it('rejects unknown columns and bad parameters with a 400 naming them', async () => {
    const bad = async (query: string, pattern: RegExp) => {
      const res = await get(`/v2/bond?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().error, query).toMatch(pattern);
    };
    await bad('sort=nope', /querystring\.sort.*"nope"/);
    await bad('sort2=bogus', /sort2.*"bogus"/);
    await bad('columns=price,wat', /columns.*"wat"/);
    await bad('limit=501', /limit/);
    await bad('offset=-1', /offset/);
    await bad('rating=ZZ', /rating/);
    await bad('tenor=4Y', /tenor/);
    await bad('callable=maybe', /callable/);
    await bad('sortDesc=yes', /sortDesc/);
  });

  it('refuses anonymous callers', async () => {
    for (const url of ['/v2/bond', '/v2/download/bonds.csv', `/v2/bond/${u.bondIds[1]}`]) {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(401);
    }
  });

  it('downloads the whole filtered list as CSV with a header, chosen columns and RFC 4180 quoting', async () => {
    const res = await get('/v2/download/bonds.csv?sort=coupon&rating=IG');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/csv/);
    const lines = res.body.split('\r\n').filter(Boolean);
    expect(lines[0]).toBe(BOND_TABLE_COLUMNS.join(','));
    const ig = spRatingsIn('IG') as string[];
    expect(lines.length - 1).toBe(all.filter((r) => ig.includes(compositeRating(r.ratingSP, r.ratingMoody) ?? '')).length);

    const some = await get('/v2/download/bonds.csv?columns=bondIdentifier,coupon,entityName,price&sort=bondIdentifier');
    const rows = some.body.split('\r\n').filter(Boolean);
    expect(rows[0]).toBe('bondIdentifier,coupon,entityName,price');
    expect(rows.length - 1).toBe(all.length);
    const first = [...all].sort((a, b) => (a.bondIdentifier < b.bondIdentifier ? -1 : 1))[0]!;
    expect(rows[1]).toBe(`${first.bondIdentifier},${first.coupon},${first.entityName},${first.price ?? ''}`);
    const beta = await get('/v2/download/bonds.csv?columns=ticker,entityName&q=BETA');
    expect(beta.body.split('\r\n')[1]).toBe('BETA,"BETA Holdings, Inc. ""B"""');
    const bad = await get('/v2/download/bonds.csv?columns=nope');
    expect(bad.statusCode).toBe(400);
  });
  it('picks up repriced rows a second later (changed rows only are re-read)', async () => {
    const id = all[0]!.id;
    // The row's JSON is made and kept (all columns, and the web's default set) before the move.
    const byId = (columns: string) => get(`/v2/bond?q=${all[0]!.bondIdentifier}${columns}`);
    const defaultSet = `&columns=${DEFAULT_BOND_TABLE_COLUMNS.join(',')}`;
    const before = [(await byId('')).json().rows[0], (await byId(defaultSet)).json().rows[0]];
    expect(before.map((r: { id: number }) => r.id)).toEqual([id, id]);
    expect(before[0].price).not.toBe(123.4567);
    await ctx.database.db
      .updateTable('bond_market_state')
      .set({ price: 123.4567, as_of: `${u.asOfDay}T21:05:00Z` })
      .where('bond_id', '=', id)
      .execute();
    const seen = async () => (await get(`/v2/bond?sort=price&sortDesc=true&limit=1`)).json();
    const recordsBefore = (await settledBondTableSnapshot(ctx.database.db))!.records;
    clockMs += 1001;
    // The first request after a second starts the refresh and answers from the old snapshot.
    await seen();
    await settledBondTableSnapshot(ctx.database.db);
    const body = await seen();
    // Only the repriced bond was re-read: every other record is the one from before. (The bonds
    // were all written by one statement, at one time to the microsecond: a change cursor cut to
    // milliseconds took all of them for changed, on every refresh.)
    const after = (await settledBondTableSnapshot(ctx.database.db))!.records;
    expect(after.filter((rec, k) => rec !== recordsBefore[k]).map((rec) => rec.row.id)).toEqual([id]);
    expect(body.rows[0]).toMatchObject({ id, price: 123.4567 });
    expect(body.asOf).toBe(`${u.asOfDay}T21:05:00.000Z`);
    expect((await byId('')).json().rows[0]).toMatchObject({ id, price: 123.4567 });
    expect((await byId(defaultSet)).json().rows[0]).toMatchObject({ id, price: 123.4567 });
  });

  it('writes names outside ASCII as UTF-8, with a Content-Length counting bytes, in every column set', async () => {
    const id = all[1]!.id;
    const name = 'Société Générale 4¾% 2031 — Zürich ✓';
    await ctx.database.db
      .updateTable('bonds')
      // Stamped by the database, as every product write is (a time of the test's own could fall
      // before the universe's, which the database stamped after this file's clock was read).
      .set({ description: name, updated_at: sql`clock_timestamp()` })
      .where('id', '=', id)
      .execute();
    clockMs += 1001;
    await get('/v2/bond?limit=1');
    await settledBondTableSnapshot(ctx.database.db);
    for (const columns of ['', `&columns=${DEFAULT_BOND_TABLE_COLUMNS.join(',')}`, '&columns=description,price']) {
      const res = await get(`/v2/bond?q=${all[1]!.bondIdentifier}${columns}`);
      expect(res.statusCode).toBe(200);
      expect(Number(res.headers['content-length']), columns).toBe(res.rawPayload.length);
      expect(res.rawPayload.toString('utf8')).toBe(res.body);
      expect(res.json().rows, columns).toEqual([expect.objectContaining({ id, description: name })]);
    }
  });

  it('after a repricing tick, sorts by every column in both directions as SQL does (orders carried over, not rebuilt)', async () => {
    const moved = all.slice(2, 9).map((r) => r.id);
    const prices = [99.5, 99.5, null, 101.25, 87, 99.5, 120];
    for (const [i, id] of moved.entries()) {
      await ctx.database.db
        .updateTable('bond_market_state')
        .set({ price: prices[i]!, as_of: `${u.asOfDay}T21:10:00Z` })
        .where('bond_id', '=', id)
        .execute();
    }
    clockMs += 1001;
    await get('/v2/bond?limit=1');
    await settledBondTableSnapshot(ctx.database.db);
    for (const column of BOND_TABLE_COLUMNS) {
      for (const sortDesc of [false, true]) {
        const q = { sort: column, sortDesc, sort2: 'coupon' as const, offset: 0, limit: 500 };
        const api = await get(`/v2/bond?limit=500&sort=${column}&sortDesc=${sortDesc}&sort2=coupon`);
        const fromSql = await listBondsSql(ctx.database.db, q);
        expect(
          api.json().rows.map((r: BondRow) => r.id),
          `${column} ${sortDesc ? 'desc' : 'asc'}`,
        ).toEqual(fromSql.rows.map((r) => r.id));
      }
    }
    const byPrice = (await get('/v2/bond?limit=500&sort=price')).json().rows as BondRow[];
    expect(byPrice.filter((r) => r.price === 99.5).map((r) => r.id)).toEqual([moved[0], moved[1], moved[5]].sort((a, b) => a! - b!));
  });
});
