import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HawkSubscriptionCreateBody } from '../../../common/api/hawk';
import { recordEvents } from '../events';
import { insertTestUniverse, type TestUniverse } from '../market/queries/testUniverse';
import { mergeIssuers } from '../reference/issuerMerge';
import { createTestApp, signedIn, type TestContext } from '../../test/testApp';
import { subscribeEveryMinute } from './testSubscriptions';
import { evaluateHawk } from './evaluate';

const T0 = Date.parse('2026-11-20T21:10:00Z');

describe('market hawk after an issuer merge', () => {
  let ctx: TestContext;
  let u: TestUniverse;
  let alice: { authorization: string };
  const at = (minutes: number) => new Date(T0 + minutes * 60_000);
  const db = () => ctx.database.db;
  const subscribe = (body: HawkSubscriptionCreateBody) => subscribeEveryMinute(ctx, alice, body);
  const firings = (subscriptionId: number) =>
    db().selectFrom('hawk_firings').selectAll().where('subscription_id', '=', subscriptionId).orderBy('id').execute();
  const pass = (minutes: number) => evaluateHawk(db(), ctx.config, at(minutes));
  const print = (bondId: number, id: string, minutes: number) =>
    recordEvents(db(), [
      {
        type: 'trade.new',
        subjectId: String(bondId),
        payload: { tradeId: id, bondId, price: 100, quantity: 5_000_000, quantityCapped: true, executionTime: at(minutes).toISOString() },
      },
    ]);
  const reprice = (bondId: number, minutes: number, price: number) =>
    db()
      .updateTable('bond_market_state')
      .set({ price, as_of: at(minutes) })
      .where('bond_id', '=', bondId)
      .execute();

  beforeAll(async () => {
    ctx = await createTestApp({}, { now: () => T0 });
    u = await insertTestUniverse(ctx.database.db, { bonds: 12, historyDays: 2, asOfDay: '2026-11-20' });
    alice = await signedIn(ctx, 'hawk-merge');
    await pass(0); // the seeded state is history
  });
  afterAll(() => ctx.close());

  it('a bond moved to the surviving issuer answers to the survivor’s rules at the next pass; rules on the duplicate move to the survivor', async () => {
    const bondId = u.bondIds[3]!;
    const [moved] = await db().selectFrom('bonds').select('issuer_id').where('id', '=', bondId).execute();
    const duplicate = moved!.issuer_id;
    const survivor = u.issuerIds.find((id) => id !== duplicate && id !== u.issuerIds[9] && id !== u.issuerIds[0])!;
    const blocks = await subscribe({ rule: { kind: 'tradeSize', minSize: 5_000_000 }, target: { kind: 'issuer', issuerId: survivor } });
    const level = await subscribe({
      rule: { kind: 'level', metric: 'price', direction: 'above', level: 150 },
      target: { kind: 'issuer', issuerId: survivor },
    });
    // A rule on the duplicate itself: it follows the bonds to the survivor.
    const onDuplicate = await subscribe({
      rule: { kind: 'tradeSize', minSize: 5_000_000 },
      target: { kind: 'issuer', issuerId: duplicate },
    });
    await pass(1); // primes the level rule on the survivor's bonds as they are
    // Before the merge the bond is the duplicate's: the survivor's rules do not fire on it (and
    // the evaluator has now looked the bond up).
    await print(bondId, 'merge-1', 2);
    await reprice(bondId, 2, 151);
    await pass(3);
    expect(await firings(blocks)).toHaveLength(0);
    expect(await firings(level)).toHaveLength(0);
    expect(await firings(onDuplicate)).toMatchObject([{ bond_id: bondId, issuer_id: duplicate }]);

    const versions = await db().selectFrom('issuers').select(['id', 'version']).where('id', 'in', [survivor, duplicate]).execute();
    const version = (id: number) => versions.find((v) => v.id === id)!.version;
    await mergeIssuers(
      db(),
      { userId: 'hawk-merge', ip: null },
      survivor,
      {
        duplicateId: duplicate,
        version: version(survivor),
        duplicateVersion: version(duplicate),
      },
      at(5),
    );

    await print(bondId, 'merge-2', 5);
    await reprice(bondId, 5, 152);
    await pass(6);
    expect(await firings(blocks)).toMatchObject([{ bond_id: bondId, issuer_id: survivor, message: 'Trade of 5MM+ at 100.000' }]);
    expect(await firings(level)).toMatchObject([{ bond_id: bondId, issuer_id: survivor, message: 'price 152.000 above 150.000' }]);
    expect(await firings(onDuplicate)).toMatchObject([{ issuer_id: duplicate }, { bond_id: bondId, issuer_id: survivor }]);
    const res = await ctx.app.inject({ method: 'GET', url: `/v2/hawk/subscriptions/${onDuplicate}`, headers: alice });
    expect(res.json()).toMatchObject({ target: { kind: 'issuer', issuerId: survivor } });
  });
});
