import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PRICING_SHEETS_PER_USER_MAX,
  PRICING_SHEET_VERSIONS_KEPT,
  type PricingSheet,
  type PricingSheetList,
  type PricingSheetVersions,
} from '../../../common/api/pricingSheets';
import { seedUniverse } from '../../services/market/simulator/index';
import { WORKBOOK_ROWS as R } from '../../services/primary/calculatorWorkbook';
import { issuerWithMostFixedBonds } from '../../test/factories';
import { createTestApp, signedIn, type TestContext } from '../../test/testApp';

const END = '2026-11-20';
const NOW = Date.parse('2026-11-23T15:00:00Z');
const URL = '/v2/primary/pricing-sheet';
type Headers = { authorization: string };

describe('pricing sheets: saved calculator worksheets', () => {
  let ctx: TestContext;
  let banker: Headers;
  let stranger: Headers;
  let issuerId: number;

  const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, headers: Record<string, string>, payload?: unknown) =>
    ctx.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
  const sheetRow = (id: number) => ctx.database.db.selectFrom('pricing_sheets').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const create = async (body: unknown, headers = banker): Promise<PricingSheet> => {
    const res = await call('POST', URL, headers, body);
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as PricingSheet;
  };
  const content = () => ({
    issuerId,
    tranches: [
      { tenorYears: 5, sizeMm: 750 },
      { tenorYears: 10, sizeMm: 1000, concessionBp: 12 },
    ],
  });

  beforeAll(async () => {
    ctx = await createTestApp({}, { now: () => NOW });
    await seedUniverse(ctx.database.db, { bonds: 150, historyDays: 20, seed: 5, endDate: END, now: ctx.app.now });
    banker = await signedIn(ctx, 'sheet-banker');
    stranger = await signedIn(ctx, 'sheet-stranger');
    issuerId = await issuerWithMostFixedBonds(ctx.database.db);
  }, 120_000);
  afterAll(() => ctx.close());

  it('saves a worksheet with its tranches and notes, lists it and opens it again', async () => {
    const sheet = await create({ name: '  ACME 5s/10s  ', notes: 'Investor call Tuesday', content: content() });
    expect(sheet).toMatchObject({ name: 'ACME 5s/10s', notes: 'Investor call Tuesday', version: 1, content: content() });
    expect(sheet.createdAt).toBe(new Date(NOW).toISOString());
    const opened = await call('GET', `${URL}/${sheet.id}`, banker);
    expect(opened.statusCode).toBe(200);
    expect(opened.json()).toEqual(sheet);
    const list = (await call('GET', URL, banker)).json() as PricingSheetList;
    expect(list.sheets).toContainEqual({ id: sheet.id, name: 'ACME 5s/10s', version: 1, tranches: 2, updatedAt: sheet.updatedAt });
    // A sheet may be saved before an issuer is picked: the calculator's inputs as they stand.
    const draft = await create({ name: 'Draft', content: { tranches: [{ tenorYears: 7, sizeMm: 500 }] } });
    expect(draft.notes).toBe('');
  });

  it('versions every save, refuses a save made on a stale version, and undoes an overwrite by restoring', async () => {
    const sheet = await create({ name: 'Versioned', content: content() });
    const renamed = await call('PATCH', `${URL}/${sheet.id}`, banker, { baseVersion: 1, name: 'Versioned v2', notes: 'tightened' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({ version: 2, name: 'Versioned v2', notes: 'tightened', content: content() });

    const overwritten = { issuerId, tranches: [{ tenorYears: 30, sizeMm: 250 }] };
    const saved = await call('PATCH', `${URL}/${sheet.id}`, banker, { baseVersion: 2, content: overwritten });
    expect(saved.json()).toMatchObject({ version: 3, name: 'Versioned v2', content: overwritten });

    // A second tab still on version 2 must not silently overwrite version 3.
    const stale = await call('PATCH', `${URL}/${sheet.id}`, banker, { baseVersion: 2, name: 'From the old tab' });
    expect({ status: stale.statusCode, body: stale.json() }).toEqual({
      status: 409,
      body: { error: 'The sheet was saved elsewhere meanwhile: it is at version 3, not 2. Reload it.' },
    });
    expect((await sheetRow(sheet.id)).name).toBe('Versioned v2');

    const versions = (await call('GET', `${URL}/${sheet.id}/versions`, banker)).json() as PricingSheetVersions;
    expect(versions.versions.map((v) => [v.version, v.name, v.tranches])).toEqual([
      [2, 'Versioned v2', 2],
      [1, 'Versioned', 2],
    ]);

    // Undo the overwrite: version 2's tranches come back as version 4, and the overwrite is kept in turn.
    const restored = await call('POST', `${URL}/${sheet.id}/restore`, banker, { version: 2, baseVersion: 3 });
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json()).toMatchObject({ version: 4, name: 'Versioned v2', notes: 'tightened', content: content() });
    const after = (await call('GET', `${URL}/${sheet.id}/versions`, banker)).json() as PricingSheetVersions;
    expect(after.versions[0]).toMatchObject({ version: 3, tranches: 1 });

    const unknownVersion = await call('POST', `${URL}/${sheet.id}/restore`, banker, { version: 99, baseVersion: 4 });
    expect({ status: unknownVersion.statusCode, body: unknownVersion.json() }).toEqual({
      status: 404,
      body: { error: `Invalid body.version: is not kept: pricing sheet ${sheet.id} has no version 99` },
    });
  });

  it(`keeps the newest ${PRICING_SHEET_VERSIONS_KEPT} versions of a sheet saved many times`, async () => {
    const sheet = await create({ name: 'Busy', content: content() });
    const saves = PRICING_SHEET_VERSIONS_KEPT + 3;
    for (let version = 1; version <= saves; version++) {
      const res = await call('PATCH', `${URL}/${sheet.id}`, banker, { baseVersion: version, notes: `save ${version}` });
      expect(res.statusCode).toBe(200);
    }
    const { versions } = (await call('GET', `${URL}/${sheet.id}/versions`, banker)).json() as PricingSheetVersions;
    expect(versions).toHaveLength(PRICING_SHEET_VERSIONS_KEPT);
    expect(versions[0]!.version).toBe(saves);
    expect(versions.at(-1)!.version).toBe(saves - PRICING_SHEET_VERSIONS_KEPT + 1);
  });

  it('answers bad input with an error naming the field, and changes nothing', async () => {
    const sheet = await create({ name: 'Guarded', content: content() });
    const before = await sheetRow(sheet.id);
    const cases: Array<[unknown, RegExp]> = [
      [{ baseVersion: 1, name: '   ' }, /name/],
      [{ baseVersion: 1, content: { issuerId, tranches: [{ tenorYears: 0.5, sizeMm: 500 }] } }, /tenorYears/],
      [{ baseVersion: 1, content: { issuerId, tranches: [{ tenorYears: 5, sizeMm: -1 }] } }, /sizeMm/],
      [{ baseVersion: 1, content: { issuerId, tranches: [] } }, /tranches/],
      [{ baseVersion: 1, notes: 'x'.repeat(5_001) }, /notes/],
      [{ baseVersion: 1, owner_id: 'sheet-stranger', name: 'Mine now' }, /owner_id/],
      [{ baseVersion: 1 }, /Nothing to change/],
      [{ name: 'No base' }, /baseVersion/],
    ];
    for (const [body, error] of cases) {
      const res = await call('PATCH', `${URL}/${sheet.id}`, banker, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error).toMatch(error);
    }
    expect(await sheetRow(sheet.id)).toEqual(before);
    const badCreate = await call('POST', URL, banker, { name: 'x', content: { sector: 'NOPE', tranches: [{ tenorYears: 5, sizeMm: 1 }] } });
    expect(badCreate.statusCode).toBe(400);
    expect(badCreate.json().error).toMatch(/sector/);
    expect((await call('GET', `${URL}/not-a-number`, banker)).statusCode).toBe(400);
  });

  it("treats another user's sheet as not found, for every action, and leaves it as it was", async () => {
    const sheet = await create({ name: 'Private', content: content() });
    const before = await sheetRow(sheet.id);
    const attempts: Array<['GET' | 'POST' | 'PATCH' | 'DELETE', string, unknown?]> = [
      ['GET', `${URL}/${sheet.id}`],
      ['PATCH', `${URL}/${sheet.id}`, { baseVersion: 1, name: 'Taken' }],
      ['DELETE', `${URL}/${sheet.id}`],
      ['GET', `${URL}/${sheet.id}/versions`],
      ['POST', `${URL}/${sheet.id}/restore`, { version: 1, baseVersion: 1 }],
      ['POST', `${URL}/${sheet.id}/duplicate`],
      ['GET', `${URL}/${sheet.id}/xlsx`],
    ];
    for (const [method, url, body] of attempts) {
      const res = await call(method, url, stranger, body);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json().error).toMatch(/not found/);
    }
    expect(await sheetRow(sheet.id)).toEqual(before);
    expect(((await call('GET', URL, stranger)).json() as PricingSheetList).sheets).toEqual([]);
  });

  it('duplicates a sheet as a copy and deletes one with its versions', async () => {
    const sheet = await create({ name: 'Original', notes: 'n', content: content() });
    const copy = await call('POST', `${URL}/${sheet.id}/duplicate`, banker);
    expect(copy.statusCode).toBe(201);
    expect(copy.json()).toMatchObject({ name: 'Copy of Original', notes: 'n', version: 1, content: content() });
    await call('PATCH', `${URL}/${sheet.id}`, banker, { baseVersion: 1, notes: 'kept as version 1' });
    const deleted = await call('DELETE', `${URL}/${sheet.id}`, banker);
    expect(deleted.statusCode).toBe(204);
    expect((await call('GET', `${URL}/${sheet.id}`, banker)).statusCode).toBe(404);
    const orphans = await ctx.database.db.selectFrom('pricing_sheet_versions').select('version').where('sheet_id', '=', sheet.id).execute();
    expect(orphans).toEqual([]);
    expect((await call('GET', `${URL}/${(copy.json() as PricingSheet).id}`, banker)).statusCode).toBe(200);
  });

  it('exports a sheet as the calculator workbook, and refuses a sheet not yet complete', async () => {
    const sheet = await create({ name: 'ACME / 2036 (new)', content: content() });
    const res = await call('GET', `${URL}/${sheet.id}/xlsx`, banker);
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="ACME-2036-new-2026-11-23.xlsx"');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const cells = book.worksheets[0]!;
    expect(cells.getCell(`B${R.tenor}`).value).toBe(5);
    expect(cells.getCell(`C${R.tenor}`).value).toBe(10);
    expect(cells.getCell(`C${R.concession}`).value).toBe(12);

    const draft = await create({ name: 'No issuer yet', content: { tranches: [{ tenorYears: 7, sizeMm: 500 }] } });
    const incomplete = await call('GET', `${URL}/${draft.id}/xlsx`, banker);
    expect(incomplete.statusCode).toBe(400);
    expect(incomplete.json().error).toMatch(/^issuerId: pick an issuer/);
  });

  it(`holds at most ${PRICING_SHEETS_PER_USER_MAX} sheets per user`, async () => {
    const owner = 'sheet-hoarder';
    const headers = await signedIn(ctx, owner);
    const row = { owner_id: owner, name: 'filler', notes: '', content: JSON.stringify(content()) };
    await ctx.database.db
      .insertInto('pricing_sheets')
      .values(Array.from({ length: PRICING_SHEETS_PER_USER_MAX }, () => row))
      .execute();
    const refused = await call('POST', URL, headers, { name: 'One more', content: content() });
    expect({ status: refused.statusCode, body: refused.json() }).toEqual({
      status: 400,
      body: { error: 'You have 200 pricing sheets, the most one user may keep: delete one first.' },
    });
    const [first] = ((await call('GET', URL, headers)).json() as PricingSheetList).sheets;
    expect((await call('POST', `${URL}/${first!.id}/duplicate`, headers)).statusCode).toBe(400);
  });

  it('needs a signed-in caller with the calculator feature; the export needs its own', async () => {
    expect((await call('GET', URL, {})).statusCode).toBe(401);
    expect((await call('POST', URL, {}, { name: 'x', content: content() })).statusCode).toBe(401);
    const db = ctx.database.db;
    await db
      .insertInto('feature_levels')
      .values({ scope: 'user', scope_id: 'sheet-no-calculator', feature: 'new_issue_calculator', level: 0, updated_by: null })
      .execute();
    const withoutCalculator = await signedIn(ctx, 'sheet-no-calculator');
    const refused = await call('GET', URL, withoutCalculator);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toMatch(/new_issue_calculator/);

    await db
      .insertInto('feature_levels')
      .values({ scope: 'user', scope_id: 'sheet-no-xlsx', feature: 'new-issue-calculator-download-xlsx', level: 0, updated_by: null })
      .execute();
    const withoutXlsx = await signedIn(ctx, 'sheet-no-xlsx');
    const own = await create({ name: 'Mine', content: content() }, withoutXlsx);
    const xlsx = await call('GET', `${URL}/${own.id}/xlsx`, withoutXlsx);
    expect(xlsx.statusCode).toBe(403);
    expect(xlsx.json().error).toMatch(/new-issue-calculator-download-xlsx/);
  });
});
