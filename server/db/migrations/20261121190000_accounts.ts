import { type Kysely, sql } from 'kysely';

/** Accounts: organisations, users, sessions, passkeys, single-use tokens, lockout, feature levels, e-mail outbox. */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('organizations')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('token', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('type', 'text')
    .addColumn('subscribed', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('organization_domains')
    .addColumn('domain', 'text', (c) => c.primaryKey())
    .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .execute();

  await db.schema
    .createTable('users')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text')
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('is_admin', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('organization_id', 'text', (c) => c.references('organizations.id').onDelete('set null'))
    .addColumn('support_token', 'text', (c) => c.notNull())
    .addColumn('profile', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('notification_preferences', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('ui_preferences', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('tos_version', 'text')
    .addColumn('tos_consented_at', 'timestamptz')
    .addColumn('totp_secret', 'text')
    .addColumn('totp_pending_secret', 'text')
    .addColumn('totp_last_step', 'bigint')
    .addColumn('trial_started_at', 'timestamptz')
    .addColumn('trial_ends_at', 'timestamptz')
    .addColumn('trial_extended_until', 'timestamptz')
    .addColumn('password_changed_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('users_email_length', sql`char_length(email) <= 254`)
    .execute();
  await db.schema.createIndex('users_organization_idx').on('users').column('organization_id').execute();

  await db.schema
    .createTable('user_sessions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('refresh_hash', 'text', (c) => c.notNull().unique())
    .addColumn('previous_refresh_hash', 'text')
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('revoked_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('last_used_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('user_agent', 'text')
    .addColumn('ip', 'text')
    .execute();
  await db.schema.createIndex('user_sessions_user_idx').on('user_sessions').column('user_id').execute();
  await db.schema.createIndex('user_sessions_previous_idx').on('user_sessions').column('previous_refresh_hash').execute();

  await db.schema
    .createTable('passkeys')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('public_key', 'bytea', (c) => c.notNull())
    .addColumn('counter', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('transports', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('device_type', 'text')
    .addColumn('backed_up', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('last_used_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('passkeys_user_idx').on('passkeys').column('user_id').execute();

  await db.schema
    .createTable('account_tokens')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('created_by', 'text')
    .addColumn('payload', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .addColumn('revoked_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('account_tokens_kind_email_idx').on('account_tokens').columns(['kind', 'email']).execute();
  await db.schema.createIndex('account_tokens_created_by_idx').on('account_tokens').columns(['created_by', 'kind']).execute();

  await db.schema
    .createTable('login_failures')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('ip', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('login_failures_email_idx').on('login_failures').columns(['email', 'created_at']).execute();

  await db.schema
    .createTable('login_locks')
    .addColumn('email', 'text', (c) => c.primaryKey())
    .addColumn('locked_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('feature_levels')
    .addColumn('scope', 'text', (c) => c.notNull())
    .addColumn('scope_id', 'text', (c) => c.notNull())
    .addColumn('feature', 'text', (c) => c.notNull())
    .addColumn('level', 'smallint', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_by', 'text')
    .addPrimaryKeyConstraint('feature_levels_pk', ['scope', 'scope_id', 'feature'])
    .addCheckConstraint('feature_levels_level', sql`level in (0, 1, 2)`)
    .addCheckConstraint('feature_levels_scope', sql`scope in ('global', 'organization', 'user')`)
    .execute();

  await db.schema
    .createTable('email_outbox')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('to_address', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('text_body', 'text', (c) => c.notNull())
    .addColumn('html_body', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('next_attempt_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('sent_at', 'timestamptz')
    .addColumn('last_error', 'text')
    .execute();
  await db.schema
    .createIndex('email_outbox_pending_idx')
    .on('email_outbox')
    .column('next_attempt_at')
    .where(sql.ref('sent_at'), 'is', null)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'email_outbox',
    'feature_levels',
    'login_locks',
    'login_failures',
    'account_tokens',
    'passkeys',
    'user_sessions',
    'users',
    'organization_domains',
    'organizations',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
