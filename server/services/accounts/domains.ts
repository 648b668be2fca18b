import type { AdminDomain, AdminDomainList } from '@common/api/adminDomains';
import { type Kysely, sql } from 'kysely';
import type { Config } from '../../config';
import type { Database } from '../../db/schema';
import { writeAudit } from '../audit';
import { ServiceRefusal } from '../refusal';
import { bodyRefusal } from '../../../common/api/shared';
import type { AdminActor } from './userAdminActions';

/**
 * E-mail domains of organisations (/bw/admin/users/domains). Sign-up joins the organisation of
 * the e-mail's domain (or of its nearest parent domain: users.ts organizationForEmail); a domain
 * marked employee makes its people employees (trial.ts employeeDomains). One organisation per
 * domain: the table's key.
 */
function domainRows(db: Kysely<Database>) {
  return db
    .selectFrom('organization_domains')
    .innerJoin('organizations', 'organizations.id', 'organization_domains.organization_id')
    .select([
      'organization_domains.domain',
      'organization_domains.employee',
      'organization_domains.updated_at',
      'organizations.id as organization_id',
      'organizations.name as organization_name',
    ]);
}

type DomainRow = { domain: string; employee: boolean; updated_at: Date; organization_id: string; organization_name: string };
const present = (r: DomainRow): AdminDomain => ({
  domain: r.domain,
  organization: { id: r.organization_id, name: r.organization_name },
  employee: r.employee,
  updatedAt: r.updated_at.toISOString(),
});

export async function listDomains(db: Kysely<Database>, config: Config): Promise<AdminDomainList> {
  const rows = await domainRows(db).orderBy('organizations.name').orderBy('organization_domains.domain').execute();
  return { domains: rows.map(present), configuredEmployeeDomains: config.employeeEmailDomains };
}

async function requireOrganization(trx: Kysely<Database>, organizationId: string): Promise<void> {
  if (!(await trx.selectFrom('organizations').select('id').where('id', '=', organizationId).executeTakeFirst()))
    throw new ServiceRefusal('not found', bodyRefusal('organizationId', `is unknown: there is no organisation ${organizationId}`));
}

/** People on the domain (or a sub-domain) who are in no organisation join it, as at sign-up. */
async function adoptMembers(trx: Kysely<Database>, domain: string, organizationId: string): Promise<number> {
  const joined = await trx
    .updateTable('users')
    .set({ organization_id: organizationId })
    .where('organization_id', 'is', null)
    .where((eb) => eb.or([eb(sql`lower(email)`, 'like', `%@${domain}`), eb(sql`lower(email)`, 'like', `%.${domain}`)]))
    .executeTakeFirst();
  return Number(joined.numUpdatedRows);
}

async function lockedDomain(trx: Kysely<Database>, domain: string, updatedAt: string): Promise<DomainRow> {
  const row = await domainRows(trx).where('organization_domains.domain', '=', domain).forUpdate().executeTakeFirst();
  if (!row) throw new ServiceRefusal('not found', `No organisation has the domain ${domain}.`);
  if (row.updated_at.getTime() !== Date.parse(updatedAt))
    throw new ServiceRefusal('conflict', `${domain} was changed by someone else since you read it: reload and try again.`);
  return row;
}

export async function addDomain(
  db: Kysely<Database>,
  actor: AdminActor,
  body: { domain: string; organizationId: string; employee: boolean },
  now: Date,
): Promise<AdminDomain> {
  return db.transaction().execute(async (trx) => {
    await requireOrganization(trx, body.organizationId);
    const holder = await domainRows(trx).where('organization_domains.domain', '=', body.domain).executeTakeFirst();
    if (holder)
      throw new ServiceRefusal('conflict', bodyRefusal('domain', `already belongs to ${holder.organization_name} (${body.domain})`));
    await trx
      .insertInto('organization_domains')
      .values({ domain: body.domain, organization_id: body.organizationId, employee: body.employee, updated_at: now })
      .execute();
    const joined = await adoptMembers(trx, body.domain, body.organizationId);
    await writeAudit(trx, {
      actorUserId: actor.userId,
      action: 'domain.create',
      targetType: 'domain',
      targetId: body.domain,
      details: { before: null, after: { organizationId: body.organizationId, employee: body.employee }, joined, ip: actor.ip },
    });
    return present((await domainRows(trx).where('organization_domains.domain', '=', body.domain).executeTakeFirstOrThrow()) as DomainRow);
  });
}

export async function updateDomain(
  db: Kysely<Database>,
  actor: AdminActor,
  domain: string,
  body: { updatedAt: string; organizationId?: string | undefined; employee?: boolean | undefined },
  now: Date,
): Promise<AdminDomain> {
  return db.transaction().execute(async (trx) => {
    const row = await lockedDomain(trx, domain, body.updatedAt);
    if (body.organizationId !== undefined) await requireOrganization(trx, body.organizationId);
    const after = { organizationId: body.organizationId ?? row.organization_id, employee: body.employee ?? row.employee };
    await trx
      .updateTable('organization_domains')
      // Always later than the reading it replaces, so the next check sees the change even within one clock tick.
      .set({
        organization_id: after.organizationId,
        employee: after.employee,
        updated_at: new Date(Math.max(now.getTime(), row.updated_at.getTime() + 1)),
      })
      .where('domain', '=', domain)
      .execute();
    const joined = after.organizationId !== row.organization_id ? await adoptMembers(trx, domain, after.organizationId) : 0;
    await writeAudit(trx, {
      actorUserId: actor.userId,
      action: 'domain.update',
      targetType: 'domain',
      targetId: domain,
      details: { before: { organizationId: row.organization_id, employee: row.employee }, after, joined, ip: actor.ip },
    });
    return present((await domainRows(trx).where('organization_domains.domain', '=', domain).executeTakeFirstOrThrow()) as DomainRow);
  });
}

/** Removes a domain: new sign-ups on it join no organisation; people already in keep their organisation. */
export async function removeDomain(db: Kysely<Database>, actor: AdminActor, domain: string, updatedAt: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const row = await lockedDomain(trx, domain, updatedAt);
    await trx.deleteFrom('organization_domains').where('domain', '=', domain).execute();
    await writeAudit(trx, {
      actorUserId: actor.userId,
      action: 'domain.delete',
      targetType: 'domain',
      targetId: domain,
      details: { before: { organizationId: row.organization_id, employee: row.employee }, after: null, ip: actor.ip },
    });
  });
}
