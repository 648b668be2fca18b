import type { Kysely } from 'kysely';

/** When each user was last sent the e-mail digest of unread messages and notifications. */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('notification_digests')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('last_sent_at', 'timestamptz', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('notification_digests').execute();
}
