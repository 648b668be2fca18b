/**
 * The sector taxonomy's admin: the `sectors` table, two levels (a sector has no parent; an
 * industry's parent is a sector; issuers belong to industries). It was seeded from the 11 sectors
 * of common/market.ts `SECTORS` by the simulator (and a sector per import); from now on the table is
 * the taxonomy and the constant only its seed. Every change is versioned and audited; nothing is
 * deleted while issuers or industries depend on it. Renames and moves move `issuers.updated_at`
 * so the bond-table snapshot re-reads the bonds concerned.
 */
import { type Kysely, sql } from 'kysely';
import type { AdminSector, AdminSectorsResponse, MoveIssuersResponse } from '../../../common/api/adminSectors';
import type { Database } from '../../db/schema';
import { writeAudit } from '../audit';
import { ServiceRefusal } from '../refusal';
import { bodyRefusal } from '../../../common/api/shared';
import { type AdminActor, checkVersion, industryOrRefuse } from './common';
import { rowVersionStamp } from '../../db/rowVersion';

export async function listSectors(db: Kysely<Database>): Promise<AdminSectorsResponse> {
  const rows = await db
    .selectFrom('sectors as s')
    .select([
      's.id',
      's.code',
      's.name',
      's.parent_id',
      's.version',
      sql<string>`(select count(*) from issuers i where i.sector_id = s.id)`.as('issuers'),
    ])
    .orderBy(sql`s.parent_id is not null`)
    .orderBy(sql`s.code collate "C"`)
    .execute();
  return { sectors: rows.map(present) };
}

function present(r: {
  id: number;
  code: string;
  name: string;
  parent_id: number | null;
  version: number;
  issuers: string | number;
}): AdminSector {
  return { id: r.id, code: r.code, name: r.name, parentId: r.parent_id, issuerCount: Number(r.issuers), version: r.version };
}

async function sectorOr404(db: Kysely<Database>, id: number) {
  const row = await db.selectFrom('sectors').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
  if (!row) throw new ServiceRefusal('not found', `There is no sector ${id}.`);
  return row;
}

/** A top-level sector by id (an industry's parent), or a 400 naming the body's parentId. */
async function topLevelOrRefuse(db: Kysely<Database>, id: number): Promise<void> {
  const parent = await db.selectFrom('sectors').select(['code', 'parent_id']).where('id', '=', id).executeTakeFirst();
  if (!parent) throw new ServiceRefusal('invalid', bodyRefusal('parentId', `is unknown: there is no sector ${id}`));
  if (parent.parent_id !== null)
    throw new ServiceRefusal(
      'invalid',
      bodyRefusal('parentId', `must be a top-level sector, not the industry ${parent.code}: the taxonomy has two levels`),
    );
}

/** Moves the issuers of these sectors (and of their industries) forward, for the snapshot. */
async function touchIssuersOf(db: Kysely<Database>, sectorId: number): Promise<void> {
  await sql`update issuers set updated_at = ${rowVersionStamp}
    where sector_id = ${sectorId} or sector_id in (select id from sectors where parent_id = ${sectorId})`.execute(db);
}

export async function createSector(
  db: Kysely<Database>,
  actor: AdminActor,
  body: { code: string; name: string; parentId: number | null },
): Promise<AdminSector> {
  return db.transaction().execute(async (trx) => {
    if (body.parentId !== null) await topLevelOrRefuse(trx, body.parentId);
    const taken = await trx.selectFrom('sectors').select('id').where('code', '=', body.code).executeTakeFirst();
    if (taken) throw new ServiceRefusal('conflict', bodyRefusal('code', `is already another sector's (${body.code})`));
    const row = await trx
      .insertInto('sectors')
      .values({ code: body.code, name: body.name, parent_id: body.parentId })
      .returningAll()
      .executeTakeFirstOrThrow();
    await writeAudit(trx, {
      actorUserId: actor.userId,
      action: 'sector.create',
      targetType: 'sector',
      targetId: String(row.id),
      details: { before: null, after: { code: row.code, name: row.name, parentId: row.parent_id }, ip: actor.ip },
    });
    return present({ ...row, issuers: 0 });
  });
}

