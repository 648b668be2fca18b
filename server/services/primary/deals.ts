/**
 * The new-issue calendar: deals with their tranches, timeline, ratings and sector, each tranche
 * with reoffer yield and price, tightening, book cover and the product's own fair value and
 * concession (fairValue.ts on secondaryLevels.ts). Issuers are named as tables name them (an
 * admin's display-name override wins).
 */
import { createBond, type DayCountCode, type Frequency, interpolateCurve, parseDate, priceFromYield, settle } from '@analytics/index';
import { type Kysely, sql } from 'kysely';
import type { DealSummary, Tranche } from '../../../common/api/primary';
import { addDays, businessDayOnOrAfter, newYorkToday } from '../../../common/calendar';
import { compositeRating, ratingClassOf, type DealStatus, type RatingClass, type SectorCode } from '../../../common/market';
import type { Database } from '../../db/schema';
import { issuerDisplayName } from '../reference/displayNameSql';
import { fairValueForRank } from './fairValue';
import { closeBefore, dealBucket, issuerPoints, seniorBucket, sectorRatingCurve, treasuryCurveOn } from './secondaryLevels';

export interface DealFilter {
  from: string;
  to: string;
  status?: DealStatus | undefined;
  rating?: RatingClass | undefined;
  sector?: SectorCode | undefined;
  minSize?: number | undefined;
  /** Only these deals (the deal page). */
  ids?: number[] | undefined;
  /** Who is looking: their own and their organisation's deals show besides the market's. Without one, market deals only. */
  viewer?: DealViewer | undefined;
}

/** A signed-in user as the deal lists see them. */
export interface DealViewer {
  userId: string;
  organizationId: string | null;
}

/** The viewer for a user id (their organisation read from the account). */
export async function dealViewerOf(db: Kysely<Database>, userId: string): Promise<DealViewer> {
  const user = await db.selectFrom('users').select('organization_id').where('id', '=', userId).executeTakeFirst();
  return { userId, organizationId: user?.organization_id ?? null };
}

interface DealRow {
  id: number;
  issuer_id: number;
  name: string;
  display_name: string;
  ticker: string;
  sector_code: string;
  sector_name: string;
  rating_sp: string | null;
  rating_moody: string | null;
  status: DealStatus;
  announced_at: Date | string;
  priced_at: Date | string | null;
  bookrunners: string[] | string;
  use_of_proceeds: string | null;
}

interface TrancheRow {
  id: number;
  deal_id: number;
  tenor_years: number;
  size: string;
  coupon: string | null;
  ipt_spread_bp: string | null;
  guidance_spread_bp: string | null;
  launch_spread_bp: string | null;
  priced_spread_bp: string | null;
  order_book: string | null;
  bond_id: number | null;
  cusip: string | null;
  issue_date: string | null;
  maturity_date: string | null;
  frequency: number | null;
  day_count: string | null;
  /** The tranche's rank and ratings once it is a bond (null while in the market). */
  seniority: string | null;
  rating_sp: string | null;
  rating_moody: string | null;
}

const num = (v: string | number | null | undefined) => (v === null || v === undefined ? null : Number(v));
const iso = (v: Date | string) => (v instanceof Date ? v : new Date(v)).toISOString();
const round = (v: number | null, places: number) =>
  v === null || !Number.isFinite(v) ? null : Math.round(v * 10 ** places) / 10 ** places;

