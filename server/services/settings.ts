import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { writeAudit } from './audit';

const MAINTENANCE_KEY = 'maintenance_mode';

/** Reads maintenance mode from the database, the one place every instance shares. */
export async function getMaintenanceMode(db: Kysely<Database>): Promise<boolean> {
  const row = await db.selectFrom('app_settings').select('value').where('key', '=', MAINTENANCE_KEY).executeTakeFirst();
  return row?.value === true;
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
  return on;
}
