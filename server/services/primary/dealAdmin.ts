/**
 * Deal administration: list, read, create and edit deals (issuer, bookrunners, use of proceeds).
 * Tranches and the status timeline are in dealAdminSteps.ts. Every change is audited in the
 * transaction that makes it, with the state before and after, so the audit log tells who changed
 * what. Admins see every deal, including the ones calculator users keep to their organisation.
 */
import { type Kysely, type Selectable, sql } from 'kysely';
import type { AdminDeal, AdminDealList, AdminTranche } from '../../../common/api/adminDeals';
import { ADMIN_DEAL_LIST_MAX, type adminDealCreateSchema } from '../../../common/api/adminDeals';
import { addDays, newYorkTime, newYorkToday } from '../../../common/calendar';
import { RANGE_REFUSAL } from '../../../common/api/dates';
import { bodyRefusal, queryRefusal } from '../../../common/api/shared';
import type { Database } from '../../db/schema';
import type { DealTranchesTable } from '../../db/tables/market';
import { writeAudit } from '../audit';
import { recordDealAnnounced } from './dealEvents';
import { ServiceRefusal, unknownIssuer } from '../refusal';
import type { z } from 'zod';

/** An unknown deal or tranche (404), or a rule broken (400), naming the field. */
export class DealAdminError extends ServiceRefusal {}

const iso = (v: Date | string) => new Date(v).toISOString();
const num = (v: string | number | null) => (v === null ? null : Number(v));
const mm = (usd: string | number | null) => (usd === null ? null : Math.round(Number(usd) / 1e4) / 100);

