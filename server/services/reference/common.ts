import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { ServiceRefusal } from '../refusal';
import { bodyRefusal } from '../../../common/api/shared';

export type { AdminActor } from '../accounts/userAdminActions';

/** `text` for a LIKE pattern: its wildcards taken literally. */
export const likeEscape = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

export const iso = (d: Date | string) => (d instanceof Date ? d : new Date(d)).toISOString();

export const day = (d: Date | string) => (typeof d === 'string' ? d.slice(0, 10) : d.toISOString().slice(0, 10));

/** Refuses a stale edit: the record changed since the admin read it (a plain sentence: no field is wrong). */
export function checkVersion(what: string, read: number, now: number): void {
  if (read !== now)
    throw new ServiceRefusal(
      'conflict',
      `This ${what} was changed by someone else since you opened it (version ${read}, now ${now}): reload and try again.`,
    );
}

/** An industry (the taxonomy's second level) by id, or a 400 naming the body's `field`. */
export async function industryOrRefuse(db: Kysely<Database>, id: number, field: string): Promise<{ id: number; code: string }> {
  const row = await db.selectFrom('sectors').select(['id', 'code', 'parent_id']).where('id', '=', id).executeTakeFirst();
  if (!row) throw new ServiceRefusal('invalid', bodyRefusal(field, `is unknown: there is no industry ${id}`));
  if (row.parent_id === null)
    throw new ServiceRefusal(
      'invalid',
      bodyRefusal(field, `must not be a top-level sector (${row.code}): issuers belong to one of its industries`),
    );
  return row;
}
