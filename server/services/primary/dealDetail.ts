/**
 * One deal's page: the spread path through the stages, the issuer's secondary curve at the close
 * before pricing with the fitted curve, comparable recent deals, and how each priced tranche has
 * traded against reoffer since.
 */
import { type Kysely, sql } from 'kysely';
import type { DealDetailResponse, DealSummary, DealWeeksResponse } from '../../../common/api/primary';
import { addDays, businessDaysFrom, newYorkToday, previousBusinessDay, yearsBetween } from '../../../common/calendar';
import type { DealStatus, RatingClass, SectorCode } from '../../../common/market';
import type { Database } from '../../db/schema';
import { fairValueAt } from './fairValue';
import { type DealViewer, listDeals, mondayOf, pricingDayOf } from './deals';
import { closeBefore, issuerPoints, pointsOfRank, sectorRatingCurve, seniorBucket, treasuryCurveOn } from './secondaryLevels';
import { interpolateCurve, type Curve } from '@analytics/index';

/** Comparable deals: priced in the same sector and credit class within this many days before. */
export const COMPARABLE_DAYS = 90;
/** "Week 1" performance is read on the last trading day within this many business days after pricing. */
const WEEK_CLOSES = 5;

const STAGE_SPREAD: Partial<Record<DealStatus, 'iptSpreadBp' | 'guidanceSpreadBp' | 'launchSpreadBp' | 'pricedSpreadBp'>> = {
  initial_price_talk: 'iptSpreadBp',
  guidance: 'guidanceSpreadBp',
  launched: 'launchSpreadBp',
  priced: 'pricedSpreadBp',
};

/** The deal page, or null for an unknown deal. */
export async function dealDetail(db: Kysely<Database>, id: number, now: Date, viewer: DealViewer): Promise<DealDetailResponse | null> {
  const found = await listDeals(db, { from: '1900-01-01', to: '2199-12-31', ids: [id], viewer }, now);
  const deal = found[0];
  if (!deal) return null;
  const day = pricingDayOf({ priced_at: deal.pricedAt }, now);
  const close = await closeBefore(db, day);
  const points = close ? await issuerPoints(db, deal.issuer.id, close) : [];
  const senior = pointsOfRank(points, null);
  const sectorCurve = close
    ? await sectorRatingCurve(db, deal.sector.code, seniorBucket(points, deal.ratingSp, deal.ratingMoody), close)
    : null;
  const announcedDay = newYorkToday(new Date(deal.announcedAt));
  const comparables = deal.ratingClass
    ? (
        await listDeals(
          db,
          {
            from: addDays(announcedDay, -COMPARABLE_DAYS),
            to: announcedDay,
            status: 'priced',
            rating: deal.ratingClass,
            sector: deal.sector.code as SectorCode,
            viewer,
          },
          now,
        )
      ).filter((d) => d.id !== deal.id)
    : [];
  return {
    deal,
    curveDay: close,
    issuerCurve: {
      points: points.map((p) => ({
        bondId: p.bondId,
        cusip: p.cusip,
        description: p.description,
        tenor: Math.round(p.tenor * 100) / 100,
        spreadBp: p.spreadBp,
        amountOutstanding: p.weight,
      })),
      // The curve the fair values of senior unsecured tranches (most) are read from, so the chart
      // and the tranche table agree for them; a subordinated tranche is read off its own rank's bonds.
      fitted: Array.from({ length: 30 }, (_, i) => ({ tenor: i + 1, fair: fairValueAt(i + 1, senior, sectorCurve) })).flatMap((p) =>
        p.fair ? [{ tenor: p.tenor, spreadBp: Math.round(p.fair.spreadBp * 10) / 10 }] : [],
      ),
    },
    spreadPath: deal.tranches.map((t) => ({
      trancheId: t.id,
      points: deal.timeline.flatMap((step) => {
        const key = STAGE_SPREAD[step.status];
        const spread = key ? t[key] : null;
        return spread === null || spread === undefined ? [] : [{ status: step.status, at: step.at, spreadBp: spread }];
      }),
    })),
    comparables: comparables.slice(0, 10),
    afterPricing: await afterPricing(db, deal),
  };
}

/**
 * Each priced tranche's trading since pricing, day by day: the size-weighted average price and
 * yield of the day's active trades (disseminated sizes), the spread of that yield over the
 * Treasury curve at the bond's remaining tenor, and both against reoffer. Day 1 is the first day
 * it traded, week 1 the last trading day within five business days of pricing, to date the latest.
 */
