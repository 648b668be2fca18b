import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { listOrganizations } from '../services/accounts/admin';
import { DEMO_ACCOUNTS, demoAccountsSeeder } from '../services/accounts/demoSeed';
import { listMedia, readMedia } from '../services/content/media';
import { createMediaStore } from '../services/content/media/store';
import { filing, listFilings } from '../services/primary/edgar/filings';
import { listPricingSheets } from '../services/primary/pricingSheets';
import { marketSeeder } from '../services/market/simulator/seeder';
import { createTestApp, type TestContext } from '../test/testApp';
import { demoContentSeeder } from './demoContent';
import { demoDeskSeeder } from './demoDesk';

describe('demo content seeder', () => {
  let ctx: TestContext;
  const log = () => ({ info: vi.fn(), warn: vi.fn() }) as never;
  beforeAll(async () => {
    ctx = await createTestApp();
    const config = { ...ctx.config, simBonds: 120, simHistoryDays: 30 };
    await demoAccountsSeeder.run({ db: ctx.database.db, config, log: log(), now: ctx.app.now, progress: () => {} });
    await marketSeeder.run({ db: ctx.database.db, config, log: log(), now: ctx.app.now, progress: () => {} });
  }, 300_000);
  // The media library's disk store, in a folder of this file's own.
  const dataDir = mkdtempSync(join(tmpdir(), 'bw-demo-desk-'));
  afterAll(async () => {
    await ctx.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const count = async (table: 'blog_posts' | 'platform_commentary' | 'bond_tables' | 'hawk_subscriptions' | 'deal_messages') =>
    Number(
      (
        await ctx.database.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('seeds nothing in production or with DEMO_CONTENT off', async () => {
    await demoContentSeeder.run({
      db: ctx.database.db,
      config: { ...ctx.config, env: 'production' },
      log: log(),
      now: ctx.app.now,
      progress: () => {},
    });
    await demoContentSeeder.run({
      db: ctx.database.db,
      config: { ...ctx.config, demoContent: false },
      log: log(),
      now: ctx.app.now,
      progress: () => {},
    });
    expect(await count('blog_posts')).toBe(0);
    expect(await count('hawk_subscriptions')).toBe(0);
  });

  it('gives a fresh start published posts, commentary, a table and alerts for the demo user, and a deal message', async () => {
    await demoContentSeeder.run({
      db: ctx.database.db,
      config: { ...ctx.config, demoContent: true },
      log: log(),
      now: ctx.app.now,
      progress: () => {},
    });
    expect(await count('blog_posts')).toBe(2);
    expect(await count('platform_commentary')).toBe(2);
    expect(await count('bond_tables')).toBe(1);
    expect(await count('hawk_subscriptions')).toBe(2);
    // The simulated market announces deals over its history; the newest gets the message.
    expect(
      Number(
        (
          await ctx.database.db
            .selectFrom('deals')
            .select((eb) => eb.fn.countAll<string>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      ),
    ).toBeGreaterThan(0);
    expect(await count('deal_messages')).toBe(1);
  });

  it('the desk seeds nothing in production or with DEMO_CONTENT off', async () => {
    for (const config of [
      { ...ctx.config, dataDir, env: 'production' as const },
      { ...ctx.config, dataDir, demoContent: false },
    ]) {
      await demoDeskSeeder.run({ db: ctx.database.db, config, log: log(), now: ctx.app.now, progress: () => {} });
    }
    const db = ctx.database.db;
    for (const table of ['pricing_sheets', 'media', 'organizations', 'edgar_filings'] as const) {
      const { n } = await db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow();
      expect(Number(n), table).toBe(0);
    }
  });

  it('gives the desk pricing sheets, a media library of real files, organisations and term sheets to review', async () => {
    const db = ctx.database.db;
    const config = { ...ctx.config, dataDir, demoContent: true };
    await demoDeskSeeder.run({ db, config, log: log(), now: ctx.app.now, progress: () => {} });

    const user = await db.selectFrom('users').select('id').where('email', '=', DEMO_ACCOUNTS[1].email).executeTakeFirstOrThrow();
    const sheets = (await listPricingSheets(db, user.id)).sheets;
    expect(sheets.map((s) => s.tranches).sort()).toEqual([1, 2]);

    // The files are whole: the PNG's pixel rows inflate to its header's size, the PDF's xref
    // points at each of its objects.
    const store = await createMediaStore(config);
    const items = await listMedia(db, { store, secret: config.jwtSecret, publicUrl: config.publicUrl, now: ctx.app.now() });
    expect(items.map((m) => m.mime).sort()).toEqual(['application/pdf', 'image/png']);
    const png = (await readMedia(db, store, items.find((m) => m.mime === 'image/png')!.path))!.bytes;
    const width = png.readUInt32BE(16);
    const height = png.readUInt32BE(20);
    expect([width, height]).toEqual([240, 120]);
    const idatLength = png.readUInt32BE(33);
    expect(png.toString('ascii', 37, 41)).toBe('IDAT');
    expect(inflateSync(png.subarray(41, 41 + idatLength)).length).toBe(height * (1 + 3 * width));
    const pdf = (await readMedia(db, store, items.find((m) => m.mime === 'application/pdf')!.path))!.bytes.toString('latin1');
    const xref = Number(/startxref\n(\d+)/.exec(pdf)![1]);
    expect(pdf.slice(xref, xref + 4)).toBe('xref');
    const offsets = [...pdf.slice(xref).matchAll(/^(\d{10}) 00000 n $/gm)].map((m) => Number(m[1]));
    expect(offsets).toHaveLength(5);
    offsets.forEach((o, i) => expect(pdf.slice(o, o + `${i + 1} 0 obj`.length)).toBe(`${i + 1} 0 obj`));
    expect(pdf).toContain('(New-issue checklist) Tj');

    const orgs = await listOrganizations(db);
    expect(orgs.map((o) => o.type).sort()).toEqual(['buyside', 'corporate', 'sellside']);
    // Reserved .example domains: no demo account (bondwise.local) joins a seeded organisation.
    expect(orgs.every((o) => o.userCount === 0)).toBe(true);

    // The samples' README says how each sheet reads: Northwind is not an issuer of the simulated
    // market, so its complete sheet waits for an admin; the other two are flagged by the parser.
    const filings = (await listFilings(db, undefined)).filings;
    const byName = new Map(filings.map((f) => [f.fileName, f]));
    expect(byName.get('northwind-3-tranche-table.html')).toMatchObject({ status: 'parsed', tranches: 3, dealId: null });
    expect(byName.get('contoso-price-contradicts-yield.txt')).toMatchObject({ status: 'needs review', dealId: null });
    expect(byName.get('northwind-missing-maturity.html')).toMatchObject({ status: 'needs review', tranches: 2, dealId: null });
    const contradicted = await filing(db, byName.get('contoso-price-contradicts-yield.txt')!.id);
    expect(contradicted.problemList.map((p) => p.field)).toContain('tranches[0].priceToPublic');
    const noMaturity = await filing(db, byName.get('northwind-missing-maturity.html')!.id);
    expect(noMaturity.problemList.map((p) => p.field)).toContain('tranches[1].maturityDate');
  });
});
