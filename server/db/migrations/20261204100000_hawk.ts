import { type Kysely, sql } from 'kysely';

/**
 * Market hawk: users' alert subscriptions, their firings (unique per rule × subject × window, so
 * every instance may evaluate and each alert is stored once), the deliveries that group firings,
 * the e-mails' one-click disable codes and the evaluator's durable cursor.
 */
export async function up(db: Kysely<any>): Promise<void> {
  // Every write takes a new revision: evaluators reload their index when count or max(revision) moves.
  await sql`create sequence hawk_revision_seq`.execute(db);
  await sql`create table hawk_subscriptions (
    id integer generated always as identity primary key,
    user_id text not null references users(id) on delete cascade,
    name text,
    template text,
    kind text not null,
    rule jsonb not null,
    target jsonb not null,
    target_key text not null,
    frequency jsonb not null,
    expires_at timestamptz,
    channels jsonb not null,
    paused boolean not null default false,
    disabled_at timestamptz,
    last_fired_at timestamptz,
    revision bigint not null default nextval('hawk_revision_seq'),
    primed boolean not null default false,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now())`.execute(db);
  await sql`create index hawk_subscriptions_user_idx on hawk_subscriptions (user_id, created_at desc)`.execute(db);
  await sql`create index hawk_subscriptions_target_idx on hawk_subscriptions (target_key) where disabled_at is null and not paused`.execute(
    db,
  );
  await sql`create table hawk_deliveries (
    id bigint generated always as identity primary key,
    user_id text not null references users(id) on delete cascade,
    subscription_id integer not null references hawk_subscriptions(id) on delete cascade,
    channels jsonb not null,
    firing_count integer not null,
    created_at timestamptz not null default now())`.execute(db);
  await sql`create table hawk_firings (
    id bigint generated always as identity primary key,
    subscription_id integer not null references hawk_subscriptions(id) on delete cascade,
    user_id text not null references users(id) on delete cascade,
    kind text not null,
    subject_key text not null,
    window_key text not null,
    bond_id integer,
    issuer_id integer,
    deal_id integer,
    message text not null,
    vals jsonb not null,
    fired_at timestamptz not null,
    delivery_id bigint references hawk_deliveries(id) on delete set null,
    unique (subscription_id, subject_key, window_key))`.execute(db);
  await sql`create index hawk_firings_user_idx on hawk_firings (user_id, fired_at desc)`.execute(db);
  await sql`create index hawk_firings_bond_idx on hawk_firings (bond_id, fired_at desc) where bond_id is not null`.execute(db);
  await sql`create table hawk_disable_codes (
    code_hash text primary key,
    subscription_id integer not null references hawk_subscriptions(id) on delete cascade,
    created_at timestamptz not null default now(),
    used_at timestamptz,
    undone_at timestamptz)`.execute(db);
  await sql`create table hawk_cursor (
    name text primary key,
    last_event_id bigint not null,
    last_rating_id bigint not null,
    state_as_of timestamptz not null)`.execute(db);
  // Start at what exists now: history recorded before market hawk fires nothing.
  await sql`insert into hawk_cursor (name, last_event_id, last_rating_id, state_as_of)
    select 'evaluator', coalesce((select max(id) from events), 0), coalesce((select max(id) from bond_ratings), 0),
      coalesce((select max(as_of) from bond_market_state), '-infinity'::timestamptz)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table hawk_cursor`.execute(db);
  await sql`drop table hawk_disable_codes`.execute(db);
  await sql`drop table hawk_firings`.execute(db);
  await sql`drop table hawk_deliveries`.execute(db);
  await sql`drop table hawk_subscriptions`.execute(db);
  await sql`drop sequence hawk_revision_seq`.execute(db);
}
