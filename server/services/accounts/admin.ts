import type { AdminFeatureList, Organization, OrganizationCreateBody, OrganizationUpdateBody } from '@common/api/admin';
import type { Trial } from '@common/api/user';
import { FEATURE_NAMES, type FeatureLevel, type FeatureName } from '@common/features';
import { type Kysely, sql } from 'kysely';
import type { Config } from '../../config';
import type { Database } from '../../db/schema';
import { writeAudit } from '../audit';
import { newId } from './crypto';
import { DEFAULT_GLOBAL_LEVELS } from './features';
import { employeeDomains, isEmployeeEmail, trialOf } from './trial';
import { appLink, enqueueEmail, renderEmail } from './mail';
import { type AdminActor, changeUser } from './userAdminActions';
import { ServiceRefusal } from '../refusal';
import { bodyRefusal } from '../../../common/api/shared';
import { getUserRow } from './users';

/** Every feature with its global level and its organisation and user overrides. */
export async function listFeatureLevels(db: Kysely<Database>): Promise<AdminFeatureList> {
  const rows = await db
    .selectFrom('feature_levels')
    .leftJoin('organizations', (j) =>
      j.onRef('organizations.id', '=', 'feature_levels.scope_id').on('feature_levels.scope', '=', 'organization'),
    )
    .leftJoin('users', (j) => j.onRef('users.id', '=', 'feature_levels.scope_id').on('feature_levels.scope', '=', 'user'))
    .select([
      'feature_levels.scope',
      'feature_levels.scope_id',
      'feature_levels.feature',
      'feature_levels.level',
      'organizations.name as orgName',
      'users.email',
    ])
    .execute();
  return {
    features: FEATURE_NAMES.map((name) => {
      const mine = rows.filter((r) => r.feature === name);
      const global = mine.find((r) => r.scope === 'global');
      return {
        name,
        globalLevel: (global?.level ?? DEFAULT_GLOBAL_LEVELS[name]) as FeatureLevel,
        organizations: mine
          .filter((r) => r.scope === 'organization')
          .map((r) => ({ organizationId: r.scope_id, organizationName: r.orgName ?? '', level: r.level as FeatureLevel })),
        users: mine
          .filter((r) => r.scope === 'user')
          .map((r) => ({ userId: r.scope_id, email: r.email ?? '', level: r.level as FeatureLevel })),
      };
    }),
  };
}

/**
 * Sets a level (null removes an organisation or user override), audited in the same
 * transaction. 404 for an unknown organisation or user.
 */
export async function setFeatureLevel(
  db: Kysely<Database>,
  actorUserId: string,
  target: { scope: 'global' | 'organization' | 'user'; scopeId: string },
  feature: FeatureName,
  level: FeatureLevel | null,
  now: Date,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    if (target.scope === 'organization') {
      if (!(await trx.selectFrom('organizations').select('id').where('id', '=', target.scopeId).executeTakeFirst()))
        throw new ServiceRefusal('not found', 'No such organisation');
    }
    if (target.scope === 'user') {
      if (!(await trx.selectFrom('users').select('id').where('id', '=', target.scopeId).executeTakeFirst()))
        throw new ServiceRefusal('not found', 'No such user');
    }
    if (level === null) {
      await trx
        .deleteFrom('feature_levels')
        .where('scope', '=', target.scope)
        .where('scope_id', '=', target.scopeId)
        .where('feature', '=', feature)
        .execute();
    } else {
      await trx
        .insertInto('feature_levels')
        .values({ scope: target.scope, scope_id: target.scopeId, feature, level, updated_by: actorUserId })
        .onConflict((oc) => oc.columns(['scope', 'scope_id', 'feature']).doUpdateSet({ level, updated_by: actorUserId, updated_at: now }))
        .execute();
    }
    await writeAudit(trx, {
      actorUserId,
      action: 'feature.set_level',
      targetType: target.scope === 'global' ? 'feature' : target.scope,
      targetId: target.scope === 'global' ? feature : target.scopeId,
      details: { feature, level },
    });
  });
}

