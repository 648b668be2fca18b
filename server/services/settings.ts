import type { Kysely } from 'kysely';
import type { MaintenanceBody, MaintenanceState } from '../../common/api/admin';
import type { Database } from '../db/schema';
import { writeAudit } from './audit';
import { ServiceRefusal } from './refusal';
import { bodyRefusal } from '../../common/api/shared';
import { defineCache } from './caches/registry';

const MAINTENANCE_KEY = 'maintenance_mode';
/** The admin's message and scheduled window, beside the switch (older databases have only the switch). */
const MAINTENANCE_NOTICE_KEY = 'maintenance_notice';

interface MaintenanceNotice {
  message: string | null;
  startsAt: string | null;
  endsAt: string | null;
}

export class MaintenanceError extends ServiceRefusal {}

/** Whether the gate is closed at `now`: switched on, or inside the scheduled window. */
function isActive(on: boolean, notice: MaintenanceNotice, now: number): boolean {
  if (on) return true;
  if (!notice.startsAt || Date.parse(notice.startsAt) > now) return false;
  return !notice.endsAt || now < Date.parse(notice.endsAt);
}

/** Maintenance as stored, with whether it is in force at `now`. */
export async function getMaintenance(db: Kysely<Database>, now: number): Promise<MaintenanceState> {
  const rows = await db
    .selectFrom('app_settings')
    .select(['key', 'value'])
    .where('key', 'in', [MAINTENANCE_KEY, MAINTENANCE_NOTICE_KEY])
    .execute();
  const on = rows.find((r) => r.key === MAINTENANCE_KEY)?.value === true;
  const stored = rows.find((r) => r.key === MAINTENANCE_NOTICE_KEY)?.value as Partial<MaintenanceNotice> | undefined;
  const notice = { message: stored?.message ?? null, startsAt: stored?.startsAt ?? null, endsAt: stored?.endsAt ?? null };
  return { maintenanceMode: on, ...notice, active: isActive(on, notice, now) };
}

/** Whether maintenance is in force at `now` (switched on or scheduled), read from the database every instance shares. */
export async function getMaintenanceMode(db: Kysely<Database>, now: number): Promise<boolean> {
  return (await getMaintenance(db, now)).active;
}

/** How long one instance trusts its last read of the shared maintenance settings. */
const MAINTENANCE_CACHE_MS = 2000;
const maintenanceCache = defineCache<Kysely<Database>, { value: MaintenanceState; readAt: number }>({
  name: 'settings.maintenance',
  home: 'server/services/settings.ts',
  per: 'database',
  key: '—',
  lifetime: { ms: MAINTENANCE_CACHE_MS, clock: "caller's now" },
  invalidatedBy: ['setMaintenance on this instance', "another instance's switch (within the lifetime)"],
});

/**
 * Maintenance as the request gate sees it: re-read from the database at most every 2 s (other
 * instances' switches arrive within that), and at once after a switch made by this instance.
 * Whether a scheduled window is in force is decided at each call's `now`.
 */
export async function getMaintenanceCached(db: Kysely<Database>, now: () => number): Promise<MaintenanceState> {
  const cached = maintenanceCache.get(db);
  const value =
    cached && now() - cached.readAt <= MAINTENANCE_CACHE_MS
      ? cached.value
      : await maintenanceCache.readOnce(db, db, () => getMaintenance(db, now()));
  if (value !== cached?.value) maintenanceCache.set(db, { value, readAt: now() });
  return { ...value, active: isActive(value.maintenanceMode, value, now()) };
}

/** Switches maintenance, sets its message and window, and records who did it with before and after, in one transaction. */
export async function setMaintenance(
  db: Kysely<Database>,
  body: MaintenanceBody,
  actorUserId: string,
  now: number,
): Promise<MaintenanceState> {
  const result = await db.transaction().execute(async (trx) => {
    const before = await getMaintenance(trx, now);
    const notice: MaintenanceNotice = {
      message: body.message === undefined ? before.message : body.message,
      startsAt: body.startsAt === undefined ? before.startsAt : body.startsAt && new Date(body.startsAt).toISOString(),
      endsAt: body.endsAt === undefined ? before.endsAt : body.endsAt && new Date(body.endsAt).toISOString(),
    };
    if (notice.endsAt && !notice.startsAt)
      throw new MaintenanceError('invalid', bodyRefusal('endsAt', 'needs a scheduled start: a window has a start'));
    if (notice.startsAt && notice.endsAt && Date.parse(notice.endsAt) <= Date.parse(notice.startsAt))
      throw new MaintenanceError('invalid', bodyRefusal('endsAt', 'must be after the scheduled start'));
    for (const [key, value] of [
      [MAINTENANCE_KEY, body.maintenanceMode],
      [MAINTENANCE_NOTICE_KEY, notice],
    ] as const) {
      await trx
        .insertInto('app_settings')
        .values({ key, value: JSON.stringify(value), updated_by: actorUserId })
        .onConflict((oc) =>
          oc.column('key').doUpdateSet({ value: JSON.stringify(value), updated_by: actorUserId, updated_at: new Date(now) }),
        )
        .execute();
    }
    const after: MaintenanceState = {
      maintenanceMode: body.maintenanceMode,
      ...notice,
      active: isActive(body.maintenanceMode, notice, now),
    };
    await writeAudit(trx, {
      actorUserId,
      action:
        body.maintenanceMode === before.maintenanceMode
          ? 'maintenance.update'
          : body.maintenanceMode
            ? 'maintenance.enable'
            : 'maintenance.disable',
      targetType: 'setting',
      targetId: MAINTENANCE_KEY,
      details: { before, after },
    });
    return after;
  });
  maintenanceCache.delete(db);
  return result;
}
