import {
  type NotificationPreferences,
  notificationPreferencesSchema,
  PREFERENCES_MAX_BYTES,
  type PreferencesResponse,
  type Profile,
  profileSchema,
  type StatusBadges,
  type TosStatus,
  type UiPreferences,
  uiPreferencesSchema,
  type User,
  type UserInfo,
  type UserUpdateBody,
} from '@common/api/user';
import { DEFAULT_BOND_SORT } from '@common/enums';
import { TOS_VERSION } from '@common/tos';
import type { Kysely, Selectable } from 'kysely';
import type { Config } from '../../config';
import type { Database } from '../../db/schema';
import type { UsersTable } from '../../db/tables/accounts';
import { ServiceRefusal } from '../refusal';
import { writeAudit } from '../audit';
import { recordEvents } from '../events';
import { hashPassword, newId, verifyPassword } from './crypto';
import { effectiveFeatureLevels, isProductionHost, usableFeatures } from './features';
import { supportWidgetFor } from '../support/widget';
import { sessionsChanged } from './liveSessions';
import { revokeAllSessions } from './sessions';
import { employeeDomains, isEmployeeEmail, trialOf } from './trial';

export type UserRow = Selectable<UsersTable>;

const EMPTY_PROFILE: Profile = {
  roleType: null,
  roleFunction: null,
  jobFunction: null,
  seniority: null,
  organizationType: null,
  sectors: [],
};
const DEFAULT_NOTIFICATIONS: NotificationPreferences = {
  browserNotifications: [],
  browserNotificationsOn: false,
  appNotificationsOn: true,
  emailDigestOn: true,
};

/** Defaults returned beside stored preferences (spec §3: bonds sort by volume, descending). */
export const DEFAULT_PREFERENCES: UiPreferences = {
  bonds: {
    primarySort: DEFAULT_BOND_SORT.column,
    primaryDescending: DEFAULT_BOND_SORT.descending,
    secondarySort: null,
    secondaryDescending: false,
  },
  bondHistory: { hideDefaultIndex: false, hideMarketHawk: false, hidePlotStats: false },
  help: { bannersClosed: [], welcomeClosed: false },
  market: {},
};

/** Finds the organisation owning an e-mail's domain (or a parent domain of it). */
export async function organizationForEmail(db: Kysely<Database>, email: string): Promise<{ id: string; subscribed: boolean } | undefined> {
  const domain = email.slice(email.lastIndexOf('@') + 1);
  const parts = domain.split('.');
  const candidates = parts.slice(0, -1).map((_, i) => parts.slice(i).join('.'));
  const rows = await db
    .selectFrom('organization_domains')
    .innerJoin('organizations', 'organizations.id', 'organization_domains.organization_id')
    .select(['organizations.id', 'organizations.subscribed', 'organization_domains.domain'])
    .where('organization_domains.domain', 'in', candidates)
    .execute();
  rows.sort((a, b) => b.domain.length - a.domain.length);
  return rows[0] ? { id: rows[0].id, subscribed: rows[0].subscribed } : undefined;
}

/**
 * Creates an account inside the caller's transaction: joins the organisation of the e-mail's
 * domain, starts a trial (unless the organisation subscribes), records consent to the current
 * terms and a user.signed_up event.
 */
