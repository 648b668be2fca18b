import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAMPLE_BONDS, TRACE_ENHANCED_HEADER, traceLine, type SampleTrade } from '../../../scripts/importSamples';
import type { DatabaseHandle } from '../../db/database';
import { createTestDatabase } from '../../test/testDatabase';
import { importSample, importText, prepareReference, tableCounts } from './testing';

const IG = SAMPLE_BONDS[2]!; // Contoso 5.125 2029, BBB+
const HY = SAMPLE_BONDS[18]!; // Coho 9.5 2032, CCC+

let nextRef = 9_000_000;
function trade(over: Partial<SampleTrade> = {}): SampleTrade {
  nextRef += 1;
  return {
    record: nextRef,
    reference: String(nextRef),
    status: 'T',
    symbol: 'X',
    cusip: IG.cusip,
    quantity: 100_000,
    price: 100.5,
    yieldPct: 4.9,
    date: '20261102',
    time: '101500',
    side: 'S',
    contra: 'C',
    ...over,
  };
}
const file = (...trades: SampleTrade[]) => [TRACE_ENHANCED_HEADER.join('|'), ...trades.map(traceLine)].join('\n');

describe('TRACE cleaning (Dick-Nielsen, post-2012 Enhanced)', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase();
    await prepareReference(database.db);
    await importSample(database.db, 'bonds', 'bonds.csv');
  });
  afterAll(() => database.close());

  const byRef = async (ref: string) => database.db.selectFrom('trades').selectAll().where('control_number', '=', ref).executeTakeFirst();

  it('a cancellation or reversal in a later file removes a trade imported earlier', async () => {
    const a = trade();
    const b = trade({ price: 100.75 });
    expect((await importText(database.db, 'trace', file(a, b))).committed).toBe(true);
    const report = await importText(
      database.db,
      'trace',
      file({ ...a, status: 'X' }, trade({ status: 'Y', priorReference: b.reference, date: '20261103' })),
    );
    expect(report.details).toMatchObject({ cleaning: { cancelled: 1, reversed: 1, unmatched: 0 } });
    expect((await byRef(a.reference))?.status).toBe('cancelled');
    expect((await byRef(b.reference))?.status).toBe('cancelled');
    // The day's statistics no longer count them.
    const stats = await database.db.selectFrom('daily_bond_stats').selectAll().where('trade_date', '=', '2026-11-02').execute();
    expect(stats).toEqual([]);
  });

  it('a correction (R naming its original) replaces the original even without the C record', async () => {
    const original = trade({ price: 99 });
    await importText(database.db, 'trace', file(original));
    const fix = trade({ status: 'R', price: 101, priorReference: original.reference });
    const report = await importText(database.db, 'trace', file(fix));
    expect(report.details).toMatchObject({ cleaning: { corrected: 1 } });
    expect((await byRef(original.reference))?.status).toBe('corrected');
    expect(await byRef(fix.reference)).toMatchObject({ status: 'active', price: '101.000000' });
  });

  it('a cancel that matches nothing is counted as unmatched, not an error', async () => {
    const report = await importText(database.db, 'trace', file(trade({ status: 'X' })));
    expect(report).toMatchObject({ committed: true, rowsRejected: 0 });
    expect(report.details).toMatchObject({ cleaning: { unmatched: 1 } });
  });

  it('inter-dealer trades: the sell report is kept, the mirror buy report dropped, an unmatched buy kept', async () => {
    const sell = trade({ contra: 'D', side: 'S', date: '20261104', quantity: 250_000, price: 100.2 });
    const mirror = { ...trade(), ...sell, reference: String(++nextRef), side: 'B' as const };
    const lonelyBuy = trade({ contra: 'D', side: 'B', date: '20261104', quantity: 40_000, price: 100.1 });
    const report = await importText(database.db, 'trace', file(sell, mirror, lonelyBuy));
    expect(report.details).toMatchObject({ tradesActive: 2, cleaning: { interDealerDuplicates: 1, interDealerBuysKept: 1 } });
    expect(await byRef(mirror.reference)).toBeUndefined();
    expect((await byRef(sell.reference))?.side).toBe('inter_dealer');
    expect((await byRef(lonelyBuy.reference))?.side).toBe('inter_dealer');
  });

  it('sides: a dealer selling to a customer is a customer buy, buying from one a customer sell', async () => {
    const buy = trade({ side: 'S', contra: 'C' });
    const sell = trade({ side: 'B', contra: 'C' });
    await importText(database.db, 'trace', file(buy, sell));
    expect((await byRef(buy.reference))?.side).toBe('customer_buy');
    expect((await byRef(sell.reference))?.side).toBe('customer_sell');
  });

  it('caps: 5MM+ for investment grade, 1MM+ for high yield, quantities given as "5MM+" are already capped', async () => {
    const ig = trade({ quantity: 12_000_000 });
    const hy = trade({ cusip: HY.cusip, quantity: 1_500_000, price: 96 });
    const hySmall = trade({ cusip: HY.cusip, quantity: 1_000_000, price: 96 });
    const text = file(ig, hy, hySmall).split('\n');
    const capped = trade({ cusip: HY.cusip, price: 96 });
    text.push(traceLine(capped).replace('|100000.00|', '|1MM+|'));
    const report = await importText(database.db, 'trace', text.join('\n'));
    expect(report.rowsRejected).toBe(0);
    const row = async (ref: string) => {
      const t = (await byRef(ref))!;
      return [Number(t.quantity), Number(t.reported_quantity), t.quantity_capped];
    };
    expect(await row(ig.reference)).toEqual([12_000_000, 5_000_000, true]);
    expect(await row(hy.reference)).toEqual([1_500_000, 1_000_000, true]);
    expect(await row(hySmall.reference)).toEqual([1_000_000, 1_000_000, false]);
    expect(await row(capped.reference)).toEqual([1_000_000, 1_000_000, true]);
  });

  it("a day's volume adds capped prints at their cap, so no volume reveals a true size", async () => {
    const big = trade({ quantity: 32_000_000, date: '20261118' });
    const small = trade({ quantity: 250_000, date: '20261118' });
    await importText(database.db, 'trace', file(big, small));
    const bondId = (await byRef(big.reference))!.bond_id;
    const stats = await database.db
      .selectFrom('daily_bond_stats')
      .select(['volume', 'trade_count'])
      .where('trade_date', '=', '2026-11-18')
      .where('bond_id', '=', bondId)
      .executeTakeFirstOrThrow();
    expect([Number(stats.volume), stats.trade_count]).toEqual([5_000_000 + 250_000, 2]);
  });

  it('the short field names (academic/WRDS layout) and MM/DD/YYYY dates are read the same way', async () => {
    const header =
      'CUSIP_ID|TRD_EXCTN_DT|TRD_EXCTN_TM|ENTRD_VOL_QT|RPTD_PR|YLD_PT|RPT_SIDE_CD|CNTRA_MP_ID|TRC_ST|MSG_SEQ_NB|ORIG_MSG_SEQ_NB';
    const rows = [
      `${IG.cusip}|11/05/2026|14:05:00|300000|100.125|4.88|S|C|T|77000001|`,
      `${IG.cusip}|20261105|140600|200000|100.000|4.90|B|C|T|77000002|`,
      `${IG.cusip}|20261105|140600|200000|100.000|4.90|B|C|X|77000002|`,
    ];
    const report = await importText(database.db, 'trace', [header, ...rows].join('\n'));
    expect(report).toMatchObject({ committed: true, rowsRead: 3, rowsRejected: 0 });
    expect(report.details).toMatchObject({ tradesActive: 1, cleaning: { cancelled: 1 } });
    const t = (await byRef('77000001'))!;
    expect(t.execution_time.toISOString()).toBe('2026-11-05T19:05:00.000Z'); // EST after the clocks changed
    expect(t.side).toBe('customer_buy');
  });

  it('the same file imported twice is refused the second time and changes nothing', async () => {
    const text = file(trade(), trade({ side: 'B' }));
    expect((await importText(database.db, 'trace', text)).committed).toBe(true);
    const before = await tableCounts(database.db);
    const again = await importText(database.db, 'trace', text);
    expect(again).toMatchObject({ committed: false, rowsImported: 0, rowsRejected: 0 });
    expect(again.error).toMatch(/^this file was already imported on \d{4}-\d\d-\d\d \d\d:\d\d UTC \(same content\)$/);
    expect(again.details).toHaveProperty('duplicateOf');
    expect(await tableCounts(database.db)).toEqual(before);
  });

  it("an overlapping file adds only the reports not imported before; the day's volume is not counted twice", async () => {
    const day = { date: '20261110' };
    const [a, b, c, d, e] = [100_000, 200_000, 300_000, 400_000, 500_000].map((quantity) => trade({ ...day, quantity }));
    const volume = async () =>
      Number(
        (
          await database.db
            .selectFrom('daily_bond_stats')
            .select('volume')
            .where('trade_date', '=', '2026-11-10')
            .where('bond_id', '=', (await byRef(a!.reference))!.bond_id)
            .executeTakeFirstOrThrow()
        ).volume,
      );
    expect((await importText(database.db, 'trace', file(a!, b!, c!))).details).toMatchObject({ tradesActive: 3, alreadyImported: 0 });
    expect(await volume()).toBe(600_000);
    // The next file repeats b and c, cancels b, and brings d and e.
    const next = await importText(database.db, 'trace', file(b!, c!, d!, e!, { ...b!, record: ++nextRef, status: 'X' }));
    expect(next.details).toMatchObject({ tradesActive: 2, alreadyImported: 2, cleaning: { cancelled: 2 } });
    const rows = await database.db
      .selectFrom('trades')
      .select(['control_number', 'status'])
      .where(
        'control_number',
        'in',
        [a!, b!, c!, d!, e!].map((t) => t.reference),
      )
      .orderBy('control_number')
      .execute();
    expect(rows.map((r) => [r.control_number, r.status])).toEqual([
      [a!.reference, 'active'],
      [b!.reference, 'cancelled'],
      [c!.reference, 'active'],
      [d!.reference, 'active'],
      [e!.reference, 'active'],
    ]);
    expect(await volume()).toBe(100_000 + 300_000 + 400_000 + 500_000);
  });
});