async function presentOrganizations(db: Kysely<Database>, ids?: string[]): Promise<Organization[]> {
  let q = db
    .selectFrom('organizations')
    .select((eb) => [
      'organizations.id',
      'organizations.token',
      'organizations.name',
      'organizations.type',
      'organizations.subscribed',
      'organizations.created_at',
      eb
        .selectFrom('users')
        .select((e) => e.fn.countAll<string>().as('n'))
        .whereRef('users.organization_id', '=', 'organizations.id')
        .as('user_count'),
      eb
        .selectFrom('organization_domains')
        .select(sql<string[]>`coalesce(array_agg(domain order by domain), '{}')`.as('d'))
        .whereRef('organization_domains.organization_id', '=', 'organizations.id')
        .as('domains'),
    ])
    .orderBy('organizations.name');
  if (ids) q = q.where('organizations.id', 'in', ids);
  const rows = await q.execute();
  return rows.map((r) => ({
    id: r.id,
    token: r.token,
    name: r.name,
    type: (r.type as Organization['type']) ?? null,
    domains: r.domains ?? [],
    subscribed: r.subscribed,
    userCount: Number(r.user_count ?? 0),
    created: r.created_at.toISOString(),
  }));
}

export function listOrganizations(db: Kysely<Database>): Promise<Organization[]> {
  return presentOrganizations(db);
}

async function replaceDomains(trx: Kysely<Database>, organizationId: string, domains: string[]): Promise<void> {
  const taken = domains.length
    ? await trx
        .selectFrom('organization_domains')
        .select(['domain'])
        .where('domain', 'in', domains)
        .where('organization_id', '!=', organizationId)
        .execute()
    : [];
  if (taken.length)
    throw new ServiceRefusal('conflict', `Domain already belongs to another organisation: ${taken.map((t) => t.domain).join(', ')}`);
  // Domains that stay keep their employee mark; only those left out go.
  let removed = trx.deleteFrom('organization_domains').where('organization_id', '=', organizationId);
  if (domains.length) removed = removed.where('domain', 'not in', domains);
  await removed.execute();
  if (domains.length) {
    await trx
      .insertInto('organization_domains')
      .values([...new Set(domains)].map((domain) => ({ domain, organization_id: organizationId })))
      .onConflict((oc) => oc.column('domain').doNothing())
      .execute();
  }
  // Users whose e-mail is on one of the domains and who have no organisation join it.
  for (const domain of domains) {
    await trx
      .updateTable('users')
      .set({ organization_id: organizationId })
      .where('organization_id', 'is', null)
      .where((eb) => eb.or([eb('email', 'like', `%@${domain}`), eb('email', 'like', `%.${domain}`)]))
      .execute();
  }
}

/** Creates an organisation with its domains (existing users on them join), audited. */
export async function createOrganization(db: Kysely<Database>, actorUserId: string, body: OrganizationCreateBody): Promise<Organization> {
  const id = newId();
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('organizations')
      .values({ id, token: newId(), name: body.name, type: body.type ?? null, subscribed: body.subscribed ?? false })
      .execute();
    await replaceDomains(trx, id, body.domains ?? []);
    await writeAudit(trx, { actorUserId, action: 'organization.create', targetType: 'organization', targetId: id, details: { ...body } });
  });
  return (await presentOrganizations(db, [id]))[0]!;
}

export async function updateOrganization(
  db: Kysely<Database>,
  actorUserId: string,
  id: string,
  body: OrganizationUpdateBody,
): Promise<Organization> {
  await db.transaction().execute(async (trx) => {
    const org = await trx.selectFrom('organizations').select('id').where('id', '=', id).forUpdate().executeTakeFirst();
    if (!org) throw new ServiceRefusal('not found', 'No such organisation');
    const set: { name?: string; type?: string | null; subscribed?: boolean } = {};
    if (body.name !== undefined) set.name = body.name;
    if (body.type !== undefined) set.type = body.type;
    if (body.subscribed !== undefined) set.subscribed = body.subscribed;
    if (Object.keys(set).length) await trx.updateTable('organizations').set(set).where('id', '=', id).execute();
    if (body.domains) await replaceDomains(trx, id, body.domains);
    await writeAudit(trx, { actorUserId, action: 'organization.update', targetType: 'organization', targetId: id, details: { ...body } });
  });
  return (await presentOrganizations(db, [id]))[0]!;
}

/**
 * Sets a user's trial end and/or extension, audited with the values before and after; returns the
 * resulting trial state. With a version, a person changed since is refused (409). When the trial
 * now runs later than before, the person is e-mailed the new end.
 */