export async function updateSector(
  db: Kysely<Database>,
  actor: AdminActor,
  id: number,
  body: { version: number; name?: string | undefined; parentId?: number | undefined },
): Promise<AdminSector> {
  await db.transaction().execute(async (trx) => {
    const row = await sectorOr404(trx, id);
    checkVersion('sector', body.version, row.version);
    const before: Record<string, unknown> = {};
    const after: Record<string, unknown> = {};
    if (body.name !== undefined && body.name !== row.name) {
      before.name = row.name;
      after.name = body.name;
    }
    if (body.parentId !== undefined && body.parentId !== row.parent_id) {
      if (row.parent_id === null)
        throw new ServiceRefusal(
          'invalid',
          bodyRefusal('parentId', `must stay empty for ${row.code}: it is a top-level sector, and only industries move between sectors`),
        );
      await topLevelOrRefuse(trx, body.parentId);
      before.parentId = row.parent_id;
      after.parentId = body.parentId;
    }
    await trx
      .updateTable('sectors')
      .set({
        ...(after.name !== undefined ? { name: body.name! } : {}),
        ...(after.parentId !== undefined ? { parent_id: body.parentId! } : {}),
        version: row.version + 1,
      })
      .where('id', '=', id)
      .execute();
    await touchIssuersOf(trx, id);
    await writeAudit(trx, {
      actorUserId: actor.userId,
      action: 'sector.update',
      targetType: 'sector',
      targetId: String(id),
      details: { before, after, version: row.version + 1, ip: actor.ip },
    });
  });
  const rows = await listSectors(db);
  return rows.sectors.find((s) => s.id === id)!;
}

/** Deletes an empty sector or industry: one with issuers or industries is refused (409), so no issuer is orphaned. */
export async function deleteSector(db: Kysely<Database>, actor: AdminActor, id: number, version: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const row = await sectorOr404(trx, id);
    checkVersion('sector', version, row.version);
    const issuers = Number(
      (
        await trx
          .selectFrom('issuers')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .where('sector_id', '=', id)
          .executeTakeFirstOrThrow()
      ).n,
    );
    if (issuers > 0)
      throw new ServiceRefusal(
        'conflict',
        `${row.code} still has ${issuers} issuer${issuers === 1 ? '' : 's'}: move them to another industry first.`,
      );
    const industries = await trx.selectFrom('sectors').select('code').where('parent_id', '=', id).orderBy('code').execute();
    if (industries.length > 0)
      throw new ServiceRefusal(
        'conflict',
        `${row.code} still has ${industries.length} industr${industries.length === 1 ? 'y' : 'ies'} (${industries
          .map((i) => i.code)
          .join(', ')}): move or delete them first.`,
      );
    await trx.deleteFrom('sectors').where('id', '=', id).execute();
    await writeAudit(trx, {
      actorUserId: actor.userId,
      action: 'sector.delete',
      targetType: 'sector',
      targetId: String(id),
      details: { before: { code: row.code, name: row.name, parentId: row.parent_id }, after: null, ip: actor.ip },
    });
  });
}

/** Moves issuers to an industry, each issuer's version bumped; one audit entry with each one's former industry. */
export async function moveIssuers(
  db: Kysely<Database>,
  actor: AdminActor,
  body: { issuerIds: number[]; sectorId: number },
): Promise<MoveIssuersResponse> {
  const ids = [...new Set(body.issuerIds)];
  return db.transaction().execute(async (trx) => {
    const target = await industryOrRefuse(trx, body.sectorId, 'sectorId');
    const rows = await trx.selectFrom('issuers').select(['id', 'sector_id']).where('id', 'in', ids).orderBy('id').forUpdate().execute();
    const missing = ids.filter((id) => !rows.some((r) => r.id === id));
    if (missing.length > 0) {
      const named = missing.slice(0, 10).join(', ');
      throw new ServiceRefusal(
        'invalid',
        bodyRefusal(
          'issuerIds',
          `include unknown ones: ${missing.length === 1 ? `there is no issuer ${named}` : `there are no issuers ${named}`}`,
        ),
      );
    }
    const moving = rows.filter((r) => r.sector_id !== body.sectorId);
    if (moving.length > 0)
      await trx
        .updateTable('issuers')
        .set({ sector_id: body.sectorId, version: sql`version + 1`, updated_at: rowVersionStamp })
        .where(
          'id',
          'in',
          moving.map((r) => r.id),
        )
        .execute();
    await writeAudit(trx, {
      actorUserId: actor.userId,
      action: 'sector.move-issuers',
      targetType: 'sector',
      targetId: String(body.sectorId),
      details: {
        before: Object.fromEntries(moving.map((r) => [r.id, r.sector_id])),
        after: { sectorId: body.sectorId, code: target.code },
        ip: actor.ip,
      },
    });
    return { moved: moving.length, sectorId: body.sectorId };
  });
}
