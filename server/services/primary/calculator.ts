/**
 * The new-issue calculator: for each tranche, the benchmark Treasury, fair value on the issuer's
 * secondary curve (or the sector-and-rating curve for a hypothetical issuer), the expected
 * concession from the deal history (concessionModel.ts), the suggested IPT, reoffer yield, coupon
 * rounded down to the 1/8 and price — with any of those inputs overridden. Spreads are read on the
 * last close before today, as on the deal pages; yields on today's Treasury curve (docs/primary-markets.md).
 */
import { interpolateCurve } from '@analytics/index';
import { type Kysely, sql } from 'kysely';
import type { CalculatorResponse, CalculatorTranche, calculatorRequestSchema } from '../../../common/api/newIssueCalculator';
import {
  type NewTrancheInputs,
  type NewTrancheLevels,
  NegativeYieldError,
  benchmarkTenorOf,
  priceNewTranche,
} from '../../../common/newIssuePricing';
import { addDays, businessDayOnOrAfter, businessDaysEnding, newYorkToday, settlementDayAfter } from '../../../common/calendar';
import { ratingClassOf } from '../../../common/market';
import type { z } from 'zod';
import type { Database } from '../../db/schema';
import { cachedResult } from '../market/queries/common';
import { ServiceRefusal, unknownIssuer } from '../refusal';
import { bodyRefusal } from '../../../common/api/shared';
import { type ConcessionModel, type ConcessionObservation, fitConcessionModel, predictConcession } from './concessionModel';
import { listDeals, pricingDayOf } from './deals';
import { issuerDisplayName } from '../reference/displayNameSql';
import { fairValueForRank } from './fairValue';
import { closeBefore, dealBucket, issuerPoints, sectorRatingCurve, treasuryCurveOn } from './secondaryLevels';

type CalculatorInput = z.output<typeof calculatorRequestSchema>;

/** Priced deals of this many days before today make the concession model's history. */
export const LOOKBACK_DAYS = 180;
/** New issues settle this many business days after pricing (T+3, common for US IG). */
export const NEW_ISSUE_SETTLEMENT_DAYS = 3;
/** Recent book cover: deals priced in this many business days before. */
const RECENT_DAYS = 10;
/** The model is refitted at most this often per pricing day. */
const MODEL_TTL_MS = 10 * 60_000;

/**
 * Bad input the schema cannot see (unknown issuer, a negative yield): 400 naming the field by its
 * dotted path in the body ("tranches.0.fairValueBp"), in the validator's form.
 */
export class CalculatorInputError extends ServiceRefusal {
  constructor(
    readonly field: string,
    readonly reason: string,
  ) {
    super('invalid', bodyRefusal(field, reason));
  }
}

/** The concession model fitted on the LOOKBACK_DAYS of priced deals before `day`, memoised. */
export function concessionModelFor(db: Kysely<Database>, day: string, now: Date): Promise<ConcessionModel> {
  return cachedResult(db, `concessionModel|${day}`, MODEL_TTL_MS, async () => {
    const from = addDays(day, -LOOKBACK_DAYS);
    const to = addDays(day, -1);
    const deals = (await listDeals(db, { from: addDays(from, -30), to, status: 'priced' }, now))
      .filter((d) => d.pricedAt !== null && pricingDayOf({ priced_at: d.pricedAt }, now) < day)
      .map((d) => ({ deal: d, pricedDay: pricingDayOf({ priced_at: d.pricedAt }, now) }))
      .sort((a, b) => (a.pricedDay < b.pricedDay ? -1 : a.pricedDay > b.pricedDay ? 1 : 0));
    const recentCover = (before: string): number | null => {
      const window = businessDaysEnding(addDays(before, -1), RECENT_DAYS)[0]!;
      const covers = deals
        .filter((d) => d.pricedDay >= window && d.pricedDay < before)
        .flatMap((d) => d.deal.tranches.flatMap((t) => (t.cover === null ? [] : [t.cover])));
      return covers.length > 0 ? covers.reduce((a, b) => a + b, 0) / covers.length : null;
    };
    const volatility = await treasuryVolatility(db, addDays(from, -60), day);
    const observations: ConcessionObservation[] = deals
      .filter((d) => d.pricedDay >= from)
      .flatMap(({ deal, pricedDay }) => {
        const cover = recentCover(pricedDay);
        return deal.tranches.flatMap((t) =>
          t.concessionBp === null
            ? []
            : [
                {
                  hy: deal.ratingClass === 'HY',
                  tenorYears: t.tenorYears,
                  size: t.size,
                  recentCover: cover,
                  marketVolBp: volatility(pricedDay),
                  concessionBp: t.concessionBp,
                  tighteningBp: t.tighteningBp,
                },
              ],
        );
      });
    return fitConcessionModel(observations, { from, to, recentCover: recentCover(day), marketVolBp: volatility(day) });
  });
}

