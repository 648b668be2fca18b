import type { AdminUserDetail, AdminUserRow, UserListPage, UserSort, UserStatus, UserTrialFilter } from '@common/api/adminUsers';
import type { userListQuerySchema } from '@common/api/adminUsers';
import { FEATURE_NAMES, type FeatureLevel } from '@common/features';
import { type Expression, type ExpressionBuilder, type Kysely, type SqlBool } from 'kysely';
import type { z } from 'zod';
import type { Config } from '../../config';
import type { Database } from '../../db/schema';
import { ServiceRefusal } from '../refusal';
import { effectiveFeatureLevels } from './features';
import { employeeDomains, isEmployeeEmail, TRIAL_ENDING_DAYS, trialOf } from './trial';

type ListQuery = z.output<typeof userListQuerySchema>;
/** Filters read the users row alone (other tables through sub-queries), so the count needs no join. */
type Eb = ExpressionBuilder<Database, 'users'>;

const DAY_MS = 24 * 3600 * 1000;
const SORT_COLUMNS: Record<UserSort, 'users.email' | 'users.name' | 'users.created_at' | 'users.last_login_at' | 'users.trial_ends_at'> = {
  email: 'users.email',
  name: 'users.name',
  created: 'users.created_at',
  lastLogin: 'users.last_login_at',
  trialEnds: 'users.trial_ends_at',
};

/** A LIKE pattern matching the text anywhere, its own wildcards taken literally. */
const containing = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * People without a trial, as trialOf decides it: admins, employees (the operator's own domains,
 * or a sub-domain), members of a subscribed organisation, and anyone with no trial end.
 */
function noTrial(eb: Eb, employeeDomains: string[]): Expression<SqlBool> {
  return eb.or([
    eb('users.is_admin', '=', true),
    eb(
      'users.organization_id',
      'in',
      eb.selectFrom('organizations').select('organizations.id').where('organizations.subscribed', '=', true),
    ),
    eb('users.trial_ends_at', 'is', null),
    // E-mails are stored trimmed and lower-cased (accounts' e-mail schema).
    ...employeeDomains.flatMap((d) => [
      eb('users.email', 'like', `%@${d.toLowerCase()}`),
      eb('users.email', 'like', `%.${d.toLowerCase()}`),
    ]),
  ]);
}

/** The trial filter in SQL, the same states trialOf gives a row (common/api/user Trial). */
function trialFilter(eb: Eb, filter: UserTrialFilter, employees: string[], now: Date): Expression<SqlBool> {
  const none = noTrial(eb, employees);
  if (filter === 'none') return none;
  const ended = eb('users.trial_ends_at', '<=', now);
  const extended = eb('users.trial_extended_until', '>', now);
  const endingBy = new Date(now.getTime() + TRIAL_ENDING_DAYS * DAY_MS);
  const state = {
    trialExtension: eb.and([ended, extended]),
    trialEnded: eb.and([ended, eb.or([eb('users.trial_extended_until', 'is', null), eb('users.trial_extended_until', '<=', now)])]),
    trialEnding: eb.and([eb('users.trial_ends_at', '>', now), eb('users.trial_ends_at', '<=', endingBy)]),
    trial: eb('users.trial_ends_at', '>', endingBy),
  }[filter];
  return eb.and([eb.not(none), state]);
}

function statusFilter(eb: Eb, status: UserStatus): Expression<SqlBool> {
  if (status === 'locked') return eb('users.locked_at', 'is not', null);
  const loginLocked = eb.exists(eb.selectFrom('login_locks').select('login_locks.email').whereRef('login_locks.email', '=', 'users.email'));
  return eb.and([eb('users.locked_at', 'is', null), status === 'loginLocked' ? loginLocked : eb.not(loginLocked)]);
}

function baseQuery(db: Kysely<Database>) {
  return db
    .selectFrom('users')
    .leftJoin('organizations', 'organizations.id', 'users.organization_id')
    .leftJoin('login_locks as lock', 'lock.email', 'users.email');
}

interface ListedRow {
  id: string;
  email: string;
  name: string | null;
  is_admin: boolean;
  locked_at: Date | null;
  login_locked: string | null;
  organization_id: string | null;
  organization_name: string | null;
  subscribed: boolean | null;
  trial_started_at: Date | null;
  trial_ends_at: Date | null;
  trial_extended_until: Date | null;
  created_at: Date;
  last_login_at: Date | null;
  version: number;
}

function presentRow(r: ListedRow, employees: string[], now: Date): AdminUserRow {
  return {
    id: r.id,
    email: r.email,
    name: r.name,
    role: r.is_admin ? 'admin' : 'user',
    status: r.locked_at ? 'locked' : r.login_locked ? 'loginLocked' : 'active',
    organization: r.organization_id ? { id: r.organization_id, name: r.organization_name ?? '' } : null,
    trial: trialOf(
      {
        is_admin: r.is_admin,
        isEmployee: isEmployeeEmail(r.email, employees),
        orgSubscribed: r.subscribed === true,
        trial_started_at: r.trial_started_at,
        trial_ends_at: r.trial_ends_at,
        trial_extended_until: r.trial_extended_until,
      },
      now,
    ),
    created: r.created_at.toISOString(),
    lastLoginAt: r.last_login_at ? r.last_login_at.toISOString() : null,
    version: r.version,
  };
}

