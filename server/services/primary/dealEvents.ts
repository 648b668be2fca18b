/**
 * The domain events of a deal's life, written in one place so that every source of deals — the
 * live simulator, admins, SEC EDGAR term sheets and the new-issue calculator — writes the same
 * ones, in the transaction that makes the change: `deal.new` when a deal is announced and
 * `deal.status_changed` for each step forward (market hawk's deal rules read both), and the
 * `new_primary_deals` notifications of an announcement (newDealNotifications.ts).
 *
 * A deal made with the calculator is private to its banker and their organisation (deals.ts);
 * its events carry that audience, and market hawk fires only for subscribers in it, so an alert
 * never tells an outsider about a deal they may not see.
 */
import { sql } from 'kysely';
import { compositeRating, ratingClassOf } from '../../../common/market';
import type { DealStatus } from '../../db/tables/market';
import { type DomainEvent, recordEvents } from '../events';
import type { Database } from '../../db/schema';
import type { Kysely } from 'kysely';

type Db = Kysely<Database>;
import { notifyNewDeal } from './newDealNotifications';

export interface DealFacts {
  dealId: number;
  issuerId: number;
  ticker: string;
  /** The issuer's rating class (its newest bond's composite rating, as the hawk backtest takes it); null unrated. */
  highYield: boolean | null;
  status: DealStatus;
  source: string;
  announcedAt: Date;
  createdBy: string | null;
  organizationId: string | null;
  tranches: { tenorYears: number; size: number }[];
  bookrunners: string[];
}

export async function dealFacts(db: Db, dealId: number): Promise<DealFacts> {
  const { rows } = await sql<{
    issuer_id: number;
    ticker: string;
    status: DealStatus;
    source: string;
    announced_at: Date;
    created_by: string | null;
    organization_id: string | null;
    bookrunners: unknown;
    rating_sp: string | null;
    rating_moody: string | null;
  }>`
    select d.issuer_id, i.ticker, d.status, d.source, d.announced_at, d.created_by, d.organization_id, d.bookrunners,
      r.rating_sp, r.rating_moody
    from deals d join issuers i on i.id = d.issuer_id
    left join lateral (select b.rating_sp, b.rating_moody from bonds b where b.issuer_id = d.issuer_id
                       order by b.issue_date desc, b.id desc limit 1) r on true
    where d.id = ${dealId}`.execute(db);
  const d = rows[0];
  if (!d) throw new Error(`deal ${dealId} does not exist`);
  const tranches = await db
    .selectFrom('deal_tranches')
    .select(['tenor_years', 'size'])
    .where('deal_id', '=', dealId)
    .orderBy('tenor_years')
    .orderBy('id')
    .execute();
  const cls = ratingClassOf(compositeRating(d.rating_sp, d.rating_moody));
  const bookrunners = typeof d.bookrunners === 'string' ? (JSON.parse(d.bookrunners) as unknown) : d.bookrunners;
  return {
    dealId,
    issuerId: d.issuer_id,
    ticker: d.ticker,
    highYield: cls === null ? null : cls === 'HY',
    status: d.status,
    source: d.source,
    announcedAt: new Date(d.announced_at),
    createdBy: d.created_by,
    organizationId: d.organization_id,
    tranches: tranches.map((t) => ({ tenorYears: t.tenor_years, size: Number(t.size) })),
    bookrunners: Array.isArray(bookrunners) ? bookrunners.map(String) : [],
  };
}

/** Who may see a private (calculator) deal: its banker and their organisation; undefined: everyone. */
async function audienceOf(db: Db, facts: DealFacts): Promise<string[] | undefined> {
  if (facts.createdBy === null) return undefined;
  const rows = await db
    .selectFrom('users')
    .select('id')
    .where((eb) =>
      eb.or([eb('id', '=', facts.createdBy!), ...(facts.organizationId ? [eb('organization_id', '=', facts.organizationId)] : [])]),
    )
    .execute();
  return rows.map((r) => r.id);
}

/** The simulator's `deal.new` payload shape, plus the source and (for private deals) the audience. */
function newDealEvent(facts: DealFacts, audience: string[] | undefined): DomainEvent {
  return {
    type: 'deal.new',
    subjectId: String(facts.dealId),
    payload: {
      dealId: facts.dealId,
      issuerId: facts.issuerId,
      ticker: facts.ticker,
      highYield: facts.highYield,
      tranches: facts.tranches,
      bookrunners: facts.bookrunners,
      source: facts.source,
      ...(audience ? { audience } : {}),
    },
  };
}

/**
 * A deal was announced (`dealId` is written, with its tranches): records `deal.new` and notifies
 * the users who follow new deals. `actor` (who made it, if a person) is not notified.
 */
export async function recordDealAnnounced(db: Db, dealId: number, now: Date, actor: string | null = null): Promise<DealFacts> {
  const facts = await dealFacts(db, dealId);
  const audience = await audienceOf(db, facts);
  await recordEvents(db, [newDealEvent(facts, audience)]);
  await notifyNewDeal(db, facts, now, actor);
  return facts;
}

/** A deal moved from `from` to `to` (already written): records `deal.status_changed`, as the simulator does. */
export async function recordDealStep(
  db: Db,
  dealId: number,
  from: DealStatus,
  to: DealStatus,
  extra: Record<string, unknown> = {},
): Promise<void> {
  if (from === to) return;
  const facts = await dealFacts(db, dealId);
  const audience = await audienceOf(db, facts);
  await recordEvents(db, [
    {
      type: 'deal.status_changed',
      subjectId: String(dealId),
      payload: {
        ...extra,
        dealId,
        issuerId: facts.issuerId,
        ticker: facts.ticker,
        from,
        to,
        source: facts.source,
        ...(audience ? { audience } : {}),
      },
    },
  ]);
}
