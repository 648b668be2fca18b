/**
 * The issuers admin: the list (found and paged on the server), one issuer with its bonds and
 * curve, and an edit checked against the version the admin read and audited before/after. The
 * edit moves `issuers.updated_at`, which the bond-table snapshot and the issuer directory watch
 * (their names follow within a second). Merging duplicates is in issuerMerge.ts.
 */
import { type Kysely, sql } from 'kysely';
import type {
  AdminIssuerDetail,
  AdminIssuerRow,
  AdminIssuersResponse,
  AdminIssuerUpdate,
  adminIssuerUpdateSchema,
  adminIssuersQuerySchema,
} from '../../../common/api/adminIssuers';
import type { z } from 'zod';
import type { Database } from '../../db/schema';
import { writeAudit } from '../audit';
import { issuerCurve } from '../market/queries/issuerDirectory';
import { ServiceRefusal, unknownIssuer } from '../refusal';
import { bodyRefusal } from '../../../common/api/shared';
import { type AdminActor, checkVersion, day, industryOrRefuse, iso, likeEscape } from './common';
import { rowVersionStamp } from '../../db/rowVersion';

type ListQuery = z.output<typeof adminIssuersQuerySchema>;
type Update = z.output<typeof adminIssuerUpdateSchema>;

/** Issuers with their industry, sector, parent, override and bond count (the list's and the detail's rows). */
function issuerRows(db: Kysely<Database>) {
  return db
    .selectFrom('issuers as i')
    .innerJoin('sectors as ind', 'ind.id', 'i.sector_id')
    .leftJoin('sectors as sec', 'sec.id', 'ind.parent_id')
    .leftJoin('issuers as p', 'p.id', 'i.parent_issuer_id')
    .leftJoin('display_name_overrides as o', (j) => j.onRef('o.subject_id', '=', 'i.id').on('o.subject_type', '=', 'issuer'))
    .select([
      'i.id',
      'i.name',
      'i.display_name',
      'i.ticker',
      'i.country_of_risk',
      'i.sec_cik',
      'i.corporate_structure',
      'i.created_at',
      'i.version',
      'i.updated_at',
      'o.display_name as override',
      'ind.id as ind_id',
      'ind.code as ind_code',
      'ind.name as ind_name',
      'sec.id as sec_id',
      'sec.code as sec_code',
      'sec.name as sec_name',
      'p.id as p_id',
      'p.name as p_name',
      'p.display_name as p_display_name',
      'p.ticker as p_ticker',
      sql<string>`(select count(*) from bonds b where b.issuer_id = i.id)`.as('bond_count'),
    ]);
}
type IssuerRowRaw = Awaited<ReturnType<ReturnType<typeof issuerRows>['executeTakeFirstOrThrow']>>;

function presentRow(r: IssuerRowRaw): AdminIssuerRow {
  return {
    id: r.id,
    name: r.name,
    displayName: r.display_name,
    displayNameOverride: r.override,
    ticker: r.ticker,
    countryOfRisk: r.country_of_risk.trim(),
    secCik: r.sec_cik,
    industry: { id: r.ind_id, code: r.ind_code, name: r.ind_name },
    sector: r.sec_id === null ? null : { id: r.sec_id, code: r.sec_code!, name: r.sec_name! },
    parent: r.p_id === null ? null : { id: r.p_id, name: r.p_name!, displayName: r.p_display_name!, ticker: r.p_ticker! },
    bondCount: Number(r.bond_count),
    version: r.version,
    updatedAt: iso(r.updated_at),
  };
}