/** Curve days of yield changes the market volatility is measured over. */
export const VOLATILITY_DAYS = 20;

/**
 * Market volatility before a day: the standard deviation of the 10-year Treasury yield's daily
 * changes (bp) over the VOLATILITY_DAYS curve days before it; null with fewer than half of them.
 */
async function treasuryVolatility(db: Kysely<Database>, from: string, to: string): Promise<(before: string) => number | null> {
  const rows = await db
    .selectFrom('treasury_curve_points')
    .select([sql<string>`to_char(curve_date, 'YYYY-MM-DD')`.as('day'), 'yield'])
    .where('tenor', '=', '10Y')
    .where('curve_date', '>=', from)
    .where('curve_date', '<', to)
    .orderBy('curve_date')
    .execute();
  const days = rows.map((r) => r.day);
  const changes = rows.map((r, i) => (i === 0 ? null : (Number(r.yield) - Number(rows[i - 1]!.yield)) * 1e4));
  return (before) => {
    let end = days.length;
    while (end > 0 && days[end - 1]! >= before) end--;
    const window = changes.slice(Math.max(1, end - VOLATILITY_DAYS), end).filter((c): c is number => c !== null);
    if (window.length < VOLATILITY_DAYS / 2) return null;
    const m = window.reduce((a, b) => a + b, 0) / window.length;
    return Math.sqrt(window.reduce((a, b) => a + (b - m) ** 2, 0) / (window.length - 1));
  };
}

interface IssuerFacts {
  issuer: CalculatorResponse['issuer'];
  sector: string;
  rating: string | null;
}

/** The issuer's sector (top level) and its rating: that of its largest outstanding bond. */
async function issuerFacts(db: Kysely<Database>, input: CalculatorInput, day: string): Promise<IssuerFacts> {
  if (input.issuerId === undefined) return { issuer: null, sector: input.sector!, rating: input.rating! };
  const row = await db
    .selectFrom('issuers as i')
    .innerJoin('sectors as ind', 'ind.id', 'i.sector_id')
    .leftJoin('sectors as sec', 'sec.id', 'ind.parent_id')
    .select((eb) => [
      'i.id',
      'i.name',
      'i.ticker',
      issuerDisplayName('i').as('displayName'),
      eb.fn.coalesce('sec.code', 'ind.code').as('sector'),
      eb
        .selectFrom('bonds as b')
        .select('b.rating_sp')
        .whereRef('b.issuer_id', '=', 'i.id')
        .where('b.maturity_date', '>', day)
        .where('b.rating_sp', 'is not', null)
        .orderBy('b.amount_outstanding', 'desc')
        .orderBy('b.id')
        .limit(1)
        .as('rating'),
    ])
    .where('i.id', '=', input.issuerId)
    .executeTakeFirst();
  if (!row) throw new CalculatorInputError('issuerId', unknownIssuer(input.issuerId));
  return {
    issuer: { id: row.id, name: row.name, displayName: row.displayName, ticker: row.ticker },
    sector: input.sector ?? row.sector,
    rating: input.rating ?? row.rating,
  };
}

const round = (x: number, digits: number) => Math.round(x * 10 ** digits) / 10 ** digits;

