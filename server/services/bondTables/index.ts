/**
 * Custom bond tables: a user's saved bond-table views. Every read and write checks the owner or a
 * live share (services/shares/access.ts: read for `view`, write for `edit`). Anyone else's uuid
 * answers 404 like an unknown one, so whether it exists is not disclosed; a viewer writing is
 * refused (403). Deleting stays with the owner (404 for everybody else).
 */
import { randomUUID } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import {
  BOND_TABLES_PER_USER_MAX,
  DEFAULT_BOND_TABLE_COLUMNS,
  bondTableFiltersSchema,
  type BondTable,
  type BondTableConfig,
  type BondTableCreateBody,
  type BondTableUpdateBody,
} from '../../../common/api/bondTables';
import { BOND_TABLE_NAME_MAX_LENGTH } from '../../../common/api/bondTables';
import { DEFAULT_BOND_SORT } from '../../../common/enums';
import type { Database } from '../../db/schema';
import type { BondTablesTable } from '../../db/tables/bondTables';
import type { SharedWithCaller, SharePermission } from '../../../common/api/shares';
import { ServiceRefusal } from '../refusal';
import { auditSharedEdit, deleteSharesOf, ownerOrShareHolder, sharedWithUser } from '../shares/access';
import { canReadSharedItem } from '../../policies/sharedItems';

type Row = Selectable<BondTablesTable>;

/** Presenter: exactly the fields the API promises, camelCase. */
function present(row: Row, shared?: SharedWithCaller): BondTable {
  const config = row.config;
  return {
    ...(shared ? { shared } : {}),
    id: row.id,
    name: row.name,
    columns: config.columns,
    primarySort: config.primarySort,
    primaryDescending: config.primaryDescending,
    secondarySort: config.secondarySort,
    secondaryDescending: config.secondaryDescending,
    filters: bondTableFiltersSchema.parse(config.filters ?? {}),
    createdAt: new Date(row.created_at).toISOString(),
    updatedAt: new Date(row.updated_at).toISOString(),
  };
}

function configOf(body: Partial<BondTableConfig>, base?: BondTableConfig): BondTableConfig {
  return {
    columns: body.columns ?? base?.columns ?? [...DEFAULT_BOND_TABLE_COLUMNS],
    primarySort: body.primarySort !== undefined ? body.primarySort : (base?.primarySort ?? DEFAULT_BOND_SORT.column),
    primaryDescending: body.primaryDescending ?? base?.primaryDescending ?? DEFAULT_BOND_SORT.descending,
    secondarySort: body.secondarySort !== undefined ? body.secondarySort : (base?.secondarySort ?? null),
    secondaryDescending: body.secondaryDescending ?? base?.secondaryDescending ?? false,
    filters: body.filters ?? base?.filters ?? bondTableFiltersSchema.parse({}),
  };
}

/** The caller's tables and those shared with them, most recently updated first. */
export async function listBondTables(db: Kysely<Database>, ownerId: string): Promise<BondTable[]> {
  const shared = await sharedWithUser(db, 'bond_table', ownerId);
  const grants = new Map(shared.map((s) => [s.itemId, s]));
  const rows = await db
    .selectFrom('bond_tables')
    .selectAll()
    .where((eb) =>
      eb.or([
        eb('owner_id', '=', ownerId),
        ...(shared.length
          ? [
              eb(
                'id',
                'in',
                shared.map((s) => s.itemId),
              ),
            ]
          : []),
      ]),
    )
    .orderBy('updated_at', 'desc')
    .orderBy('id')
    .execute();
  // A share counts only from the table's current owner.
  const grantOf = (row: { id: string; owner_id: string }) => {
    const g = grants.get(row.id);
    return g && g.ownerId === row.owner_id ? g.grant : undefined;
  };
  return rows
    .filter((row) => canReadSharedItem(ownerId, { ownerId: row.owner_id }, grantOf(row)))
    .map((row) => present(row, row.owner_id === ownerId ? undefined : grantOf(row)));
}

