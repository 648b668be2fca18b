import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HawkRule, HawkSubscriptionCreateBody, HawkTarget } from '../../../common/api/hawk';
import { insertTestUniverse, type TestUniverse } from '../market/queries/testUniverse';
import { createTestApp, signedIn, type TestContext } from '../../test/testApp';
import { resetAllCaches } from '../caches/registry';
import { saveBondTable, subscribeEveryMinute } from './testSubscriptions';
import { syncStateBounds } from './boundsTable';
import { evaluateHawk } from './evaluate';
import { hawkIndex, tableBonds } from './ruleIndex';
import { checkState } from './rules';
import { readRepricedStates } from './stateRules';

const T0 = Date.parse('2026-11-20T21:10:00Z');
const at = (minutes: number) => new Date(T0 + minutes * 60_000);

type StateColumns = Record<string, number | null>;

/** A quiet state in the table's own units (yield as a fraction, volume as a percent change). */
const BASE: StateColumns = {
  price: 100,
  yield_to_worst: 0.055,
  g_spread: 150,
  t_spread: 150,
  change_price: 0,
  change_ytw: 0,
  change_g_spread: 0,
  change_t_spread: 0,
  confidence: 80,
  volume_percent_change: 0,
};

/**
 * Rows on, just inside and just beyond each threshold of RULES at the columns' own precision,
 * nulls, and values whose conversion to the rules' units is inexact in doubles (0.07 × 100 is
 * 7.000000000000001, above 7; 1 − 90/100 is 0.09999999999999998).
 */
function rows(): StateColumns[] {
  const around = (x: number, d: number) => [x - d, x, x + d, -x - d, -x, -x + d];
  const vary: [string, (number | null)[]][] = [
    ['price', [101 - 1e-6, 101, 101 + 1e-6, 95 - 1e-6, 95, 95 + 1e-6, null]],
    ['yield_to_worst', [0.0599999, 0.06, 0.0600001, 0.0699999, 0.07, 0.0700001, 0.0499999, 0.05, 0.0500001, null]],
    ['g_spread', [49.999, 50, 50.001, null]],
    ['t_spread', [299.999, 300, 300.001, null]],
    ['change_price', [...around(1, 1e-6), null]],
    ['change_ytw', [...around(0.001, 1e-7), null]],
    ['change_g_spread', [...around(10, 1e-3), null]],
    ['change_t_spread', [...around(20, 1e-3), null]],
    ['confidence', [49, 50, 51, null]],
    ['volume_percent_change', [199.999, 200, 200.001, 9.999, 10, 10.001, -90, null]],
  ];
  const out = [BASE];
  for (const [column, values] of vary) for (const v of values) out.push({ ...BASE, [column]: v });
  return out;
}

const RULES: HawkRule[] = [
  { kind: 'level', metric: 'price', direction: 'above', level: 101 },
  { kind: 'level', metric: 'price', direction: 'below', level: 95 },
  { kind: 'level', metric: 'yield', direction: 'above', level: 6 },
  { kind: 'level', metric: 'yield', direction: 'above', level: 7 },
  { kind: 'level', metric: 'yield', direction: 'below', level: 5 },
  { kind: 'level', metric: 'gSpread', direction: 'below', level: 50 },
  { kind: 'level', metric: 'tSpread', direction: 'above', level: 300 },
  { kind: 'move', metric: 'price', threshold: 1, window: '1d' },
  { kind: 'move', metric: 'yield', threshold: 10, window: '1d' },
  { kind: 'move', metric: 'gSpread', threshold: 10, window: '1d' },
  { kind: 'move', metric: 'tSpread', threshold: 20, window: '1d' },
  { kind: 'confidence', below: 50 },
  { kind: 'volume', ratio: 3 },
  { kind: 'volume', ratio: 1.1 },
];

