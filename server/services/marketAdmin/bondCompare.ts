/**
 * Bonds side by side (terms, the figures they were priced at, recent trades) with the terms that
 * differ, and the merge of duplicates: the merged bonds' trades, ratings and deal tranches move to
 * the survivor and the merged bonds are deleted, in one transaction, audited — refused when a
 * bond changed since it was compared, or when a table this merge does not know how to move still
 * refers to a merged bond (deleting it would orphan that row or cascade it away).
 */
import { type Kysely, sql } from 'kysely';
import type { BondSearchResponse, CandidatesResponse, CompareResponse, MergeBody, MergeResult } from '../../../common/api/adminBonds';
import type { Database } from '../../db/schema';
import { writeAudit } from '../audit';
import { rebuildTouchedDays } from '../importers/stats';
import { ServiceRefusal } from '../refusal';
import { bodyRefusal } from '../../../common/api/shared';
import { type AdminActor, TERM_KEYS } from './bondEdit';
import { readBonds } from './bondRead';
import { repriceAfterAdminChange } from './reprice';
import { rowVersionStamp } from '../../db/rowVersion';

export async function compareBonds(db: Kysely<Database>, ids: number[]): Promise<CompareResponse> {
  const bonds = await readBonds(db, ids);
  const differences = TERM_KEYS.filter((k) => new Set(bonds.map((b) => JSON.stringify(b[k]))).size > 1);
  return { bonds, differences };
}

/** Tables whose rows about a merged bond this merge moves, or rebuilds from the moved trades. */
const MOVED = new Set(['trades', 'bond_ratings', 'deal_tranches']);
/** Figures derived from trades and terms: the merged bond's go with it, the survivor's are rebuilt and repriced. */
const DERIVED = new Set(['evaluated_prices', 'daily_bond_stats', 'bond_market_state']);

/** Every (table, column) with a foreign key to bonds(id), read from the catalogue so a new table is never missed. */
async function bondReferences(db: Kysely<Database>): Promise<{ table: string; column: string }[]> {
  const { rows } = await sql<{ table: string; column: string }>`
    select c.conrelid::regclass::text as table, a.attname as column
    from pg_constraint c
    join pg_attribute a on a.attrelid = c.conrelid and a.attnum = any(c.conkey)
    where c.contype = 'f' and c.confrelid = 'bonds'::regclass`.execute(db);
  return rows;
}

export async function mergeBonds(db: Kysely<Database>, body: MergeBody, actor: AdminActor, asOf: Date): Promise<MergeResult> {
  const { survivorId } = body;
  const mergedIds = [...new Set(body.mergedIds)];
  if (mergedIds.includes(survivorId))
    throw new ServiceRefusal('invalid', bodyRefusal('mergedIds', 'must not include the survivor: a bond cannot be merged into itself'));
  const all = [survivorId, ...mergedIds];
  for (const id of all)
    if (body.versions[String(id)] === undefined)
      throw new ServiceRefusal('invalid', bodyRefusal(`versions.${id}`, `the version (updatedAt) bond ${id} was compared at is missing`));

  const moved = await db.transaction().execute(async (trx) => {
    await sql`select id from bonds where id = any(${all}::int[]) order by id for update`.execute(trx);
    const bonds = await readBonds(trx, all);
    for (const b of bonds) {
      if (b.updatedAt !== body.versions[String(b.id)])
        throw new ServiceRefusal('conflict', `Bond ${b.id} (${b.cusip}) changed after it was compared: compare again.`);
    }
    for (const ref of await bondReferences(trx)) {
      if (MOVED.has(ref.table) || DERIVED.has(ref.table)) continue;
      const { rows } = await sql<{ n: number }>`select count(*)::int as n from ${sql.table(ref.table)}
        where ${sql.ref(ref.column)} = any(${mergedIds}::int[])`.execute(trx);
      if (rows[0]!.n > 0)
        throw new ServiceRefusal('conflict', `${rows[0]!.n} row(s) of ${ref.table} refer to a merged bond: merging would orphan them.`);
    }
    const tranches = await trx.selectFrom('deal_tranches').select(['id', 'deal_id', 'bond_id']).where('bond_id', 'in', all).execute();
    if (new Set(tranches.map((t) => t.bond_id)).size > 1)
      throw new ServiceRefusal(
        'conflict',
        `More than one of these bonds is a deal tranche (deals ${[...new Set(tranches.map((t) => t.deal_id))].join(', ')}): a tranche has one bond, so unlink one first.`,
      );

    // The same print reported under both identifiers is kept once: the survivor's.
    const duplicates = await sql`delete from trades m using trades s
      where m.bond_id = any(${mergedIds}::int[]) and s.bond_id = ${survivorId}
        and m.control_number is not null and m.control_number = s.control_number`.execute(trx);
    await sql`create temp table import_touched on commit drop as
      select distinct ${survivorId}::int as bond_id, (execution_time at time zone 'America/New_York')::date as trade_date
      from trades where bond_id = any(${mergedIds}::int[])`.execute(trx);
    const trades = await trx.updateTable('trades').set({ bond_id: survivorId }).where('bond_id', 'in', mergedIds).executeTakeFirst();
    const ratings = await sql`update bond_ratings m set bond_id = ${survivorId}
      where m.bond_id = any(${mergedIds}::int[])
        and not exists (select 1 from bond_ratings s where s.bond_id = ${survivorId} and s.agency = m.agency
                          and s.rating = m.rating and s.effective_date = m.effective_date)`.execute(trx);
    const movedTranches = await trx
      .updateTable('deal_tranches')
      .set({ bond_id: survivorId })
      .where('bond_id', 'in', mergedIds)
      .executeTakeFirst();
    await rebuildTouchedDays(trx);
    await trx.deleteFrom('bonds').where('id', 'in', mergedIds).execute();
    // A row-version stamp the market version watches, not the time of the merge (db/rowVersion.ts).
    await trx.updateTable('bonds').set({ updated_at: rowVersionStamp }).where('id', '=', survivorId).execute();
    const counts = {
      trades: Number(trades.numUpdatedRows),
      tranches: Number(movedTranches.numUpdatedRows),
      ratings: Number(ratings.numAffectedRows ?? 0),
    };
    const survivor = bonds[0]!;
    await writeAudit(trx, {
      actorUserId: actor.userId,
      action: 'bond.merge',
      targetType: 'bond',
      targetId: String(survivorId),
      details: {
        cusip: survivor.cusip,
        mergedIds,
        merged: bonds.slice(1).map(({ trades: _t, market: _m, ...terms }) => terms),
        moved: counts,
        duplicateTradesDropped: Number(duplicates.numAffectedRows ?? 0),
        ip: actor.ip,
      },
    });
    for (const b of bonds.slice(1)) {
      await writeAudit(trx, {
        actorUserId: actor.userId,
        action: 'bond.merged_into',
        targetType: 'bond',
        targetId: String(b.id),
        details: { cusip: b.cusip, survivorId, survivorCusip: survivor.cusip, ip: actor.ip },
      });
    }
    return counts;
  });
  const reprice = (await repriceAfterAdminChange(db, [survivorId], asOf, { tradesMoved: true })).error;
  return { survivorId, mergedIds, moved, ...(reprice ? { repriceError: reprice } : {}) };
}

