import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HawkSubscriptionCreateBody } from '../../../common/api/hawk';
import { SAMPLE_BONDS, TRACE_ENHANCED_HEADER, traceLine, type SampleTrade } from '../../../scripts/importSamples';
import { createTestApp, signedIn, type TestContext } from '../../test/testApp';
import { subscribeEveryMinute } from './testSubscriptions';
import { importSample, importText, prepareReference } from '../importers/testing';
import { evaluateHawk } from './evaluate';

const NOW = Date.parse('2026-11-03T12:00:00Z');
const IG = SAMPLE_BONDS[2]!; // Contoso 5.125 2029, BBB+
const HY = SAMPLE_BONDS[18]!; // Coho 9.5 2032, CCC+
const OTHER = SAMPLE_BONDS[0]!;

let nextRef = 7_000_000;
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

describe('market hawk on TRACE imports: each imported print of a watched bond meets the trade rules', () => {
  let ctx: TestContext;
  let alice: Record<string, string>;
  const db = () => ctx.database.db;
  const bondId = async (cusip: string) =>
    await db().selectFrom('bonds').select(['id', 'issuer_id']).where('cusip', '=', cusip).executeTakeFirstOrThrow();
  const subscribe = (body: HawkSubscriptionCreateBody) => subscribeEveryMinute(ctx, alice, body);
  const firings = async (id: number) =>
    db().selectFrom('hawk_firings').select(['bond_id', 'vals']).where('subscription_id', '=', id).orderBy('id').execute();

  beforeAll(async () => {
    ctx = await createTestApp({}, { now: () => NOW });
    await prepareReference(db());
    await importSample(db(), 'bonds', 'bonds.csv');
    alice = await signedIn(ctx, 'hawk-trace');
  });
  afterAll(() => ctx.close());

  it('fires per print on a bond rule and an issuer rule, not for cancelled, small, old or unwatched prints, and once only', async () => {
    const ig = await bondId(IG.cusip);
    const hy = await bondId(HY.cusip);
    const bondRule = await subscribe({ rule: { kind: 'tradeSize', minSize: 2_000_000 }, target: { kind: 'bond', bondId: ig.id } });
    const issuerRule = await subscribe({
      rule: { kind: 'tradeSize', minSize: 250_000 },
      target: { kind: 'issuer', issuerId: hy.issuer_id },
    });
    await evaluateHawk(db(), ctx.config, new Date(NOW));
    const cancelled = trade({ quantity: 4_000_000, time: '100000' });
    const report = await importText(
      db(),
      'trace',
      file(
        trade({ quantity: 100_000, time: '101500' }),
        trade({ quantity: 3_000_000, time: '103000' }),
        trade({ quantity: 2_500_000, time: '104500', price: 100.25 }),
        cancelled,
        { ...cancelled, status: 'X' },
        trade({ quantity: 4_000_000, date: '20260901' }), // two months old: history, not news
        trade({ cusip: HY.cusip, quantity: 500_000, price: 88, yieldPct: 12, time: '110000' }),
        trade({ cusip: OTHER.cusip, quantity: 9_000_000, price: 99, time: '110500' }), // no rule on it
      ),
    );
    expect(report.committed).toBe(true);
    const pass = await evaluateHawk(db(), ctx.config, new Date(NOW));
    expect(pass.events).toBeGreaterThanOrEqual(1);
    expect((await firings(bondRule)).map((f) => [f.bond_id, f.vals.quantity, f.vals.price])).toEqual([
      [ig.id, 3_000_000, 100.5],
      [ig.id, 2_500_000, 100.25],
    ]);
    expect((await firings(issuerRule)).map((f) => [f.bond_id, f.vals.quantity])).toEqual([[hy.id, 500_000]]);
    const again = await evaluateHawk(db(), ctx.config, new Date(NOW + 60_000));
    expect(again.fired).toBe(0);
    expect(await firings(bondRule)).toHaveLength(2);
  });
});