/** Deals announced (New York days) in the filter's range, newest first, fully summarised. */
export async function listDeals(db: Kysely<Database>, filter: DealFilter, now: Date): Promise<DealSummary[]> {
  const { rows } = await sql<DealRow>`
    select d.id, d.issuer_id, i.name, ${issuerDisplayName('i')} as display_name, i.ticker,
           coalesce(sec.code, ind.code) as sector_code, coalesce(sec.name, ind.name) as sector_name,
           r.rating_sp, r.rating_moody, d.status, d.announced_at, d.priced_at, d.bookrunners, d.use_of_proceeds
    from deals d
    join issuers i on i.id = d.issuer_id
    join sectors ind on ind.id = i.sector_id
    left join sectors sec on sec.id = ind.parent_id
    left join lateral (
      -- The issuer's rating at the deal: its tranches' bonds once priced, else its newest bond.
      select b.rating_sp, b.rating_moody from bonds b
      where b.issuer_id = d.issuer_id and (d.priced_at is null or b.issue_date <= d.priced_at::date + 7)
      order by (b.id in (select t.bond_id from deal_tranches t where t.deal_id = d.id)) desc, b.issue_date desc, b.id desc limit 1
    ) r on true
    where (d.announced_at at time zone 'America/New_York')::date between ${filter.from}::date and ${filter.to}::date
      and (${filter.status ?? null}::text is null or d.status = ${filter.status ?? null})
      and (${filter.sector ?? null}::text is null or coalesce(sec.code, ind.code) = ${filter.sector ?? null})
      and (${filter.ids ?? null}::int4[] is null or d.id = any(${filter.ids ?? null}::int4[]))
      -- Market deals for everyone; a banker's own deals for them and their organisation.
      and (d.created_by is null or d.created_by = ${filter.viewer?.userId ?? null}
           or (d.organization_id is not null and d.organization_id = ${filter.viewer?.organizationId ?? null}))
    order by d.announced_at desc, d.id desc`.execute(db);
  const deals = rows.filter((r) => !filter.rating || ratingClassOf(compositeRating(r.rating_sp, r.rating_moody)) === filter.rating);
  if (deals.length === 0) return [];
  const ids = deals.map((d) => d.id);
  const tranches = await sql<TrancheRow>`
    select t.id, t.deal_id, t.tenor_years, t.size, t.coupon, t.ipt_spread_bp, t.guidance_spread_bp, t.launch_spread_bp,
           t.priced_spread_bp, t.order_book, t.bond_id, b.cusip, to_char(b.issue_date, 'YYYY-MM-DD') as issue_date,
           to_char(b.maturity_date, 'YYYY-MM-DD') as maturity_date, b.frequency, b.day_count, b.seniority,
           b.rating_sp, b.rating_moody
    from deal_tranches t left join bonds b on b.id = t.bond_id
    where t.deal_id = any(${ids}::int4[]) order by t.deal_id, t.tenor_years, t.id`.execute(db);
  const timeline = await db
    .selectFrom('deal_status_history')
    .select(['deal_id', 'status', 'at'])
    .where('deal_id', 'in', ids)
    .orderBy('at')
    .orderBy('id')
    .execute();
  const out: DealSummary[] = [];
  for (const d of deals) {
    const own = tranches.rows.filter((t) => t.deal_id === d.id);
    const totalSize = own.reduce((s, t) => s + Number(t.size), 0);
    if (filter.minSize !== undefined && totalSize < filter.minSize) continue;
    out.push({
      id: d.id,
      issuer: { id: d.issuer_id, name: d.name, displayName: d.display_name, ticker: d.ticker },
      sector: { code: d.sector_code, name: d.sector_name },
      ratingSp: d.rating_sp,
      ratingMoody: d.rating_moody,
      ratingClass: ratingClassOf(compositeRating(d.rating_sp, d.rating_moody)),
      status: d.status,
      announcedAt: iso(d.announced_at),
      pricedAt: d.priced_at === null ? null : iso(d.priced_at),
      timeline: timeline.filter((h) => h.deal_id === d.id).map((h) => ({ status: h.status, at: iso(h.at) })),
      bookrunners: typeof d.bookrunners === 'string' ? (JSON.parse(d.bookrunners) as string[]) : d.bookrunners,
      useOfProceeds: d.use_of_proceeds,
      totalSize,
      tranches: await summariseTranches(db, d, own, now),
    });
  }
  return out;
}