export async function createUser(
  trx: Kysely<Database>,
  config: Config,
  input: {
    email: string;
    name: string | null;
    password: string;
    isAdmin?: boolean;
    tosConsent: boolean;
    via: string;
    invitedBy?: string | null;
  },
  now: Date,
): Promise<UserRow> {
  const org = await organizationForEmail(trx, input.email);
  const id = newId();
  const row = await trx
    .insertInto('users')
    .values({
      id,
      email: input.email,
      name: input.name,
      password_hash: await hashPassword(input.password),
      is_admin: input.isAdmin ?? false,
      organization_id: org?.id ?? null,
      support_token: newId(),
      profile: JSON.stringify(EMPTY_PROFILE),
      notification_preferences: JSON.stringify(DEFAULT_NOTIFICATIONS),
      ui_preferences: JSON.stringify({}),
      tos_version: input.tosConsent ? TOS_VERSION : null,
      tos_consented_at: input.tosConsent ? now : null,
      trial_started_at: now,
      trial_ends_at: new Date(now.getTime() + config.trialDays * 24 * 3600 * 1000),
      // On no organisation's domain: an admin approves, assigns or rejects it (onboarding.ts).
      onboarding: org || input.isAdmin ? null : 'pending',
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  await recordEvents(trx, [
    {
      type: 'user.signed_up',
      subjectId: id,
      payload: { via: input.via, organizationId: org?.id ?? null, invitedBy: input.invitedBy ?? null },
    },
  ]);
  return row;
}

export async function findUserByEmail(db: Kysely<Database>, email: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
}

export async function getUserRow(db: Kysely<Database>, userId: string): Promise<UserRow> {
  const row = await db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirst();
  if (!row) throw new ServiceRefusal('not found', 'No such user');
  return row;
}

function profileOf(row: UserRow): Profile {
  const parsed = profileSchema.safeParse({ ...EMPTY_PROFILE, ...row.profile });
  return parsed.success ? parsed.data : EMPTY_PROFILE;
}

function tosOf(row: UserRow): TosStatus {
  return {
    tosConsent: row.tos_version === TOS_VERSION,
    currentVersion: TOS_VERSION,
    consentedVersion: row.tos_version,
    consentedAt: row.tos_consented_at ? row.tos_consented_at.toISOString() : null,
  };
}

/** User of spec §3 (explicit fields, camelCase). */
export function presentUser(row: UserRow, organizationToken: string | null): User {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    created: row.created_at.toISOString(),
    organizationToken,
    supportToken: row.support_token,
    profile: profileOf(row),
  };
}

/** User info: user, features usable on this deployment's host, notification preferences, trial, terms. */
export async function getUserInfo(db: Kysely<Database>, config: Config, userId: string, now: Date): Promise<UserInfo> {
  const row = await getUserRow(db, userId);
  const org = row.organization_id
    ? await db.selectFrom('organizations').selectAll().where('id', '=', row.organization_id).executeTakeFirst()
    : undefined;
  const levels = await effectiveFeatureLevels(db, { userId: row.id, organizationId: row.organization_id });
  const passkeys = await db
    .selectFrom('passkeys')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('user_id', '=', row.id)
    .executeTakeFirstOrThrow();
  const isEmployee = isEmployeeEmail(row.email, await employeeDomains(db, config));
  const notifications = notificationPreferencesSchema.safeParse({ ...DEFAULT_NOTIFICATIONS, ...row.notification_preferences });
  const features = usableFeatures(levels, isProductionHost(config));
  return {
    ...presentUser(row, org?.token ?? null),
    features,
    featureLevels: levels,
    notificationPreferences: notifications.success ? notifications.data : DEFAULT_NOTIFICATIONS,
    isAdmin: row.is_admin,
    isEmployee,
    blogAuthor: row.is_admin || row.blog_author === true,
    organization: org ? { token: org.token, name: org.name, type: (org.type as Profile['organizationType']) ?? null } : null,
    trial: trialOf(
      {
        is_admin: row.is_admin,
        isEmployee,
        orgSubscribed: org?.subscribed === true,
        trial_started_at: row.trial_started_at,
        trial_ends_at: row.trial_ends_at,
        trial_extended_until: row.trial_extended_until,
      },
      now,
    ),
    tos: tosOf(row),
    mfa: { totpEnabled: row.totp_secret !== null, passkeyCount: Number(passkeys.n) },
    supportWidget: supportWidgetFor(config, features, row.support_token),
  };
}

/** Edits name and profile (partial). */
export async function updateUser(
  db: Kysely<Database>,
  userId: string,
  body: UserUpdateBody,
  actorUserId: string,
  now: Date,
): Promise<void> {
  const row = await getUserRow(db, userId);
  const profile = { ...profileOf(row), ...(body.profile ?? {}) };
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('users')
      .set({ name: body.name ?? row.name, profile: JSON.stringify(profile), updated_at: now })
      .where('id', '=', userId)
      .execute();
    // An admin changing someone else's account is audited in the same transaction.
    if (actorUserId !== userId) {
      await writeAudit(trx, {
        actorUserId,
        action: 'user.update',
        targetType: 'user',
        targetId: userId,
        details: { fields: Object.keys(body) },
      });
    }
  });
}

