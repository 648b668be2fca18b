import { sql } from 'kysely';
import type { JobFunction, OrganizationType } from '../../../common/enums';
import { signedIn, type TestContext } from '../../test/testApp';

/** Organisations of each type, people with job functions in them, and deals: what messaging tests need. */
export async function organization(ctx: TestContext, id: string, type: OrganizationType | null): Promise<void> {
  await sql`insert into organizations (id, token, name, type) values (${id}, ${`tok-${id}`}, ${`Org ${id}`}, ${type})`.execute(
    ctx.database.db,
  );
}

export async function person(
  ctx: TestContext,
  id: string,
  org: string | null,
  jobFunction: JobFunction | null,
  opts: { admin?: boolean } = {},
): Promise<{ authorization: string }> {
  const headers = await signedIn(ctx, id, opts);
  await ctx.database.db
    .updateTable('users')
    .set({ organization_id: org, name: `Person ${id}`, profile: JSON.stringify({ jobFunction }) })
    .where('id', '=', id)
    .execute();
  return headers;
}

/** A deal: a market deal (seen by all) or a banker's deal seen by one organisation. */
export async function deal(ctx: TestContext, owner?: { userId: string; organizationId: string }): Promise<number> {
  const db = ctx.database.db;
  let sector = await db.selectFrom('sectors').select('id').where('code', '=', 'MSGTEST').executeTakeFirst();
  sector ??= await db
    .insertInto('sectors')
    .values({ code: 'MSGTEST', name: 'Messaging test', parent_id: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  const issuer = await db
    .insertInto('issuers')
    .values({
      name: `Issuer ${Math.random()}`,
      display_name: 'Issuer',
      ticker: 'ISS',
      sector_id: sector.id,
      country_of_risk: 'US',
      corporate_structure: 'OPCO',
      parent_issuer_id: null,
      sec_cik: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const row = await db
    .insertInto('deals')
    .values({
      issuer_id: issuer.id,
      status: 'announced',
      announced_at: new Date('2026-11-19T14:00:00Z'),
      priced_at: null,
      bookrunners: JSON.stringify(['Bank A']),
      use_of_proceeds: null,
      created_by: owner?.userId ?? null,
      organization_id: owner?.organizationId ?? null,
      ...(owner ? { source: 'calculator' as const } : {}),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