/**
 * The New York business day a deal is priced against: its pricing day, or today while it is still
 * in the market — rolled to the next business day when that is a weekend or a holiday.
 */
export function pricingDayOf(deal: { priced_at: Date | string | null }, now: Date): string {
  return businessDayOnOrAfter(newYorkToday(deal.priced_at === null ? now : new Date(deal.priced_at)));
}

async function summariseTranches(db: Kysely<Database>, deal: DealRow, rows: TrancheRow[], now: Date): Promise<Tranche[]> {
  const day = pricingDayOf(deal, now);
  const close = await closeBefore(db, day);
  const points = close ? await issuerPoints(db, deal.issuer_id, close) : [];
  const bucket = seniorBucket(points, deal.rating_sp, deal.rating_moody);
  const sectorCurve = close ? await sectorRatingCurve(db, deal.sector_code, bucket, close) : null;
  const curve = deal.priced_at === null ? null : await treasuryCurveOn(db, day);
  return rows.map((t) => {
    const ipt = num(t.ipt_spread_bp);
    const latest = num(t.priced_spread_bp) ?? num(t.launch_spread_bp) ?? num(t.guidance_spread_bp) ?? ipt;
    const size = Number(t.size);
    const book = num(t.order_book);
    // Against the issuer's curve of the tranche's rank (senior unsecured until it is a bond) or its
    // senior curve notched for the rank; none, with the reason, when neither is credible.
    const tranche = t.rating_sp !== null || t.rating_moody !== null ? dealBucket(t.rating_sp, t.rating_moody) : null;
    const read = fairValueForRank(t.tenor_years, points, t.seniority, sectorCurve, { issuer: bucket, tranche });
    const fair = read.spreadBp === null ? null : read;
    const priced = num(t.priced_spread_bp);
    const reofferYield = curve && priced !== null ? interpolateCurve(curve, t.tenor_years) + priced / 1e4 : null;
    return {
      id: t.id,
      tenorYears: t.tenor_years,
      size,
      coupon: num(t.coupon),
      iptSpreadBp: ipt,
      guidanceSpreadBp: num(t.guidance_spread_bp),
      launchSpreadBp: num(t.launch_spread_bp),
      pricedSpreadBp: priced,
      tighteningBp: ipt !== null && latest !== null ? round(ipt - latest, 1) : null,
      orderBook: book,
      cover: book !== null && size > 0 ? round(book / size, 2) : null,
      reofferYield: round(reofferYield, 7),
      reofferPrice: round(reofferPriceOf(t, reofferYield), 4),
      fairValueBp: fair ? round(fair.spreadBp, 1) : null,
      fairValueMethod: read.spreadBp === null ? read.reason : read.method,
      concessionBp: fair && latest !== null ? round(latest - fair.spreadBp, 1) : null,
      bondId: t.bond_id,
      cusip: t.cusip,
    };
  });
}

/** The clean price of the tranche's coupon at the reoffer yield, settling on its issue date. */
function reofferPriceOf(t: TrancheRow, reofferYield: number | null): number | null {
  const coupon = num(t.coupon);
  if (reofferYield === null || coupon === null || !t.issue_date || !t.maturity_date || !t.frequency || !t.day_count) return null;
  try {
    const issue = parseDate(t.issue_date);
    const bond = createBond({
      issueDate: issue,
      maturityDate: parseDate(t.maturity_date),
      coupon,
      frequency: t.frequency as Frequency,
      dayCount: t.day_count as DayCountCode,
      endOfMonth: false,
      redemption: 100,
    });
    return priceFromYield(settle(bond, issue), reofferYield);
  } catch {
    return null;
  }
}

/** Monday of the week of a day. */
export function mondayOf(day: string): string {
  const dow = new Date(`${day}T00:00:00Z`).getUTCDay();
  return addDays(day, -((dow + 6) % 7));
}