export async function listAdminDeals(
  db: Kysely<Database>,
  query: { from?: string | undefined; to?: string | undefined; status?: string | undefined; q?: string | undefined },
  now: Date,
): Promise<AdminDealList> {
  const to = query.to ?? newYorkToday(now);
  const from = query.from ?? addDays(to, -90);
  // In the validator's form, as the contract would say it: the admin page reads it as a sentence.
  if (from > to) throw new DealAdminError('invalid', queryRefusal('from', RANGE_REFUSAL.reversed(to)));
  let select = db
    .selectFrom('deals as d')
    .innerJoin('issuers as i', 'i.id', 'd.issuer_id')
    .leftJoin('deal_tranches as t', 't.deal_id', 'd.id')
    .select((eb) => [
      'd.id',
      'd.status',
      'd.announced_at',
      'd.priced_at',
      'd.source',
      'i.id as issuer_id',
      'i.ticker',
      'i.name',
      eb.fn.count<string>('t.id').as('tranches'),
      eb.fn.coalesce(eb.fn.sum<string>('t.size'), sql<string>`0`).as('size'),
    ])
    .where('d.announced_at', '>=', newYorkTime(from, 0))
    .where('d.announced_at', '<', newYorkTime(addDays(to, 1), 0))
    .groupBy(['d.id', 'i.id'])
    .orderBy('d.announced_at', 'desc')
    .orderBy('d.id', 'desc')
    .limit(ADMIN_DEAL_LIST_MAX);
  if (query.status) select = select.where('d.status', '=', query.status as AdminDeal['status']);
  if (query.q) {
    const like = `%${query.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    select = select.where((eb) => eb.or([eb('i.ticker', 'ilike', like), eb('i.name', 'ilike', like)]));
  }
  const rows = await select.execute();
  return {
    from,
    to,
    deals: rows.map((r) => ({
      id: r.id,
      issuer: { id: r.issuer_id, ticker: r.ticker, name: r.name },
      status: r.status,
      announcedAt: iso(r.announced_at),
      pricedAt: r.priced_at ? iso(r.priced_at) : null,
      tranches: Number(r.tranches),
      sizeMm: mm(r.size) ?? 0,
      source: r.source,
    })),
  };
}

export async function adminDeal(db: Kysely<Database>, id: number): Promise<AdminDeal> {
  const deal = await db
    .selectFrom('deals as d')
    .innerJoin('issuers as i', 'i.id', 'd.issuer_id')
    .select([
      'd.id',
      'd.status',
      'd.announced_at',
      'd.priced_at',
      'd.bookrunners',
      'd.use_of_proceeds',
      'd.source',
      'd.created_by',
      'i.id as issuer_id',
      'i.ticker',
      'i.name',
    ])
    .where('d.id', '=', id)
    .executeTakeFirst();
  if (!deal) throw new DealAdminError('not found', `Deal ${id} not found`);
  const [tranches, timeline, audit] = await Promise.all([
    db.selectFrom('deal_tranches').selectAll().where('deal_id', '=', id).orderBy('tenor_years').orderBy('id').execute(),
    db.selectFrom('deal_status_history').select(['status', 'at']).where('deal_id', '=', id).orderBy('at').orderBy('id').execute(),
    db
      .selectFrom('audit_log')
      .select(['created_at', 'actor_user_id', 'action', 'details'])
      .where('target_type', '=', 'deal')
      .where('target_id', '=', String(id))
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(200)
      .execute(),
  ]);
  return {
    id: deal.id,
    issuer: { id: deal.issuer_id, ticker: deal.ticker, name: deal.name },
    status: deal.status,
    announcedAt: iso(deal.announced_at),
    pricedAt: deal.priced_at ? iso(deal.priced_at) : null,
    bookrunners: deal.bookrunners,
    useOfProceeds: deal.use_of_proceeds,
    source: deal.source,
    createdBy: deal.created_by,
    tranches: tranches.map(presentTranche),
    timeline: timeline.map((s) => ({ status: s.status, at: iso(s.at) })),
    audit: audit.map((a) => ({ at: iso(a.created_at), actor: a.actor_user_id, action: a.action, details: a.details })),
  };
}

export function presentTranche(t: Selectable<DealTranchesTable>): AdminTranche {
  return {
    id: t.id,
    tenorYears: t.tenor_years,
    sizeMm: mm(t.size)!,
    coupon: num(t.coupon),
    iptSpreadBp: num(t.ipt_spread_bp),
    guidanceSpreadBp: num(t.guidance_spread_bp),
    launchSpreadBp: num(t.launch_spread_bp),
    pricedSpreadBp: num(t.priced_spread_bp),
    orderBookMm: mm(t.order_book),
    bondId: t.bond_id,
  };
}

/** Tranche columns from what an admin entered (sizes in USD millions → USD). */
export function trancheColumns(t: Partial<z.output<typeof adminDealCreateSchema>['tranches'][number]>) {
  return {
    ...(t.tenorYears !== undefined ? { tenor_years: t.tenorYears } : {}),
    ...(t.sizeMm !== undefined ? { size: Math.round(t.sizeMm * 1e6) } : {}),
    ...(t.coupon !== undefined ? { coupon: t.coupon } : {}),
    ...(t.iptSpreadBp !== undefined ? { ipt_spread_bp: t.iptSpreadBp } : {}),
    ...(t.guidanceSpreadBp !== undefined ? { guidance_spread_bp: t.guidanceSpreadBp } : {}),
    ...(t.launchSpreadBp !== undefined ? { launch_spread_bp: t.launchSpreadBp } : {}),
    ...(t.pricedSpreadBp !== undefined ? { priced_spread_bp: t.pricedSpreadBp } : {}),
    ...(t.orderBookMm !== undefined ? { order_book: t.orderBookMm === null ? null : Math.round(t.orderBookMm * 1e6) } : {}),
  };
}

async function issuerExists(db: Kysely<Database>, issuerId: number): Promise<void> {
  const found = await db.selectFrom('issuers').select('id').where('id', '=', issuerId).executeTakeFirst();
  if (!found) throw new DealAdminError('invalid', bodyRefusal('issuerId', unknownIssuer(issuerId)));
}

export async function createAdminDeal(
  db: Kysely<Database>,
  input: z.output<typeof adminDealCreateSchema>,
  actor: string,
  now: Date,
): Promise<{ id: number }> {
  const announcedAt = input.announcedAt ? new Date(input.announcedAt) : now;
  if (announcedAt.getTime() > now.getTime()) throw new DealAdminError('invalid', bodyRefusal('announcedAt', 'must not be in the future'));
  return db.transaction().execute(async (trx) => {
    await issuerExists(trx, input.issuerId);
    const deal = await trx
      .insertInto('deals')
      .values({
        issuer_id: input.issuerId,
        status: 'announced',
        announced_at: announcedAt,
        bookrunners: JSON.stringify(input.bookrunners),
        use_of_proceeds: input.useOfProceeds,
        source: 'admin',
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('deal_tranches')
      .values(input.tranches.map((t) => ({ deal_id: deal.id, tenor_years: t.tenorYears, size: 0, ...trancheColumns(t) })))
      .execute();
    await trx
      .insertInto('deal_status_history')
      .values({ deal_id: deal.id, status: 'announced', at: announcedAt, details: JSON.stringify({ source: 'admin', by: actor }) })
      .execute();
    await writeAudit(trx, {
      actorUserId: actor,
      action: 'deal.create',
      targetType: 'deal',
      targetId: String(deal.id),
      details: { after: input },
    });
    await recordDealAnnounced(trx, deal.id, now, actor);
    return { id: deal.id };
  });
}

export async function updateAdminDeal(
  db: Kysely<Database>,
  id: number,
  change: { issuerId?: number | undefined; bookrunners?: string[] | undefined; useOfProceeds?: string | null | undefined },
  actor: string,
  now: Date,
): Promise<AdminDeal> {
  await db.transaction().execute(async (trx) => {
    const before = await trx
      .selectFrom('deals')
      .select(['issuer_id', 'bookrunners', 'use_of_proceeds'])
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
    if (!before) throw new DealAdminError('not found', `Deal ${id} not found`);
    if (change.issuerId !== undefined) await issuerExists(trx, change.issuerId);
    await trx
      .updateTable('deals')
      .set({
        ...(change.issuerId !== undefined ? { issuer_id: change.issuerId } : {}),
        ...(change.bookrunners !== undefined ? { bookrunners: JSON.stringify(change.bookrunners) } : {}),
        ...(change.useOfProceeds !== undefined ? { use_of_proceeds: change.useOfProceeds } : {}),
        updated_at: now,
      })
      .where('id', '=', id)
      .execute();
    const was = { issuerId: before.issuer_id, bookrunners: before.bookrunners, useOfProceeds: before.use_of_proceeds };
    const beforeChanged = Object.fromEntries(Object.keys(change).map((k) => [k, was[k as keyof typeof was]]));
    await writeAudit(trx, {
      actorUserId: actor,
      action: 'deal.update',
      targetType: 'deal',
      targetId: String(id),
      details: { before: beforeChanged, after: change },
    });
  });
  return adminDeal(db, id);
}