const LISTED_COLUMNS = [
  'users.id',
  'users.email',
  'users.name',
  'users.is_admin',
  'users.locked_at',
  'lock.email as login_locked',
  'users.organization_id',
  'organizations.name as organization_name',
  'organizations.subscribed',
  'users.trial_started_at',
  'users.trial_ends_at',
  'users.trial_extended_until',
  'users.created_at',
  'users.last_login_at',
  'users.version',
] as const;

/**
 * One page of people matching the filters, sorted (ties broken by id, so pages never overlap),
 * with the number matching. Filters and the page are decided in the database.
 */
export async function listUsers(db: Kysely<Database>, config: Config, query: ListQuery, now: Date): Promise<UserListPage> {
  const employees = await employeeDomains(db, config);
  const where = (eb: Eb) => {
    const all: Expression<SqlBool>[] = [];
    if (query.q) {
      const pattern = containing(query.q);
      all.push(eb.or([eb('users.email', 'like', pattern), eb('users.name', 'ilike', pattern)]));
    }
    if (query.organizationId === 'none') all.push(eb('users.organization_id', 'is', null));
    else if (query.organizationId) all.push(eb('users.organization_id', '=', query.organizationId));
    if (query.role) all.push(eb('users.is_admin', '=', query.role === 'admin'));
    if (query.status) all.push(statusFilter(eb, query.status));
    if (query.trial) all.push(trialFilter(eb, query.trial, employees, now));
    if (query.lastLoginFrom) all.push(eb('users.last_login_at', '>=', new Date(query.lastLoginFrom)));
    if (query.lastLoginBefore)
      all.push(eb.or([eb('users.last_login_at', 'is', null), eb('users.last_login_at', '<', new Date(query.lastLoginBefore))]));
    return eb.and(all);
  };
  const column = SORT_COLUMNS[query.sort];
  const direction = query.descending ? 'desc' : 'asc';
  const [rows, count] = await Promise.all([
    baseQuery(db)
      .select(LISTED_COLUMNS)
      .where(where)
      .orderBy(column, (ob) => (direction === 'desc' ? ob.desc() : ob.asc()).nullsLast())
      .orderBy('users.id', direction)
      .limit(query.limit)
      .offset(query.page * query.limit)
      .execute(),
    db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where(where)
      .executeTakeFirstOrThrow(),
  ]);
  return { users: rows.map((r) => presentRow(r, employees, now)), total: Number(count.n), page: query.page };
}

/** One person for the admin: the row, active sessions, second factors (kinds and dates), features. */
export async function getUserDetail(db: Kysely<Database>, config: Config, userId: string, now: Date): Promise<AdminUserDetail> {
  const row = await baseQuery(db)
    .select([...LISTED_COLUMNS, 'users.locked_by', 'users.totp_secret', 'users.totp_enabled_at'])
    .where('users.id', '=', userId)
    .executeTakeFirst();
  if (!row) throw new ServiceRefusal('not found', 'No such user');
  const [sessions, passkeys, overrides, levels] = await Promise.all([
    db
      .selectFrom('user_sessions')
      .select(['id', 'created_at', 'last_used_at', 'expires_at', 'user_agent', 'ip'])
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', now)
      .orderBy('last_used_at', 'desc')
      .limit(100)
      .execute(),
    db.selectFrom('passkeys').select(['name', 'created_at', 'last_used_at']).where('user_id', '=', userId).orderBy('created_at').execute(),
    db.selectFrom('feature_levels').select(['feature', 'level']).where('scope', '=', 'user').where('scope_id', '=', userId).execute(),
    effectiveFeatureLevels(db, { userId, organizationId: row.organization_id }),
  ]);
  const iso = (d: Date | null) => (d ? d.toISOString() : null);
  return {
    ...presentRow(row, await employeeDomains(db, config), now),
    lockedAt: iso(row.locked_at),
    lockedBy: row.locked_by,
    sessions: sessions.map((s) => ({
      id: s.id,
      createdAt: s.created_at.toISOString(),
      lastUsedAt: s.last_used_at.toISOString(),
      expiresAt: s.expires_at.toISOString(),
      userAgent: s.user_agent,
      ip: s.ip,
    })),
    secondFactors: [
      ...(row.totp_secret ? [{ kind: 'totp' as const, name: null, addedAt: iso(row.totp_enabled_at), lastUsedAt: null }] : []),
      ...passkeys.map((p) => ({
        kind: 'passkey' as const,
        name: p.name,
        addedAt: p.created_at.toISOString(),
        lastUsedAt: iso(p.last_used_at),
      })),
    ],
    features: FEATURE_NAMES.map((name) => ({
      name,
      level: levels[name],
      override: (overrides.find((o) => o.feature === name)?.level ?? null) as FeatureLevel | null,
    })),
  };
}
