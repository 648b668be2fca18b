import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/database';
import { createTestDatabase } from '../../test/testDatabase';
import { insertTestUniverse, type TestUniverse } from '../market/queries/testUniverse';
import { BOND_INFO_TTL_MS, bondInfo, refreshBondInfo } from './bondInfo';

const T0 = Date.parse('2026-11-20T21:10:00Z');
const at = (ms: number) => new Date(T0 + ms);

describe('market hawk’s bond cache on the pass’s clock', () => {
  let handle: DatabaseHandle;
  let u: TestUniverse;
  beforeAll(async () => {
    handle = await createTestDatabase();
    u = await insertTestUniverse(handle.db, { bonds: 3, historyDays: 1, asOfDay: '2026-11-20' });
  });
  afterAll(() => handle.close());

  it('trusts a bond whose updated_at did not move until the TTL has passed by the clock it is given, then reads it again', async () => {
    const db = handle.db;
    const bondId = u.bondIds[0]!;
    await refreshBondInfo(db, at(0));
    const before = (await bondInfo(db, [bondId])).get(bondId)!.description;
    // A change that left updated_at where it was (a long transaction's older stamp): only the TTL catches it.
    await sql`update bonds set description = 'Renamed by hand', updated_at = updated_at where id = ${bondId}`.execute(db);

    await refreshBondInfo(db, at(BOND_INFO_TTL_MS - 1));
    expect((await bondInfo(db, [bondId])).get(bondId)!.description).toBe(before);

    await refreshBondInfo(db, at(BOND_INFO_TTL_MS));
    expect((await bondInfo(db, [bondId])).get(bondId)!.description).toBe('Renamed by hand');
  });

  it('forgets everything when the clock goes back rather than trusting the cache until it catches up', async () => {
    const db = handle.db;
    const bondId = u.bondIds[1]!;
    await refreshBondInfo(db, at(BOND_INFO_TTL_MS * 4));
    await bondInfo(db, [bondId]);
    await sql`update bonds set description = 'Renamed again', updated_at = updated_at where id = ${bondId}`.execute(db);
    await refreshBondInfo(db, at(BOND_INFO_TTL_MS * 2));
    expect((await bondInfo(db, [bondId])).get(bondId)!.description).toBe('Renamed again');
  });
});
