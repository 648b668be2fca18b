/**
 * Display-name overrides: how an issuer (its display name) or a bond (its description) is named in
 * tables, over the reference data. The bond-table row source, issuer search and issuer pages read
 * them (`bondRowSource`, `issuerDirectory`, `issuerDetail`). Setting or removing one moves the
 * subject's `updated_at` (the issuer's, or the bond's), which the bond-table snapshot and the issuer
 * directory watch, so tables show it within a second. Versioned (409 stale) and audited.
 */
import { type Kysely, sql } from 'kysely';
import type {
  DisplayNameOverride,
  DisplayNamePreview,
  DisplayNamesResponse,
  DisplayNameSubject,
  DisplayNameSubjectsResponse,
} from '../../../common/api/adminDisplayNames';
import type { Database } from '../../db/schema';
import { writeAudit } from '../audit';
import { ServiceRefusal } from '../refusal';
import { bodyRefusal } from '../../../common/api/shared';
import { type AdminActor, iso, likeEscape } from './common';
import { rowVersionStamp } from '../../db/rowVersion';

/** Overrides with their subject's label and reference name. */
function overrideRows(db: Kysely<Database>) {
  return db
    .selectFrom('display_name_overrides as o')
    .leftJoin('issuers as i', (j) => j.onRef('i.id', '=', 'o.subject_id').on('o.subject_type', '=', 'issuer'))
    .leftJoin('bonds as b', (j) => j.onRef('b.id', '=', 'o.subject_id').on('o.subject_type', '=', 'bond'))
    .select([
      'o.subject_type',
      'o.subject_id',
      'o.display_name',
      'o.version',
      'o.updated_by',
      'o.updated_at',
      sql<string>`coalesce(i.ticker, trim(b.cusip), '')`.as('label'),
      sql<string>`coalesce(i.display_name, b.description, '')`.as('reference_name'),
    ]);
}

type OverrideRaw = Awaited<ReturnType<ReturnType<typeof overrideRows>['executeTakeFirstOrThrow']>>;

const present = (r: OverrideRaw): DisplayNameOverride => ({
  subjectType: r.subject_type,
  subjectId: r.subject_id,
  label: r.label,
  referenceName: r.reference_name,
  displayName: r.display_name,
  version: r.version,
  updatedBy: r.updated_by,
  updatedAt: iso(r.updated_at),
});

export async function listDisplayNames(
  db: Kysely<Database>,
  q: { type?: DisplayNameSubject | undefined; q?: string | undefined; offset: number; limit: number },
): Promise<DisplayNamesResponse> {
  let query = overrideRows(db);
  if (q.type) query = query.where('o.subject_type', '=', q.type);
  if (q.q) {
    const pattern = `%${likeEscape(q.q.toUpperCase())}%`;
    query = query.where(
      sql<boolean>`(upper(o.display_name) like ${pattern} or upper(coalesce(i.display_name, b.description, '')) like ${pattern}
        or upper(coalesce(i.ticker, b.cusip, '')) like ${pattern})`,
    );
  }
  const total = await query
    .clearSelect()
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  const rows = await query
    .orderBy('o.updated_at', 'desc')
    .orderBy('o.subject_type')
    .orderBy('o.subject_id')
    .offset(q.offset)
    .limit(q.limit)
    .execute();
  return { overrides: rows.map(present), total: Number(total.n) };
}

/** Issuers (by ticker or name) or bonds (by CUSIP prefix or description) to give a name, with any override. */
export async function displayNameSubjects(
  db: Kysely<Database>,
  type: DisplayNameSubject,
  text: string,
): Promise<DisplayNameSubjectsResponse> {
  const upper = text.toUpperCase();
  const contains = `%${likeEscape(upper)}%`;
  const prefix = `${likeEscape(upper)}%`;
  const rows =
    type === 'issuer'
      ? await sql<{ id: number; label: string; name: string; override: string | null; version: number | null }>`
          select i.id, i.ticker as label, i.display_name as name, o.display_name as override, o.version
          from issuers i left join display_name_overrides o on o.subject_type = 'issuer' and o.subject_id = i.id
          where upper(i.ticker) like ${prefix} or upper(i.name) like ${contains} or upper(i.display_name) like ${contains}
          order by upper(i.ticker) like ${prefix} desc, i.ticker, i.id limit 20`.execute(db)
      : await sql<{ id: number; label: string; name: string; override: string | null; version: number | null }>`
          select b.id, trim(b.cusip) as label, b.description as name, o.display_name as override, o.version
          from bonds b left join display_name_overrides o on o.subject_type = 'bond' and o.subject_id = b.id
          where b.cusip like ${prefix} or upper(b.description) like ${contains}
          order by b.cusip like ${prefix} desc, b.cusip limit 20`.execute(db);
  return {
    subjects: rows.rows.map((r) => ({ subjectId: r.id, label: r.label, referenceName: r.name, override: r.override, version: r.version })),
  };
}

/** The subject's reference name and current override; an unknown one is refused where it was named. */
async function subjectOrRefuse(db: Kysely<Database>, type: DisplayNameSubject, id: number, from: 'body' | 'address' = 'body') {
  const row =
    type === 'issuer'
      ? await db.selectFrom('issuers').select(['id', 'display_name as name']).where('id', '=', id).executeTakeFirst()
      : await db.selectFrom('bonds').select(['id', 'description as name']).where('id', '=', id).executeTakeFirst();
  // A preview's subject is a field of its body (400); an override's is the address's (404).
  if (!row)
    throw from === 'body'
      ? new ServiceRefusal('invalid', bodyRefusal('subjectId', `is unknown: there is no ${type} ${id}`))
      : new ServiceRefusal('not found', `There is no ${type} ${id}.`);
  const override = await db
    .selectFrom('display_name_overrides')
    .selectAll()
    .where('subject_type', '=', type)
    .where('subject_id', '=', id)
    .executeTakeFirst();
  return { referenceName: row.name, override };
}