describe('market hawk state bounds in the database: the reprice read ships exactly the rows that may trip', () => {
  let ctx: TestContext;
  let u: TestUniverse;
  let alice: { authorization: string };
  let clock = T0;
  const db = () => ctx.database.db;
  const subscribe = (body: HawkSubscriptionCreateBody) => subscribeEveryMinute(ctx, alice, body);
  const reprice = async (minutes: number, values: StateColumns, bondIds?: number[]) => {
    let q = db()
      .updateTable('bond_market_state')
      .set({ ...values, as_of: at(minutes) });
    if (bondIds) q = q.where('bond_id', 'in', bondIds);
    await q.execute();
  };

  beforeAll(async () => {
    ctx = await createTestApp({}, { now: () => clock });
    u = await insertTestUniverse(ctx.database.db, { bonds: 15, historyDays: 2, asOfDay: '2026-11-20' });
    alice = await signedIn(ctx, 'hawk-bounds');
  });
  afterAll(() => ctx.close());

  it('on, inside and beyond every threshold kind, on a bond’s own and its issuer’s rules: shipped exactly when a rule fires', async () => {
    // Bonds 0–9 carry one rule each; the issuers of bonds 0, 1, 2 carry the last four (so those
    // bonds and their issuer's other bonds answer to both rows); one bond has an intraday move
    // (always shipped); the rest have none.
    const issuerOf = new Map((await db().selectFrom('bonds').select(['id', 'issuer_id']).execute()).map((b) => [b.id, b.issuer_id]));
    const bond = (k: number) => u.bondIds[k]!;
    const placed: { rule: HawkRule; target: HawkTarget }[] = [
      ...RULES.slice(0, 10).map((rule, k) => ({ rule, target: { kind: 'bond', bondId: bond(k) } as HawkTarget })),
      { rule: RULES[10]!, target: { kind: 'issuer', issuerId: issuerOf.get(bond(0))! } },
      { rule: RULES[11]!, target: { kind: 'issuer', issuerId: issuerOf.get(bond(1))! } },
      { rule: RULES[12]!, target: { kind: 'issuer', issuerId: issuerOf.get(bond(2))! } },
      { rule: RULES[13]!, target: { kind: 'issuer', issuerId: issuerOf.get(bond(2))! } },
      { rule: { kind: 'move', metric: 'price', threshold: 5, window: 'intraday' }, target: { kind: 'bond', bondId: bond(13) } },
    ];
    for (const p of placed) await subscribe(p);
    const rulesOf = (bondId: number) =>
      placed
        .filter(({ target }) =>
          target.kind === 'bond' ? target.bondId === bondId : target.kind === 'issuer' && target.issuerId === issuerOf.get(bondId),
        )
        .map((p) => p.rule);

    const stamp = await syncStateBounds(db(), await hawkIndex(db(), at(0)));
    let minutes = 1;
    let shippedRows = 0;
    for (const state of rows()) {
      await reprice(minutes, state);
      const after = at(minutes - 1);
      // Every row, as the evaluator parses it (another index's token ships them all).
      const all = await readRepricedStates(db(), after, { boundsStamp: 'another index' });
      expect(all.rows).toHaveLength(u.bondIds.length);
      const expected = all.rows
        .filter((r) =>
          rulesOf(r.bondId).some((rule) => (rule.kind === 'move' && rule.window !== '1d') || checkState(rule, r.state) !== null),
        )
        .map((r) => r.bondId)
        .sort((a, b) => a - b);
      const read = await readRepricedStates(db(), after, { boundsStamp: stamp });
      expect(
        read.rows.map((r) => r.bondId).sort((a, b) => a - b),
        JSON.stringify(state),
      ).toEqual(expected);
      expect(read.newest).toBe(all.newest);
      expect(read.newestAt).toBe(at(minutes).getTime());
      shippedRows += read.rows.length;
      minutes++;
    }
    // The grid does cross thresholds beyond the always-shipped bond (one row per state).
    expect(shippedRows).toBeGreaterThan(rows().length + 20);
  });

  it('a read with no filter ships no row but still names the newest as-of', async () => {
    await reprice(200, BASE);
    const read = await readRepricedStates(db(), at(199), 'none');
    expect(read.rows).toEqual([]);
    expect(read.newestAt).toBe(at(200).getTime());
  });

  it('follows rule creation, edit, pause and deletion: the next pass ships what the rules then say', async () => {
    // Bond 14 has no rule of its own or its issuer's from the test above.
    const bondId = u.bondIds[14]!;
    const pass = async (minutes: number, price: number) => {
      await reprice(minutes, { ...BASE, price }, [bondId]);
      clock = at(minutes).getTime();
      return (await evaluateHawk(db(), ctx.config, at(minutes))).states;
    };
    await evaluateHawk(db(), ctx.config, at(300)); // everything before is read
    expect(await pass(301, 102)).toBe(0);
    const id = await subscribe({
      rule: { kind: 'level', metric: 'price', direction: 'above', level: 101 },
      target: { kind: 'bond', bondId },
    });
    expect(await pass(302, 102)).toBe(1);
    expect(await pass(303, 100.5)).toBe(0);
    const patch = async (body: object) => {
      const res = await ctx.app.inject({ method: 'PATCH', url: `/v2/hawk/subscriptions/${id}`, headers: alice, payload: body });
      expect(res.statusCode, res.body).toBe(200);
    };
    await patch({ rule: { kind: 'level', metric: 'price', direction: 'above', level: 100 } });
    expect(await pass(304, 100.5)).toBe(1);
    await patch({ paused: true });
    expect(await pass(305, 100.5)).toBe(0);
    await patch({ paused: false });
    expect(await pass(306, 100.5)).toBe(1);
    const del = await ctx.app.inject({ method: 'DELETE', url: `/v2/hawk/subscriptions/${id}`, headers: alice });
    expect(del.statusCode, del.body).toBeLessThan(300);
    expect(await pass(307, 100.5)).toBe(0);
  });

  it('follows a bond moving to another issuer: the next pass ships it by its new issuer’s rules', async () => {
    const bondId = u.bondIds[14]!;
    const target = u.issuerIds.find((i) => i !== u.issuerIds[14 % 10])!;
    await subscribe({ rule: { kind: 'confidence', below: 60 }, target: { kind: 'issuer', issuerId: target } });
    const pass = async (minutes: number) => {
      await reprice(minutes, { ...BASE, confidence: 55 }, [bondId]);
      clock = at(minutes).getTime();
      return (await evaluateHawk(db(), ctx.config, at(minutes))).states;
    };
    expect(await pass(400)).toBe(0);
    // As an issuer merge or an admin's edit does: the issuer and updated_at move together.
    await db()
      .updateTable('bonds')
      .set({ issuer_id: target, updated_at: at(401) })
      .where('id', '=', bondId)
      .execute();
    expect(await pass(402)).toBe(1);
  });

  it('after a rule or custom-table change works out only the bonds it touches, and writes what a full rewrite would', async () => {
    const stored = async () => (await sql`select * from hawk_state_bounds order by bond_id`.execute(db())).rows;
    const bondsOf = async (issuerId: number) =>
      (await db().selectFrom('bonds').select('id').where('issuer_id', '=', issuerId).execute()).map((b) => b.id);
    let minutes = 500;
    // Each step: the pass after the change, then every row rewritten by an index that never wrote.
    const step = async (change: () => Promise<unknown>) => {
      await change();
      minutes += 2; // past the index's lifetime, so a custom table is resolved again
      const index = await hawkIndex(db(), at(minutes));
      await syncStateBounds(db(), index);
      const worked = [...index.stateRulesByBond.keys()].sort((a, b) => a - b);
      const incremental = await stored();
      resetAllCaches();
      await syncStateBounds(db(), await hawkIndex(db(), at(minutes)));
      expect(incremental).toEqual(await stored());
      return worked;
    };
    const patch = async (id: number, body: object) => {
      const res = await ctx.app.inject({ method: 'PATCH', url: `/v2/hawk/subscriptions/${id}`, headers: alice, payload: body });
      expect(res.statusCode, res.body).toBe(200);
    };
    const tableId = await saveBondTable(ctx, alice, { name: 'Bounds', filters: { issuerId: [u.issuerIds[3]!] } });
    const members = (await tableBonds(db(), [tableId], '2026-11-21')).get(tableId)!;
    expect(members.length).toBeGreaterThan(0);
    const bondId = u.bondIds.find((id) => !members.includes(id))!;
    const issuerId = u.issuerIds[5]!;
    const sorted = (ids: number[]) => [...new Set(ids)].sort((a, b) => a - b);
    resetAllCaches();
    await syncStateBounds(db(), await hawkIndex(db(), at(minutes)));

    let bondRule = 0;
    expect(
      await step(async () => {
        bondRule = await subscribe({
          rule: { kind: 'level', metric: 'price', direction: 'above', level: 99 },
          target: { kind: 'bond', bondId },
        });
      }),
    ).toEqual([bondId]);
    let issuerRule = 0;
    expect(
      await step(async () => {
        issuerRule = await subscribe({ rule: { kind: 'confidence', below: 30 }, target: { kind: 'issuer', issuerId } });
      }),
    ).toEqual(sorted(await bondsOf(issuerId)));
    expect(await step(() => patch(bondRule, { rule: { kind: 'level', metric: 'price', direction: 'above', level: 98 } }))).toEqual([
      bondId,
    ]);
    // A new target: the bonds of the old one and of the new one.
    expect(await step(() => patch(bondRule, { target: { kind: 'table', tableId } }))).toEqual(sorted([bondId, ...members]));
    // A bond joins the table (its issuer moves without an edit stamp, as a filter over maturities would).
    const joining = u.bondIds.find((id) => !members.includes(id) && id !== bondId && id !== u.maturedBondId)!;
    expect(await step(() => db().updateTable('bonds').set({ issuer_id: u.issuerIds[3]! }).where('id', '=', joining).execute())).toEqual([
      joining,
    ]);
    expect(await step(() => patch(bondRule, { paused: true }))).toEqual(sorted([...members, joining]));
    expect(await step(() => ctx.app.inject({ method: 'DELETE', url: `/v2/hawk/subscriptions/${issuerRule}`, headers: alice }))).toEqual(
      sorted(await bondsOf(issuerId)),
    );
  });
});