export async function updateTrial(
  db: Kysely<Database>,
  config: Config,
  actor: AdminActor,
  userId: string,
  body: { endsAt?: string | undefined; extendedUntil?: string | null | undefined; version?: number | undefined },
  now: Date,
): Promise<Trial> {
  await changeUser(db, actor, userId, body.version, 'user.trial_update', now, async (trx, row) => {
    const set: { trial_ends_at?: Date; trial_extended_until?: Date | null } = {};
    if (body.endsAt !== undefined) set.trial_ends_at = new Date(body.endsAt);
    if (body.extendedUntil !== undefined) set.trial_extended_until = body.extendedUntil === null ? null : new Date(body.extendedUntil);
    if (Object.keys(set).length) await trx.updateTable('users').set(set).where('id', '=', userId).execute();
    const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);
    const runsUntil = (ends: Date | null, extended: Date | null) => Math.max(ends?.getTime() ?? 0, extended?.getTime() ?? 0);
    const before = { endsAt: iso(row.trial_ends_at), extendedUntil: iso(row.trial_extended_until) };
    const endsAt = set.trial_ends_at ?? row.trial_ends_at;
    const extendedUntil = set.trial_extended_until !== undefined ? set.trial_extended_until : row.trial_extended_until;
    const until = runsUntil(endsAt, extendedUntil);
    if (until > now.getTime() && until > runsUntil(row.trial_ends_at, row.trial_extended_until)) {
      await enqueueEmail(
        trx,
        renderEmail(config, {
          kind: 'trial-extended',
          to: row.email,
          subject: 'Your Bondwise trial has been extended',
          paragraphs: [
            `Your Bondwise trial now runs until ${new Date(until).toISOString().slice(0, 10)} (UTC).`,
            `To subscribe, write to ${config.supportEmail}.`,
          ],
          action: { label: 'Open Bondwise', url: appLink(config, '/bw/market') },
        }),
        now,
      );
    }
    return { before, after: { endsAt: iso(endsAt), extendedUntil: iso(extendedUntil) } };
  });
  const row = await getUserRow(db, userId);
  const org = row.organization_id
    ? await db.selectFrom('organizations').select('subscribed').where('id', '=', row.organization_id).executeTakeFirst()
    : undefined;
  return trialOf(
    {
      is_admin: row.is_admin,
      isEmployee: isEmployeeEmail(row.email, await employeeDomains(db, config)),
      orgSubscribed: org?.subscribed === true,
      trial_started_at: row.trial_started_at,
      trial_ends_at: row.trial_ends_at,
      trial_extended_until: row.trial_extended_until,
    },
    now,
  );
}

/**
 * Converts a trial to a subscription: the person's organisation (or the one named, which they then
 * join) subscribes — every member's trial ends in favour of the subscription — and the person is
 * e-mailed. 400 when they are in no organisation and none is named.
 */
export async function convertTrial(
  db: Kysely<Database>,
  config: Config,
  actor: AdminActor,
  userId: string,
  body: { version: number; organizationId?: string | undefined },
  now: Date,
): Promise<void> {
  await changeUser(db, actor, userId, body.version, 'user.subscribe', now, async (trx, row) => {
    const organizationId = body.organizationId ?? row.organization_id;
    if (!organizationId)
      throw new ServiceRefusal(
        'invalid',
        bodyRefusal('organizationId', 'is needed: this person is in no organisation, so name the one that subscribes'),
      );
    const org = await trx
      .selectFrom('organizations')
      .select(['id', 'name', 'subscribed'])
      .where('id', '=', organizationId)
      .forUpdate()
      .executeTakeFirst();
    if (!org)
      throw new ServiceRefusal('not found', bodyRefusal('organizationId', `is unknown: there is no organisation ${organizationId}`));
    if (org.subscribed && row.organization_id === org.id) throw new ServiceRefusal('conflict', `${org.name} already subscribes`);
    if (row.organization_id !== org.id) await trx.updateTable('users').set({ organization_id: org.id }).where('id', '=', userId).execute();
    if (!org.subscribed) await trx.updateTable('organizations').set({ subscribed: true }).where('id', '=', org.id).execute();
    await enqueueEmail(
      trx,
      renderEmail(config, {
        kind: 'trial-converted',
        to: row.email,
        subject: 'Your Bondwise subscription is active',
        paragraphs: [`Your Bondwise access is now part of the subscription of ${org.name}: your trial has become a subscription.`],
        action: { label: 'Open Bondwise', url: appLink(config, '/bw/market') },
      }),
      now,
    );
    return {
      before: { organizationId: row.organization_id, subscribed: row.organization_id === org.id && org.subscribed },
      after: { organizationId: org.id, subscribed: true },
    };
  });
}
