import { type Kysely, sql } from 'kysely';

/**
 * Notifications (what the long-poll delivers), deal followers, primary deal messages with one
 * row per recipient (its read date), and the last visit of each menu section (status badges).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('notifications')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('category', 'text', (c) => c.notNull())
    .addColumn('payload', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  // The poll reads one user's rows after a cursor.
  await db.schema.createIndex('notifications_user_id_idx').on('notifications').columns(['user_id', 'id']).execute();

  await db.schema
    .createTable('deal_follows')
    .addColumn('deal_id', 'integer', (c) => c.notNull().references('deals.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('deal_follows_pk', ['deal_id', 'user_id'])
    .execute();

  await db.schema
    .createTable('deal_messages')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('deal_id', 'integer', (c) => c.notNull().references('deals.id').onDelete('cascade'))
    .addColumn('author_user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('recipients', 'jsonb', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('edited_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('deal_messages_deal_id_idx').on('deal_messages').columns(['deal_id', 'id']).execute();

  await db.schema
    .createTable('deal_message_recipients')
    .addColumn('message_id', 'bigint', (c) => c.notNull().references('deal_messages.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('read_at', 'timestamptz')
    .addPrimaryKeyConstraint('deal_message_recipients_pk', ['message_id', 'user_id'])
    .execute();
  await db.schema
    .createIndex('deal_message_recipients_user_idx')
    .on('deal_message_recipients')
    .columns(['user_id', 'message_id'])
    .execute();

  await db.schema
    .createTable('user_section_visits')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('section', 'text', (c) => c.notNull())
    .addColumn('visited_at', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('user_section_visits_pk', ['user_id', 'section'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['user_section_visits', 'deal_message_recipients', 'deal_messages', 'deal_follows', 'notifications']) {
    await db.schema.dropTable(table).execute();
  }
}