/** Bonds by CUSIP or ISIN prefix, issuer ticker, or a word of the description (any case), to pick for a comparison. */
export async function searchBonds(db: Kysely<Database>, q: string, limit: number): Promise<BondSearchResponse> {
  const text = q.toUpperCase();
  const like = `${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const rows = await db
    .selectFrom('bonds as b')
    .innerJoin('issuers as i', 'i.id', 'b.issuer_id')
    .select(['b.id', 'b.cusip', 'b.description', 'i.ticker', sql<string>`to_char(b.maturity_date, 'YYYY-MM-DD')`.as('maturity_date')])
    .where((eb) =>
      eb.or([
        eb('b.cusip', 'like', like),
        eb('b.isin', 'like', like),
        eb('i.ticker', '=', text),
        eb(sql`upper(b.description)`, 'like', `%${like}`),
      ]),
    )
    .orderBy('b.cusip')
    .limit(limit)
    .execute();
  return {
    bonds: rows.map((r) => ({ id: r.id, cusip: r.cusip, description: r.description, ticker: r.ticker, maturityDate: r.maturity_date })),
  };
}

/**
 * Likely duplicates: bonds of one issuer with the same coupon type, coupon and maturity (a
 * security entered twice, under a mistyped CUSIP say), the most recently changed group first.
 */
export async function duplicateCandidates(db: Kysely<Database>, offset: number, limit: number): Promise<CandidatesResponse> {
  // The groups first (a hash aggregate over the bonds' key terms), then the page's bonds only.
  const groups = sql`select issuer_id, coupon_type, coupon, maturity_date, max(updated_at) as changed
    from bonds group by 1, 2, 3, 4 having count(*) > 1`;
  const [page, count] = await Promise.all([
    sql<{
      issuer_id: number;
      ticker: string;
      name: string;
      coupon_type: string;
      coupon: number;
      maturity_date: string;
      bonds: { id: number; cusip: string; description: string }[];
    }>`select g.issuer_id, i.ticker, i.name, g.coupon_type, g.coupon::float8 as coupon,
        to_char(g.maturity_date, 'YYYY-MM-DD') as maturity_date,
        (select jsonb_agg(jsonb_build_object('id', b.id, 'cusip', b.cusip, 'description', b.description) order by b.id)
           from bonds b where b.issuer_id = g.issuer_id and b.coupon_type = g.coupon_type and b.coupon = g.coupon
             and b.maturity_date = g.maturity_date) as bonds
      from (select * from (${groups}) d order by d.changed desc, d.issuer_id, d.maturity_date limit ${limit} offset ${offset}) g
      join issuers i on i.id = g.issuer_id
      order by g.changed desc, g.issuer_id, g.maturity_date`.execute(db),
    sql<{ n: number }>`select count(*)::int as n from (${groups}) g`.execute(db),
  ]);
  return {
    groups: page.rows.map((r) => ({
      issuer: { id: r.issuer_id, ticker: r.ticker, name: r.name },
      couponType: r.coupon_type,
      coupon: r.coupon,
      maturityDate: r.maturity_date,
      bonds: r.bonds.map((b) => ({ ...b, cusip: b.cusip.trim() })),
    })),
    total: count.rows[0]!.n,
  };
}