const missing = (id: string) => () => new ServiceRefusal('not found', `Bond table ${id} not found`);

/** A table the caller owns or holds a live share of allowing `need`; 404 otherwise (403 a viewer writing). */
function accessible(
  db: Kysely<Database>,
  userId: string,
  id: string,
  need: SharePermission,
): Promise<{ row: Row; shared?: SharedWithCaller }> {
  return ownerOrShareHolder(db, 'bond_table', id, userId, need, missing(id));
}

export async function getBondTable(db: Kysely<Database>, ownerId: string, id: string): Promise<BondTable> {
  const { row, shared } = await accessible(db, ownerId, id, 'view');
  return present(row, shared);
}

async function insert(db: Kysely<Database>, ownerId: string, name: string, config: BondTableConfig): Promise<BondTable> {
  return db.transaction().execute(async (trx) => {
    // Lock the owner's row first: concurrent creations then count one after another, so the cap
    // holds on PostgreSQL too (counting alone let 20 parallel requests on top of 95 reach 105).
    await trx.selectFrom('users').select('id').where('id', '=', ownerId).forUpdate().executeTakeFirst();
    const { count } = await trx
      .selectFrom('bond_tables')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('owner_id', '=', ownerId)
      .executeTakeFirstOrThrow();
    if (Number(count) >= BOND_TABLES_PER_USER_MAX)
      throw new ServiceRefusal('conflict', `You can keep at most ${BOND_TABLES_PER_USER_MAX} bond tables; delete one first`);
    const row = await trx
      .insertInto('bond_tables')
      .values({ id: randomUUID(), owner_id: ownerId, name, config: JSON.stringify(config) })
      .returningAll()
      .executeTakeFirstOrThrow();
    return present(row);
  });
}

export async function createBondTable(
  db: Kysely<Database>,
  ownerId: string,
  body: BondTableCreateBody & { name: string },
): Promise<BondTable> {
  const { name, ...config } = body;
  return insert(db, ownerId, name, configOf(config as Partial<BondTableConfig>));
}

/** Saves a change by the owner or an editor; an editor's change is audited. Everyone sees it on their next read. */
export async function updateBondTable(
  db: Kysely<Database>,
  userId: string,
  id: string,
  body: BondTableUpdateBody,
  now: Date,
): Promise<BondTable> {
  const { row, shared } = await accessible(db, userId, id, 'edit');
  const { name, ...config } = body;
  return db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable('bond_tables')
      .set({
        name: name ?? row.name,
        config: JSON.stringify(configOf(config as Partial<BondTableConfig>, row.config)),
        updated_at: now,
      })
      .where('id', '=', id)
      .where('owner_id', '=', row.owner_id)
      .returningAll()
      .executeTakeFirstOrThrow();
    if (shared)
      await auditSharedEdit(trx, {
        actorUserId: userId,
        kind: 'bond_table',
        itemId: id,
        ownerId: row.owner_id,
        changed: Object.keys(body),
      });
    return present(updated, shared);
  });
}

/** A copy of a table the caller may see becomes the caller's own. */
export async function duplicateBondTable(db: Kysely<Database>, ownerId: string, id: string): Promise<BondTable> {
  const { row } = await accessible(db, ownerId, id, 'view');
  const name = `${row.name} (copy)`.slice(0, BOND_TABLE_NAME_MAX_LENGTH);
  return insert(db, ownerId, name, row.config);
}

export async function deleteBondTable(db: Kysely<Database>, ownerId: string, id: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const deleted = await trx.deleteFrom('bond_tables').where('id', '=', id).where('owner_id', '=', ownerId).executeTakeFirst();
    if (Number(deleted.numDeletedRows) === 0) throw missing(id)();
    await deleteSharesOf(trx, 'bond_table', id);
  });
}