interface TableNames {
  issuer: string;
  displayName: string;
  description: string;
}

/** The bond-table rows a change of this subject's name touches, as they read now and would read after it. */
export async function previewDisplayName(
  db: Kysely<Database>,
  body: { subjectType: DisplayNameSubject; subjectId: number; displayName: string },
): Promise<DisplayNamePreview> {
  const { subjectType: type, subjectId: id, displayName } = body;
  const { referenceName, override } = await subjectOrRefuse(db, type, id);
  // Rows as the bond table presents them (overrides applied), through the same expressions.
  const touched = sql<boolean>`${type === 'bond' ? sql`b.id = ${id}` : sql`(i.id = ${id} or i.parent_issuer_id = ${id})`}`;
  const rows = await sql<{
    id: number;
    cusip: string;
    issuer_id: number;
    parent_id: number | null;
    issuer: string;
    display_name: string;
    description: string;
  }>`
    select b.id, trim(b.cusip) as cusip, i.id as issuer_id, p.id as parent_id,
      coalesce(po.display_name, p.display_name, io.display_name, i.display_name) as issuer,
      coalesce(io.display_name, i.display_name) as display_name,
      coalesce(bo.display_name, b.description) as description
    from bonds b join issuers i on i.id = b.issuer_id left join issuers p on p.id = i.parent_issuer_id
      left join display_name_overrides io on io.subject_type = 'issuer' and io.subject_id = i.id
      left join display_name_overrides po on po.subject_type = 'issuer' and po.subject_id = p.id
      left join display_name_overrides bo on bo.subject_type = 'bond' and bo.subject_id = b.id
    where ${touched}
    order by b.maturity_date, b.id`.execute(db);
  const after = (r: (typeof rows.rows)[number]): TableNames => {
    if (type === 'bond') return { issuer: r.issuer, displayName: r.display_name, description: displayName };
    return {
      issuer: r.parent_id === id || r.parent_id === null ? displayName : r.issuer,
      displayName: r.issuer_id === id ? displayName : r.display_name,
      description: r.description,
    };
  };
  return {
    subjectType: type,
    subjectId: id,
    referenceName,
    currentName: override?.display_name ?? referenceName,
    proposedName: displayName,
    rows: rows.rows.slice(0, 10).map((r) => ({
      bondId: r.id,
      cusip: r.cusip,
      before: { issuer: r.issuer, displayName: r.display_name, description: r.description },
      after: after(r),
    })),
    bondCount: rows.rows.length,
  };
}

/** Moves the subject forward so the bond-table snapshot and the issuer directory re-read it. */
async function touch(db: Kysely<Database>, type: DisplayNameSubject, id: number): Promise<void> {
  if (type === 'issuer') await sql`update issuers set updated_at = ${rowVersionStamp} where id = ${id}`.execute(db);
  else await sql`update bonds set updated_at = ${rowVersionStamp} where id = ${id}`.execute(db);
}

export async function setDisplayName(
  db: Kysely<Database>,
  actor: AdminActor,
  type: DisplayNameSubject,
  id: number,
  body: { displayName: string; version: number | null },
  now: Date,
): Promise<DisplayNameOverride> {
  await db.transaction().execute(async (trx) => {
    const { referenceName, override } = await subjectOrRefuse(trx, type, id, 'address');
    const current = override ?? null;
    if ((current?.version ?? null) !== body.version)
      throw new ServiceRefusal(
        'conflict',
        current
          ? `This name was changed by someone else since you read it (now "${current.display_name}", version ${current.version}): reload and try again.`
          : 'The override you read was removed since: reload and try again.',
      );
    const version = current ? current.version + 1 : 0;
    await trx
      .insertInto('display_name_overrides')
      .values({ subject_type: type, subject_id: id, display_name: body.displayName, version, updated_by: actor.userId, updated_at: now })
      .onConflict((oc) =>
        oc
          .columns(['subject_type', 'subject_id'])
          .doUpdateSet({ display_name: body.displayName, version, updated_by: actor.userId, updated_at: now }),
      )
      .execute();
    await touch(trx, type, id);
    await writeAudit(trx, {
      actorUserId: actor.userId,
      action: 'display-name.set',
      targetType: type,
      targetId: String(id),
      details: {
        before: { displayName: current?.display_name ?? null },
        after: { displayName: body.displayName },
        referenceName,
        version,
        ip: actor.ip,
      },
    });
  });
  return present(await overrideRows(db).where('o.subject_type', '=', type).where('o.subject_id', '=', id).executeTakeFirstOrThrow());
}

export async function removeDisplayName(
  db: Kysely<Database>,
  actor: AdminActor,
  type: DisplayNameSubject,
  id: number,
  version: number,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('display_name_overrides')
      .selectAll()
      .where('subject_type', '=', type)
      .where('subject_id', '=', id)
      .forUpdate()
      .executeTakeFirst();
    if (!row) throw new ServiceRefusal('not found', `The ${type} ${id} has no display-name override.`);
    if (row.version !== version)
      throw new ServiceRefusal(
        'conflict',
        `This name was changed by someone else since you read it (now version ${row.version}): reload and try again.`,
      );
    await trx.deleteFrom('display_name_overrides').where('subject_type', '=', type).where('subject_id', '=', id).execute();
    await touch(trx, type, id);
    await writeAudit(trx, {
      actorUserId: actor.userId,
      action: 'display-name.delete',
      targetType: type,
      targetId: String(id),
      details: { before: { displayName: row.display_name }, after: { displayName: null }, ip: actor.ip },
    });
  });
}