/** Changes the password after checking the current one; other sessions are signed out. */
export async function changePassword(
  db: Kysely<Database>,
  userId: string,
  currentPassword: string,
  newPassword: string,
  now: Date,
  keepSessionId?: string,
): Promise<void> {
  const row = await getUserRow(db, userId);
  if (!(await verifyPassword(row.password_hash, currentPassword)))
    throw new ServiceRefusal('unauthorized', 'Your current password is not correct');
  const hash = await hashPassword(newPassword);
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('users')
      .set({ password_hash: hash, password_changed_at: now, updated_at: now })
      .where('id', '=', userId)
      .execute();
    await revokeAllSessions(trx, userId, now, keepSessionId);
    await recordEvents(trx, [{ type: 'user.password_changed', subjectId: userId, payload: {} }]);
  });
  sessionsChanged();
}

export async function getTos(db: Kysely<Database>, userId: string): Promise<TosStatus> {
  return tosOf(await getUserRow(db, userId));
}

/** Records consent to the current terms; 400 when the client read another version. */
export async function consentTos(db: Kysely<Database>, userId: string, version: string, now: Date): Promise<TosStatus> {
  if (version !== TOS_VERSION)
    throw new ServiceRefusal('invalid', `The terms of service have changed (current version ${TOS_VERSION}); please read them again`);
  await getUserRow(db, userId);
  await db.updateTable('users').set({ tos_version: TOS_VERSION, tos_consented_at: now }).where('id', '=', userId).execute();
  return getTos(db, userId);
}

export async function getPreferences(db: Kysely<Database>, userId: string): Promise<PreferencesResponse> {
  const row = await getUserRow(db, userId);
  const parsed = uiPreferencesSchema.safeParse(row.ui_preferences);
  return { preferences: parsed.success ? parsed.data : {}, defaults: DEFAULT_PREFERENCES };
}

/** Replaces the stored UI preferences (validated by the route, size-limited here). */
export async function putPreferences(
  db: Kysely<Database>,
  userId: string,
  preferences: UiPreferences,
  now: Date,
): Promise<PreferencesResponse> {
  const json = JSON.stringify(preferences);
  if (Buffer.byteLength(json) > PREFERENCES_MAX_BYTES)
    throw new ServiceRefusal('invalid', `Preferences are limited to ${PREFERENCES_MAX_BYTES / 1024} KiB`);
  await getUserRow(db, userId);
  await db.updateTable('users').set({ ui_preferences: json, updated_at: now }).where('id', '=', userId).execute();
  return { preferences, defaults: DEFAULT_PREFERENCES };
}

export async function putNotificationPreferences(
  db: Kysely<Database>,
  userId: string,
  prefs: NotificationPreferences,
  now: Date,
): Promise<NotificationPreferences> {
  await getUserRow(db, userId);
  // One entry per endpoint: a browser re-subscribing replaces its old subscription.
  const byEndpoint = new Map(prefs.browserNotifications.map((s) => [s.endpoint, s]));
  const stored = { ...prefs, browserNotifications: [...byEndpoint.values()] };
  await db
    .updateTable('users')
    .set({ notification_preferences: JSON.stringify(stored), updated_at: now })
    .where('id', '=', userId)
    .execute();
  return stored;
}

/**
 * Providers of status badges by section. Other areas (alerts, messaging) register theirs with
 * registerStatusBadgeProvider; accounts contributes the 'profile' section.
 */
export type StatusBadgeProvider = (db: Kysely<Database>, userId: string) => Promise<{ section: string; activeBadges: string[] }[]>;
const badgeProviders: StatusBadgeProvider[] = [];

/** Adds a section provider to GET /v2/user/{id}/status-badges. */
export function registerStatusBadgeProvider(provider: StatusBadgeProvider): void {
  badgeProviders.push(provider);
}

export async function getStatusBadges(db: Kysely<Database>, config: Config, userId: string, now: Date): Promise<StatusBadges> {
  const info = await getUserInfo(db, config, userId, now);
  const profileBadges: string[] = [];
  if (!info.tos.tosConsent) profileBadges.push('tosUpdate');
  if (!info.mfa.totpEnabled && info.mfa.passkeyCount === 0) profileBadges.push('secondFactorMissing');
  if (info.trial.state === 'trialEnding' || info.trial.state === 'trialEnded') profileBadges.push(info.trial.state);
  const items = [{ section: 'profile', activeBadges: profileBadges }];
  for (const provider of badgeProviders) items.push(...(await provider(db, userId)));
  return { items };
}