async function afterPricing(db: Kysely<Database>, deal: DealSummary): Promise<DealDetailResponse['afterPricing']> {
  if (!deal.pricedAt) return [];
  const pricedDay = pricingDayOf({ priced_at: deal.pricedAt }, new Date(deal.pricedAt));
  const weekEnd = businessDaysFrom(addDays(pricedDay, 1), WEEK_CLOSES).at(-1)!;
  const curves = new Map<string, Curve | null>();
  const curveOn = async (day: string) => {
    if (!curves.has(day)) curves.set(day, await treasuryCurveOn(db, day));
    return curves.get(day)!;
  };
  const out: DealDetailResponse['afterPricing'] = [];
  for (const t of deal.tranches) {
    if (t.bondId === null || t.pricedSpreadBp === null) continue;
    const { rows } = await sql<{ day: string; price: string; yield: string | null; maturity: string }>`
      select to_char((tr.execution_time at time zone 'America/New_York')::date, 'YYYY-MM-DD') as day,
             sum(tr.price * tr.reported_quantity) / sum(tr.reported_quantity) as price,
             sum(tr.yield * tr.reported_quantity) filter (where tr.yield is not null)
               / nullif(sum(tr.reported_quantity) filter (where tr.yield is not null), 0) as yield,
             to_char(min(b.maturity_date), 'YYYY-MM-DD') as maturity
      from trades tr join bonds b on b.id = tr.bond_id
      where tr.bond_id = ${t.bondId} and tr.status = 'active' and tr.execution_time >= ${deal.pricedAt}::timestamptz
      group by 1 order by 1`.execute(db);
    const points: DealDetailResponse['afterPricing'][number]['points'] = [];
    for (const r of rows) {
      const curve = r.yield === null ? null : await curveOn(r.day);
      const years = yearsBetween(r.day, r.maturity);
      const spread = curve && r.yield !== null ? (Number(r.yield) - interpolateCurve(curve, years)) * 1e4 : null;
      const price = Number(r.price);
      points.push({
        day: r.day,
        spreadBp: spread === null ? null : Math.round(spread * 10) / 10,
        price: Math.round(price * 1000) / 1000,
        spreadChangeBp: spread === null ? null : Math.round((spread - t.pricedSpreadBp) * 10) / 10,
        priceChange: t.reofferPrice === null ? null : Math.round((price - t.reofferPrice) * 1000) / 1000,
      });
    }
    const at = (p: (typeof points)[number] | undefined) => (p ? { spreadChangeBp: p.spreadChangeBp, priceChange: p.priceChange } : null);
    const inWeek = points.filter((p) => p.day <= weekEnd);
    out.push({ trancheId: t.id, bondId: t.bondId, points, day1: at(points[0]), week1: at(inWeek.at(-1)), toDate: at(points.at(-1)) });
  }
  return out;
}

/**
 * Past deals by week (Monday-based, the newest `weeks` weeks up to the market day): the deals
 * PRICED in each week, by their pricing day (a weekend or holiday pricing rolled to the next
 * business day) — the same deals the new-issue volume page counts for the week.
 */
export async function dealWeeks(
  db: Kysely<Database>,
  q: { weeks: number; rating?: RatingClass | undefined; sector?: SectorCode | undefined; minSize?: number | undefined },
  now: Date,
  viewer: DealViewer,
): Promise<DealWeeksResponse> {
  const today = newYorkToday(now);
  const first = addDays(mondayOf(today), -7 * (q.weeks - 1));
  // Deals are listed by announcement: a high-yield roadshow starts days before its pricing.
  const listed = await listDeals(
    db,
    { from: addDays(first, -30), to: today, rating: q.rating, sector: q.sector, minSize: q.minSize, viewer },
    now,
  );
  const deals = listed.filter((d) => d.status === 'priced' && d.pricedAt !== null);
  const weekOf = (d: DealSummary) => mondayOf(pricingDayOf({ priced_at: d.pricedAt }, now));
  const weeks: DealWeeksResponse['weeks'] = [];
  for (let w = first; w <= today; w = addDays(w, 7)) {
    const inWeek = deals.filter((d) => weekOf(d) === w);
    const priced = inWeek.flatMap((d) => d.tranches);
    const mean = (values: (number | null)[]) => {
      const xs = values.filter((v): v is number => v !== null);
      return xs.length === 0 ? null : Math.round((xs.reduce((s, v) => s + v, 0) / xs.length) * 10) / 10;
    };
    weeks.push({
      weekStart: w,
      deals: inWeek.length,
      tranches: inWeek.reduce((s, d) => s + d.tranches.length, 0),
      volume: inWeek.reduce((s, d) => s + d.totalSize, 0),
      avgConcessionBp: mean(priced.map((t) => t.concessionBp)),
      avgTighteningBp: mean(priced.map((t) => t.tighteningBp)),
      avgCover: mean(priced.map((t) => t.cover)),
    });
  }
  return { weeks: weeks.reverse() };
}

/** The default calendar range: Monday of this market week to today (New York). */
export function thisWeek(now: Date): { from: string; to: string } {
  const today = newYorkToday(now);
  return { from: mondayOf(previousBusinessDay(addDays(today, 1))), to: today };
}
