/**
 * Pricing sheets: a banker's saved calculator worksheets. The owner's, and readable (`view`) or
 * writable (`edit`) by a colleague holding a live share (services/shares/access.ts) — checked on
 * every request. Anyone else reads another user's sheet as not found, so its existence is not
 * disclosed; deleting stays with the owner. Every save moves the state it replaces into
 * pricing_sheet_versions (the newest PRICING_SHEET_VERSIONS_KEPT are kept) inside one
 * transaction; a save names the version it was made on and is refused when the sheet has moved on.
 */
import type { Kysely, Selectable } from 'kysely';
import {
  PRICING_SHEETS_PER_USER_MAX,
  PRICING_SHEET_NAME_MAX,
  PRICING_SHEET_VERSIONS_KEPT,
  type PricingSheet,
  type PricingSheetContent,
  type PricingSheetList,
  type PricingSheetVersions,
} from '../../../common/api/pricingSheets';
import type { Database } from '../../db/schema';
import { ServiceRefusal } from '../refusal';
import { bodyRefusal } from '../../../common/api/shared';
import type { PricingSheetsTable } from '../../db/tables/pricingSheets';
import type { SharedWithCaller, SharePermission } from '../../../common/api/shares';
import { auditSharedEdit, deleteSharesOf, ownerOrShareHolder, sharedWithUser } from '../shares/access';
import { canReadSharedItem } from '../../policies/sharedItems';

type Row = Selectable<PricingSheetsTable>;

/** Unknown or not yours (404), moved on since (409), a limit (400). */
export class PricingSheetError extends ServiceRefusal {}

const iso = (v: Date | string) => new Date(v).toISOString();

function present(row: Row, shared?: SharedWithCaller): PricingSheet {
  return {
    ...(shared ? { shared } : {}),
    id: row.id,
    name: row.name,
    notes: row.notes,
    content: row.content,
    version: row.version,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  };
}

export async function listPricingSheets(db: Kysely<Database>, ownerId: string): Promise<PricingSheetList> {
  const shared = await sharedWithUser(db, 'pricing_sheet', ownerId);
  const grants = new Map(shared.map((s) => [s.itemId, s]));
  const rows = await db
    .selectFrom('pricing_sheets')
    .select(['id', 'owner_id', 'name', 'version', 'content', 'updated_at'])
    .where((eb) =>
      eb.or([
        eb('owner_id', '=', ownerId),
        ...(shared.length
          ? [
              eb(
                'id',
                'in',
                shared.map((s) => Number(s.itemId)),
              ),
            ]
          : []),
      ]),
    )
    .orderBy('updated_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  const grantOf = (r: { id: number; owner_id: string }) => {
    const g = grants.get(String(r.id));
    return g && g.ownerId === r.owner_id ? g.grant : undefined;
  };
  return {
    sheets: rows
      .filter((r) => canReadSharedItem(ownerId, { ownerId: r.owner_id }, grantOf(r)))
      .map((r) => ({
        ...(r.owner_id === ownerId ? {} : { shared: grantOf(r)! }),
        id: r.id,
        name: r.name,
        version: r.version,
        tranches: r.content.tranches.length,
        updatedAt: iso(r.updated_at),
      })),
  };
}

/** A sheet the caller owns or holds a live share of allowing `need`; 404 otherwise (403 a viewer writing). */
function accessible(
  db: Kysely<Database>,
  userId: string,
  id: number,
  need: SharePermission,
  lock = false,
): Promise<{ row: Row; shared?: SharedWithCaller }> {
  const missing = () => new PricingSheetError('not found', `Pricing sheet ${id} not found`);
  return ownerOrShareHolder(db, 'pricing_sheet', id, userId, need, missing, { lock });
}

export async function getPricingSheet(db: Kysely<Database>, userId: string, id: number): Promise<PricingSheet> {
  const { row, shared } = await accessible(db, userId, id, 'view');
  return present(row, shared);
}

