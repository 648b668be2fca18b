import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { writeAudit } from './audit';

const MAINTENANCE_KEY = 'maintenance_mode';

/** Reads maintenance mode from the database, the one place every instance shares. */
export async function getMaintenanceMode(db: Kysely<Database>): Promise<boolean> {
  const row = await db.selectFrom('app_settings').select('value').where('key', '=', MAINTENANCE_KEY).executeTakeFirst();
  return row?.value === true;
}

/** How long one instance trusts its last read of the shared maintenance flag. */
const MAINTENANCE_CACHE_MS = 2000;
const maintenanceCache = new WeakMap<Kysely<Database>, { value: boolean; readAt: number }>();

/**
 * Maintenance mode as the request gate sees it: re-read from the database at most every 2 s (other
 * instances' switches arrive within that), and at once after a switch made by this instance.
 */
export async function getMaintenanceModeCached(db: Kysely<Database>, now: () => number = Date.now): Promise<boolean> {
  const cached = maintenanceCache.get(db);
  if (cached && now() - cached.readAt <= MAINTENANCE_CACHE_MS) return cached.value;
  const value = await getMaintenanceMode(db);
  maintenanceCache.set(db, { value, readAt: now() });
  return value;
}

/** Switches maintenance mode and records who did it, in one transaction. */
export async function setMaintenanceMode(db: Kysely<Database>, on: boolean, actorUserId: string): Promise<boolean> {
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('app_settings')
      .values({ key: MAINTENANCE_KEY, value: JSON.stringify(on), updated_by: actorUserId })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value: JSON.stringify(on), updated_by: actorUserId, updated_at: new Date() }))
      .execute();
    await writeAudit(trx, {
      actorUserId,
      action: on ? 'maintenance.enable' : 'maintenance.disable',
      targetType: 'setting',
      targetId: MAINTENANCE_KEY,
    });
  });
  maintenanceCache.delete(db);
  return on;
}