/** The issuers matching the query, by display name then id, with the number matching. */
export async function listAdminIssuers(db: Kysely<Database>, q: ListQuery): Promise<AdminIssuersResponse> {
  let base = db.selectFrom('issuers as i');
  if (q.q) {
    const pattern = `%${likeEscape(q.q.toUpperCase())}%`;
    base = base.where(
      (eb) => sql<boolean>`(upper(${eb.ref('i.name')}) like ${pattern} or upper(${eb.ref('i.display_name')}) like ${pattern}
        or upper(${eb.ref('i.ticker')}) like ${pattern})`,
    );
  }
  if (q.sectorId !== undefined) {
    const sectorId = q.sectorId;
    base = base.where((eb) =>
      eb.or([
        eb('i.sector_id', '=', sectorId),
        eb('i.sector_id', 'in', eb.selectFrom('sectors').select('id').where('parent_id', '=', sectorId)),
      ]),
    );
  }
  const total = Number((await base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n);
  const ids = await base
    .select('i.id')
    .orderBy(sql`i.display_name collate "C"`)
    .orderBy('i.id')
    .offset(q.offset)
    .limit(q.limit)
    .execute();
  const rows = ids.length
    ? await issuerRows(db)
        .where(
          'i.id',
          'in',
          ids.map((r) => r.id),
        )
        .execute()
    : [];
  const byId = new Map(rows.map((r) => [r.id, r]));
  return { issuers: ids.map((r) => presentRow(byId.get(r.id)!)), total, offset: q.offset, limit: q.limit };
}

/** One issuer with its subsidiaries, deal count, every bond and its curve; 404 when unknown. */
export async function adminIssuerDetail(db: Kysely<Database>, id: number, now: Date): Promise<AdminIssuerDetail> {
  const row = await issuerRows(db).where('i.id', '=', id).executeTakeFirst();
  if (!row) throw new ServiceRefusal('not found', `There is no issuer ${id}.`);
  const [subsidiaries, deals, bonds, curve] = await Promise.all([
    db.selectFrom('issuers').select(['id', 'name', 'display_name', 'ticker']).where('parent_issuer_id', '=', id).orderBy('id').execute(),
    db
      .selectFrom('deals')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('issuer_id', '=', id)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('bonds as b')
      .leftJoin('display_name_overrides as o', (j) => j.onRef('o.subject_id', '=', 'b.id').on('o.subject_type', '=', 'bond'))
      .select([
        'b.id',
        'b.cusip',
        'b.coupon',
        'b.maturity_date',
        'b.amount_outstanding',
        sql<string>`coalesce(o.display_name, b.description)`.as('description'),
      ])
      .where('b.issuer_id', '=', id)
      .orderBy('b.maturity_date')
      .orderBy('b.id')
      .execute(),
    issuerCurve(db, id),
  ]);
  const today = curve?.asOf ? curve.asOf.slice(0, 10) : now.toISOString().slice(0, 10);
  return {
    ...presentRow(row),
    corporateStructure: row.corporate_structure,
    createdAt: iso(row.created_at),
    subsidiaries: subsidiaries.map((s) => ({ id: s.id, name: s.name, displayName: s.display_name, ticker: s.ticker })),
    dealCount: Number(deals.n),
    bonds: bonds.map((b) => ({
      id: b.id,
      cusip: b.cusip.trim(),
      description: b.description,
      coupon: Number(b.coupon),
      maturityDate: day(b.maturity_date),
      amountOutstanding: Number(b.amount_outstanding),
      matured: day(b.maturity_date) <= today,
    })),
    curve: { asOf: curve?.asOf ?? null, points: curve?.points ?? [] },
  };
}

/** The columns an edit may touch, by field name. */
const COLUMNS = {
  name: 'name',
  displayName: 'display_name',
  ticker: 'ticker',
  sectorId: 'sector_id',
  countryOfRisk: 'country_of_risk',
  parentIssuerId: 'parent_issuer_id',
  secCik: 'sec_cik',
} as const satisfies Record<Exclude<keyof AdminIssuerUpdate, 'version'>, string>;

/** Refuses a parent that is unknown, the issuer itself, or one of its own descendants (a cycle). */
async function checkParent(db: Kysely<Database>, id: number, parentId: number): Promise<void> {
  if (parentId === id)
    throw new ServiceRefusal('invalid', bodyRefusal('parentIssuerId', 'must be another issuer: an issuer cannot be its own parent'));
  const chain = await sql<{ id: number }>`
    with recursive up(id, parent_issuer_id, depth) as (
      select id, parent_issuer_id, 0 from issuers where id = ${parentId}
      union all
      select i.id, i.parent_issuer_id, up.depth + 1 from issuers i join up on i.id = up.parent_issuer_id where up.depth < 50)
    select id from up`.execute(db);
  if (chain.rows.length === 0) throw new ServiceRefusal('invalid', bodyRefusal('parentIssuerId', unknownIssuer(parentId)));
  if (chain.rows.some((r) => r.id === id))
    throw new ServiceRefusal(
      'invalid',
      bodyRefusal('parentIssuerId', `must not be one of this issuer's subsidiaries (issuer ${parentId} is one): that would make a cycle`),
    );
}

/** Edits an issuer: checked, versioned, audited with the changed fields before and after. */
export async function updateIssuer(
  db: Kysely<Database>,
  actor: AdminActor,
  id: number,
  body: Update,
  now: Date,
): Promise<AdminIssuerDetail> {
  await db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom('issuers').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
    if (!row) throw new ServiceRefusal('not found', `There is no issuer ${id}.`);
    checkVersion('issuer', body.version, row.version);
    if (body.sectorId !== undefined) await industryOrRefuse(trx, body.sectorId, 'sectorId');
    if (body.parentIssuerId !== undefined && body.parentIssuerId !== null) await checkParent(trx, id, body.parentIssuerId);
    const before: Record<string, unknown> = {};
    const after: Record<string, unknown> = {};
    const set: Record<string, unknown> = {};
    for (const [field, column] of Object.entries(COLUMNS) as [keyof typeof COLUMNS, (typeof COLUMNS)[keyof typeof COLUMNS]][]) {
      const value = body[field];
      if (value === undefined) continue;
      const old = typeof row[column] === 'string' ? (row[column] as string).trim() : row[column];
      if (old === value) continue;
      before[field] = old;
      after[field] = value;
      set[column] = value;
    }
    await trx
      .updateTable('issuers')
      .set({ ...set, version: row.version + 1, updated_at: rowVersionStamp })
      .where('id', '=', id)
      .execute();
    await writeAudit(trx, {
      actorUserId: actor.userId,
      action: 'issuer.update',
      targetType: 'issuer',
      targetId: String(id),
      details: { before, after, version: row.version + 1, ip: actor.ip },
    });
  });
  return adminIssuerDetail(db, id, now);
}