/** The calculator's answer for a request at `now` (New York day). */
export async function newIssueCalculation(db: Kysely<Database>, input: CalculatorInput, now: Date): Promise<CalculatorResponse> {
  // Priced on a weekend or a holiday, a deal is a deal of the next business day.
  const day = businessDayOnOrAfter(newYorkToday(now));
  const close = await closeBefore(db, day);
  if (!close) throw new ServiceRefusal('invalid', 'There is no market close before today: nothing to price against.');
  const facts = await issuerFacts(db, input, day);
  const hy = ratingClassOf(facts.rating) === 'HY';
  const bucket = dealBucket(facts.rating);
  const [points, sectorCurve, treasury, model] = await Promise.all([
    facts.issuer ? issuerPoints(db, facts.issuer.id, close) : Promise.resolve([]),
    sectorRatingCurve(db, facts.sector, bucket, close),
    // Yields from today's curve when it is in; spreads from the close, as on the deal pages.
    treasuryCurveOn(db, day),
    concessionModelFor(db, day, now),
  ]);
  if (!treasury) throw new ServiceRefusal('invalid', `There is no Treasury curve on or before ${day}: nothing to price against.`);
  const settlement = settlementDayAfter(day, NEW_ISSUE_SETTLEMENT_DAYS);
  const tranches = input.tranches.map((t, i): CalculatorTranche => {
    const field = `tranches.${i}`;
    const tranche = `the ${t.tenorYears}-year tranche`;
    const fair =
      t.fairValueBp !== undefined
        ? { spreadBp: t.fairValueBp, method: 'entered' }
        : fairValueForRank(t.tenorYears, points, null, sectorCurve, { issuer: bucket });
    if (fair.spreadBp === null)
      throw new CalculatorInputError(`${field}.fairValueBp`, `must be entered for ${tranche}: ${fair.reason.replace(/^none: /, '')}`);
    const predicted = predictConcession(model, {
      hy,
      tenorYears: t.tenorYears,
      size: t.sizeMm * 1e6,
      recentCover: model.summary.recentCover,
      marketVolBp: model.summary.marketVolBp,
    });
    const concession = t.concessionBp ?? predicted.expectedBp;
    const tightening = t.tighteningBp ?? model.summary.typicalTighteningBp[hy ? 'HY' : 'IG'];
    const benchmarkTenor = benchmarkTenorOf(t.tenorYears);
    // Priced from the levels as the answer shows them (0.1 bp, 1e-7 in yield), so the page,
    // recomputing from the answer, lands on the same coupon and price.
    const benchmarkMarketYield = round(interpolateCurve(treasury, benchmarkTenor), 7);
    const inputs: NewTrancheInputs = {
      tenorYears: t.tenorYears,
      settlementDate: settlement,
      fairValueBp: round(fair.spreadBp, 1),
      concessionBp: concession,
      tighteningBp: tightening,
      treasuryAtTenor: round(interpolateCurve(treasury, t.tenorYears), 7),
      benchmarkMarketYield,
      benchmarkYield: t.benchmarkYield ?? benchmarkMarketYield,
      coupon: t.coupon ?? null,
    };
    let levels: NewTrancheLevels;
    try {
      levels = priceNewTranche(inputs);
    } catch (err) {
      if (!(err instanceof NegativeYieldError)) throw err;
      const culprit = t.benchmarkYield !== undefined ? 'benchmarkYield' : t.concessionBp !== undefined ? 'concessionBp' : 'fairValueBp';
      const negative = `${(err.reofferYield * 100).toFixed(3)}%`;
      throw new CalculatorInputError(
        `${field}.${culprit}`,
        `makes the reoffer yield of ${tranche} negative (${negative}): nothing to price`,
      );
    }
    return {
      tenorYears: t.tenorYears,
      sizeMm: t.sizeMm,
      settlementDate: settlement,
      maturityDate: levels.maturityDate,
      benchmark: {
        tenorYears: benchmarkTenor,
        marketYield: benchmarkMarketYield,
        yield: { value: inputs.benchmarkYield, overridden: t.benchmarkYield !== undefined },
      },
      treasuryAtTenor: inputs.treasuryAtTenor,
      fairValue: {
        spreadBp: inputs.fairValueBp,
        overridden: t.fairValueBp !== undefined,
        method: fair.method,
        issuerBonds: points.length,
      },
      concession:
        t.concessionBp !== undefined
          ? { expectedBp: t.concessionBp, lowBp: null, highBp: null, overridden: true }
          : { ...predicted, overridden: false },
      tighteningBp: { value: tightening, overridden: t.tighteningBp !== undefined },
      iptSpreadBp: levels.iptSpreadBp,
      reofferSpreadBp: levels.reofferSpreadBp,
      spreadToBenchmarkBp: levels.spreadToBenchmarkBp,
      reofferYield: levels.reofferYield,
      coupon: { value: levels.coupon, overridden: t.coupon !== undefined },
      price: levels.price,
    };
  });
  return {
    pricingDay: day,
    curveDay: close,
    issuer: facts.issuer,
    sector: facts.sector,
    rating: facts.rating,
    ratingClass: hy ? 'HY' : 'IG',
    tranches,
    model: model.summary,
  };
}
