import { type Kysely, sql } from 'kysely';

/**
 * Custom bond tables (/bw/bond/config): a user's named bond-table views, addressed by uuid so
 * they can be shared later. The configuration (columns, sorts, filters) is one JSON document
 * validated by common/api/bondTables.ts; the name limit is repeated here as a check.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('bond_tables')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('owner_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull().check(sql`char_length(name) between 1 and 80`))
    .addColumn('config', 'jsonb', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('bond_tables_owner_idx').on('bond_tables').columns(['owner_id', 'updated_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('bond_tables').execute();
}
