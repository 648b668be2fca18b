import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertTestUniverse, type TestUniverse } from '../market/queries/testUniverse';
import { createTestApp, signedIn, type TestContext } from '../../test/testApp';
import { resetAllCaches } from '../caches/registry';
import { hawkIndex, INDEX_TTL_MS, stateRulesOnBond } from './ruleIndex';
import { saveBondTable } from './testSubscriptions';

const T0 = Date.parse('2026-11-20T21:10:00Z');

describe('market hawk rule index: kept across its refresh while the custom tables hold the same bonds', () => {
  let ctx: TestContext;
  let u: TestUniverse;
  let alice: { authorization: string };
  let tableId: string;
  const db = () => ctx.database.db;

  beforeAll(async () => {
    ctx = await createTestApp({}, { now: () => T0 });
    u = await insertTestUniverse(ctx.database.db, { bonds: 12, historyDays: 2, asOfDay: '2026-11-20' });
    alice = await signedIn(ctx, 'hawk-index');
    tableId = await saveBondTable(ctx, alice, { name: 'One issuer', filters: { issuerId: [u.issuerIds[0]!] } });
    for (const target of [
      { kind: 'table', tableId },
      { kind: 'bond', bondId: u.bondIds[1]! },
    ]) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/v2/hawk/subscriptions',
        headers: alice,
        payload: { rule: { kind: 'confidence', below: 40 }, target, frequency: { type: 'every', cooldownMinutes: 1 } },
      });
      expect(res.statusCode, res.body).toBe(201);
    }
  });
  afterAll(() => ctx.close());

  it('after the TTL the same index (with its worked-out state rules) serves on; a table that gains a bond rebuilds it', async () => {
    resetAllCaches();
    const first = await hawkIndex(db(), new Date(T0));
    const inTable = first.tableBonds.get(tableId)!;
    expect(inTable.length).toBeGreaterThan(0);
    const worked = stateRulesOnBond(first, inTable[0]!, u.issuerIds[0]!);
    expect(worked.subs).toHaveLength(1);

    const refreshed = await hawkIndex(db(), new Date(T0 + INDEX_TTL_MS + 1));
    expect(refreshed).toBe(first);
    expect(refreshed.builtAt).toBe(T0 + INDEX_TTL_MS + 1);
    expect(refreshed.stateRulesByBond.get(inTable[0]!)).toBe(worked);

    // A bond of another issuer moves into the table's issuer: the table holds one more bond.
    const outsider = u.bondIds.find((id) => !inTable.includes(id) && id !== u.maturedBondId && id !== u.bondIds[1])!;
    await db().updateTable('bonds').set({ issuer_id: u.issuerIds[0]! }).where('id', '=', outsider).execute();
    const rebuilt = await hawkIndex(db(), new Date(T0 + 2 * INDEX_TTL_MS + 2));
    expect(rebuilt).not.toBe(first);
    expect(rebuilt.tableBonds.get(tableId)).toEqual([...inTable, outsider].sort((a, b) => a - b));
    expect(stateRulesOnBond(rebuilt, outsider, u.issuerIds[0]!).subs).toHaveLength(1);
  });

  it('after a rule is edited, added or deleted the new index reads only those again and keeps the others as loaded', async () => {
    resetAllCaches();
    const at = (k: number) => new Date(T0 + 10 * INDEX_TTL_MS + k);
    const first = await hawkIndex(db(), at(0));
    const [edited, untouched] = [...first.byId.values()];
    const call = (method: 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
      ctx.app.inject({ method, url, headers: alice, ...(payload ? { payload } : {}) });
    expect((await call('PATCH', `/v2/hawk/subscriptions/${edited!.id}`, { rule: { kind: 'confidence', below: 45 } })).statusCode).toBe(200);
    const afterEdit = await hawkIndex(db(), at(1));
    expect(afterEdit).not.toBe(first);
    expect(afterEdit.byId.get(edited!.id)!.rule).toEqual({ kind: 'confidence', below: 45 });
    expect(afterEdit.byId.get(untouched!.id)).toBe(untouched);

    const added = await call('POST', '/v2/hawk/subscriptions', {
      rule: { kind: 'confidence', below: 20 },
      target: { kind: 'bond', bondId: u.bondIds[2]! },
      frequency: { type: 'every', cooldownMinutes: 1 },
    });
    expect(added.statusCode, added.body).toBe(201);
    const afterAdd = await hawkIndex(db(), at(2));
    expect([...afterAdd.byId.keys()].sort((a, b) => a - b)).toEqual([edited!.id, untouched!.id, added.json().id].sort((a, b) => a - b));
    expect(afterAdd.byId.get(edited!.id)).toBe(afterEdit.byId.get(edited!.id));

    expect((await call('DELETE', `/v2/hawk/subscriptions/${untouched!.id}`)).statusCode).toBeLessThan(300);
    const afterDelete = await hawkIndex(db(), at(3));
    expect([...afterDelete.byId.keys()].sort((a, b) => a - b)).toEqual([edited!.id, added.json().id].sort((a, b) => a - b));
  });
});
