/**
 * Custom bond tables: a user's saved bond-table views. Owner-only: every read and write checks
 * the owner, so another user's uuid answers 403 (it exists, but is not yours) and an unknown one 404.
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
import { conflict, forbidden, notFound } from '../../plugins/errors';

type Row = Selectable<BondTablesTable>;

/** Presenter: exactly the fields the API promises, camelCase. */
function present(row: Row): BondTable {
  const config = row.config;
  return {
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

/** The caller's tables, most recently updated first. */
export async function listBondTables(db: Kysely<Database>, ownerId: string): Promise<BondTable[]> {
  const rows = await db
    .selectFrom('bond_tables')
    .selectAll()
    .where('owner_id', '=', ownerId)
    .orderBy('updated_at', 'desc')
    .orderBy('id')
    .execute();
  return rows.map(present);
}

/** A table the caller owns; 404 unknown, 403 someone else's. */
async function owned(db: Kysely<Database>, ownerId: string, id: string): Promise<Row> {
  const row = await db.selectFrom('bond_tables').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound(`Bond table ${id} not found`);
  if (row.owner_id !== ownerId) throw forbidden('This bond table belongs to another user');
  return row;
}

export async function getBondTable(db: Kysely<Database>, ownerId: string, id: string): Promise<BondTable> {
  return present(await owned(db, ownerId, id));
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
      throw conflict(`You can keep at most ${BOND_TABLES_PER_USER_MAX} bond tables; delete one first`);
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

export async function updateBondTable(db: Kysely<Database>, ownerId: string, id: string, body: BondTableUpdateBody): Promise<BondTable> {
  const row = await owned(db, ownerId, id);
  const { name, ...config } = body;
  const updated = await db
    .updateTable('bond_tables')
    .set({
      name: name ?? row.name,
      config: JSON.stringify(configOf(config as Partial<BondTableConfig>, row.config)),
      updated_at: new Date(),
    })
    .where('id', '=', id)
    .where('owner_id', '=', ownerId)
    .returningAll()
    .executeTakeFirstOrThrow();
  return present(updated);
}

export async function duplicateBondTable(db: Kysely<Database>, ownerId: string, id: string): Promise<BondTable> {
  const row = await owned(db, ownerId, id);
  const name = `${row.name} (copy)`.slice(0, BOND_TABLE_NAME_MAX_LENGTH);
  return insert(db, ownerId, name, row.config);
}

export async function deleteBondTable(db: Kysely<Database>, ownerId: string, id: string): Promise<void> {
  await owned(db, ownerId, id);
  await db.deleteFrom('bond_tables').where('id', '=', id).where('owner_id', '=', ownerId).execute();
}