export async function createPricingSheet(
  db: Kysely<Database>,
  ownerId: string,
  sheet: { name: string; notes: string; content: PricingSheetContent },
  now: Date,
): Promise<PricingSheet> {
  return db.transaction().execute(async (trx) => {
    // The owner's row locked first: parallel creations count one after another, so the cap holds.
    await trx.selectFrom('users').select('id').where('id', '=', ownerId).forUpdate().executeTakeFirst();
    const count = await trx
      .selectFrom('pricing_sheets')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('owner_id', '=', ownerId)
      .executeTakeFirstOrThrow();
    if (Number(count.n) >= PRICING_SHEETS_PER_USER_MAX) {
      throw new PricingSheetError(
        'invalid',
        `You have ${PRICING_SHEETS_PER_USER_MAX} pricing sheets, the most one user may keep: delete one first.`,
      );
    }
    const row = await trx
      .insertInto('pricing_sheets')
      .values({
        owner_id: ownerId,
        name: sheet.name,
        notes: sheet.notes,
        content: JSON.stringify(sheet.content),
        created_at: now,
        updated_at: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return present(row);
  });
}

/**
 * Saves a change made on `baseVersion`: the current state becomes a version, the sheet the next
 * one. Refused when the sheet is no longer at `baseVersion`.
 */
export async function updatePricingSheet(
  db: Kysely<Database>,
  ownerId: string,
  id: number,
  change: { baseVersion: number; name?: string | undefined; notes?: string | undefined; content?: PricingSheetContent | undefined },
  now: Date,
): Promise<PricingSheet> {
  return db.transaction().execute(async (trx) => {
    const { row: current, shared } = await accessible(trx, ownerId, id, 'edit', true);
    if (current.version !== change.baseVersion) {
      throw new PricingSheetError(
        'conflict',
        `The sheet was saved elsewhere meanwhile: it is at version ${current.version}, not ${change.baseVersion}. Reload it.`,
      );
    }
    await trx
      .insertInto('pricing_sheet_versions')
      .values({
        sheet_id: id,
        version: current.version,
        name: current.name,
        notes: current.notes,
        content: JSON.stringify(current.content),
        saved_at: now,
      })
      .execute();
    await trx
      .deleteFrom('pricing_sheet_versions')
      .where('sheet_id', '=', id)
      .where('version', '<=', current.version - PRICING_SHEET_VERSIONS_KEPT)
      .execute();
    const row = await trx
      .updateTable('pricing_sheets')
      .set({
        name: change.name ?? current.name,
        notes: change.notes ?? current.notes,
        content: JSON.stringify(change.content ?? current.content),
        version: current.version + 1,
        updated_at: now,
      })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
    if (shared) {
      const changed = (['name', 'notes', 'content'] as const).filter((k) => change[k] !== undefined);
      await auditSharedEdit(trx, { actorUserId: ownerId, kind: 'pricing_sheet', itemId: id, ownerId: current.owner_id, changed });
    }
    return present(row, shared);
  });
}

export async function pricingSheetVersions(db: Kysely<Database>, ownerId: string, id: number): Promise<PricingSheetVersions> {
  await accessible(db, ownerId, id, 'view');
  const rows = await db
    .selectFrom('pricing_sheet_versions')
    .select(['version', 'name', 'content', 'saved_at'])
    .where('sheet_id', '=', id)
    .orderBy('version', 'desc')
    .execute();
  return {
    versions: rows.map((r) => ({ version: r.version, name: r.name, tranches: r.content.tranches.length, savedAt: iso(r.saved_at) })),
  };
}

/** Makes an earlier version the sheet's state again — itself a save, so the restore can be undone too. */
export async function restorePricingSheet(
  db: Kysely<Database>,
  ownerId: string,
  id: number,
  restore: { version: number; baseVersion: number },
  now: Date,
): Promise<PricingSheet> {
  await accessible(db, ownerId, id, 'edit');
  const old = await db
    .selectFrom('pricing_sheet_versions')
    .selectAll()
    .where('sheet_id', '=', id)
    .where('version', '=', restore.version)
    .executeTakeFirst();
  if (!old)
    throw new PricingSheetError('not found', bodyRefusal('version', `is not kept: pricing sheet ${id} has no version ${restore.version}`));
  return updatePricingSheet(
    db,
    ownerId,
    id,
    { baseVersion: restore.baseVersion, name: old.name, notes: old.notes, content: old.content },
    now,
  );
}

/** A copy of a sheet the caller may see becomes the caller's own. */
export async function duplicatePricingSheet(db: Kysely<Database>, ownerId: string, id: number, now: Date): Promise<PricingSheet> {
  const { row: source } = await accessible(db, ownerId, id, 'view');
  const name = `Copy of ${source.name}`.slice(0, PRICING_SHEET_NAME_MAX);
  return createPricingSheet(db, ownerId, { name, notes: source.notes, content: source.content }, now);
}

export async function deletePricingSheet(db: Kysely<Database>, ownerId: string, id: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const deleted = await trx.deleteFrom('pricing_sheets').where('id', '=', id).where('owner_id', '=', ownerId).executeTakeFirst();
    if (Number(deleted.numDeletedRows) === 0) throw new PricingSheetError('not found', `Pricing sheet ${id} not found`);
    await deleteSharesOf(trx, 'pricing_sheet', id);
  });
}
