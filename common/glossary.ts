/**
 * The glossary of the bond table (spec §3 columns): for every column what it is, its unit and how
 * it is worked out, in words. One definition used by the column header tooltips (feature
 * `tooltips`), the column chooser and the help centre's glossary article (indexed for search).
 * Typed as a Record over the column list, so a new column without an entry does not compile; a
 * test checks every entry is filled in. `TERMS_GLOSSARY` adds the bond terms the bond page shows
 * that are not columns (the make-whole call), in the same article.
 */
import type { BondTableColumn } from './enums';

export interface GlossaryEntry {
  /** The column's name as people say it. */
  term: string;
  /** One line with the unit: the compact tooltip of the column chooser. */
  short: string;
  /** What the value is, in a sentence or two. */
  definition: string;
  /** Unit of the value ("text" when it is a name or code). */
  unit: string;
  /** How it is worked out or where it comes from, in words. */
  formula: string;
}

export const GLOSSARY: Record<BondTableColumn, GlossaryEntry> = {
  description: {
    term: 'Description',
    short: 'Ticker, coupon (%) and maturity',
    definition: 'The short name a desk uses for a bond: the issuer ticker, the coupon and the maturity date.',
    unit: 'text',
    formula: 'Ticker, then the coupon rate in percent, then the maturity date (for example "AAPL 4.65 02/23/46").',
  },
  bondIdentifier: {
    term: 'CUSIP',
    short: 'CUSIP identifier',
    definition: 'The nine-character CUSIP that identifies the bond issue in US settlement and trade reporting.',
    unit: 'text (9 characters)',
    formula: 'From the bond reference data; the ninth character is a check digit over the first eight.',
  },
  ticker: {
    term: 'Ticker',
    short: 'Issuer ticker',
    definition: "The issuer's short code, usually its equity ticker, shared by all bonds of the issuer group.",
    unit: 'text',
    formula: 'From the bond reference data.',
  },
  issuer: {
    term: 'Issuer',
    short: 'Issuer group (parent issuer)',
    definition: 'The parent issuer the bond belongs to; subsidiaries and financing vehicles roll up to it.',
    unit: 'text',
    formula: "The issuing entity's parent group in the reference data.",
  },
  entityName: {
    term: 'Entity',
    short: 'Legal issuing entity',
    definition: 'The legal entity that issued the bond and owes its payments (it can differ from the parent issuer).',
    unit: 'text',
    formula: 'From the bond reference data (the obligor on the prospectus).',
  },
  displayName: {
    term: 'Name',
    short: "Issuing entity's short name",
    definition: "A readable short name of the issuing entity, as the product's lists show it.",
    unit: 'text',
    formula: "The entity's display name kept by the administrators, otherwise the legal name shortened.",
  },
  ratingSP: {
    term: 'S&P rating',
    short: 'S&P long-term rating',
    definition: "S&P Global's long-term issue credit rating, from AAA (highest) down to D (in default).",
    unit: 'rating (AAA … D)',
    formula: 'As published by S&P; shown only with the S&P ratings feature.',
  },
  ratingMoody: {
    term: "Moody's rating",
    short: "Moody's long-term rating",
    definition: "Moody's long-term rating of the issue, from Aaa (highest) down to C. Baa3 and above is investment grade.",
    unit: 'rating (Aaa … C)',
    formula: "As published by Moody's.",
  },
  seniority: {
    term: 'Seniority',
    short: 'Rank in the capital structure',
    definition: 'Where the bond ranks among the issuer’s debts if it fails: secured, senior unsecured, subordinated and so on.',
    unit: 'text',
    formula: 'From the bond reference data (the ranking stated in the prospectus).',
  },
  source: {
    term: 'Source',
    short: "Market-data source of the bond's terms and prints",
    definition:
      "Where the bond's reference data and the prints its evaluated price rests on come from: the built-in simulator (an invented market), FINRA's TRACE public data (end-of-day last sales, one print a day for bonds that traded) or a file an admin imported. The evaluated price itself is always Bondwise's own, worked from that source's prints and the Treasury curve.",
    unit: 'text',
    formula: 'The source that loaded the bond (bonds.source); the bond page names it in full beside its terms.',
  },
  corpStruct: {
    term: 'Corporate structure',
    short: 'Corporate structure of the issuer (OpCo / HoldCo)',
    definition:
      'Whether the issuing entity is the operating company (OpCo) or a holding company (HoldCo); holding-company debt is structurally behind operating-company debt.',
    unit: 'text (OpCo / HoldCo)',
    formula: 'From the bond reference data.',
  },
  countryOfRisk: {
    term: 'Country of risk',
    short: 'Country of risk',
    definition: 'The country whose economy and laws mostly drive the credit risk of the issuer.',
    unit: 'country code (ISO 3166)',
    formula: 'From the bond reference data.',
  },
  coupon: {
    term: 'Coupon',
    short: 'Annual coupon rate, % (floaters: the quoted margin is in the terms)',
    definition: 'The interest the bond pays each year as a percentage of its face value.',
    unit: '% per year of face value',
    formula: 'Fixed in the terms; each payment is the coupon divided by the payments per year, times the face value.',
  },
  issueDate: {
    term: 'Issue date',
    short: 'Issue date',
    definition: 'The day the bond was issued and began to accrue interest.',
    unit: 'date',
    formula: 'From the bond reference data.',
  },
  maturityDate: {
    term: 'Maturity date',
    short: 'Maturity date',
    definition: 'The day the face value is repaid and the last coupon is paid.',
    unit: 'date',
    formula: 'From the bond reference data.',
  },
  nextCallDate: {
    term: 'Next call date',
    short: 'Next call date',
    definition: 'The next day on which the issuer may repay the bond early (empty for bullet bonds).',
    unit: 'date',
    formula: 'The first date of the call schedule that is after today.',
  },
  tenor: {
    term: 'Tenor',
    short: 'Remaining years to maturity (years)',
    definition: 'How long the bond has left until it matures.',
    unit: 'years',
    formula: 'Days from today to the maturity date divided by 365.25.',
  },
  isBenchmark: {
    term: 'Benchmark',
    short: 'Benchmark bond of its issuer',
    definition: 'Marks the bond the market uses as its issuer’s reference at that maturity (large, liquid, recently issued).',
    unit: 'yes / no',
    formula: 'Set in the reference data for the most liquid bond of an issuer in each tenor bucket.',
  },
  treasury: {
    term: 'Treasury benchmark',
    short: 'Benchmark Treasury point the T-spread is measured against',
    definition: 'The on-the-run Treasury maturity (2, 3, 5, 7, 10, 20 or 30 years) the bond is quoted against.',
    unit: 'Treasury tenor',
    formula: 'The on-the-run Treasury whose maturity is nearest the bond’s maturity (or its call date when it trades to call).',
  },
  amountIssued: {
    term: 'Amount issued',
    short: 'Amount issued, USD par (MM = millions, K = thousands)',
    definition: 'The face value of the bond sold at issue (plus any re-openings).',
    unit: 'USD par (MM = millions, K = thousands)',
    formula: 'From the bond reference data.',
  },
  price: {
    term: 'Price',
    short: 'Evaluated clean price, per 100 face',
    definition: "The product's evaluated clean price: what the bond is worth now, without accrued interest.",
    unit: 'per 100 of face value',
    formula:
      'Recent trades of the bond weighted by size and age, blended with the price the issuer and sector spread curve gives when trades are few or old.',
  },
  changePrice: {
    term: 'Price change',
    short: 'Price change vs previous close, points per 100 face',
    definition: 'How far the evaluated price has moved since the previous close.',
    unit: 'points per 100 of face value',
    formula: 'Price now minus the price at the previous business day’s close.',
  },
  yieldToMaturity: {
    term: 'Yield to maturity (YTM)',
    short: 'Yield to maturity, %',
    definition: 'The annual return of buying at the price and holding to maturity with every coupon reinvested at the same rate.',
    unit: '% per year',
    formula: 'The rate that discounts all remaining coupons and the repayment at maturity to the price plus accrued interest.',
  },
  changeYTM: {
    term: 'YTM change',
    short: 'Yield-to-maturity change vs previous close, bp',
    definition: 'How far the yield to maturity has moved since the previous close.',
    unit: 'basis points (1 bp = 0.01%)',
    formula: 'Yield to maturity now minus at the previous close, times 100.',
  },
  yieldToCall: {
    term: 'Yield to call (YTC)',
    short: 'Yield to next call, %',
    definition: 'The annual return if the issuer repays the bond at the next call date and call price.',
    unit: '% per year',
    formula: 'The rate that discounts the coupons until the next call date and the call price to the price plus accrued interest.',
  },
  changeYTC: {
    term: 'YTC change',
    short: 'Yield-to-call change vs previous close, bp',
    definition: 'How far the yield to call has moved since the previous close.',
    unit: 'basis points',
    formula: 'Yield to call now minus at the previous close, times 100.',
  },
  yieldToWorst: {
    term: 'Yield to worst (YTW)',
    short: 'Yield to worst, %',
    definition:
      'The lowest yield the holder can get if the issuer acts against them: the lower of the yield to maturity and every yield to call.',
    unit: '% per year',
    formula: 'The minimum of the yield to maturity and the yields to each remaining call date.',
  },
  changeYTW: {
    term: 'YTW change',
    short: 'Yield-to-worst change vs previous close, bp',
    definition: 'How far the yield to worst has moved since the previous close.',
    unit: 'basis points',
    formula: 'Yield to worst now minus at the previous close, times 100.',
  },
  currentYield: {
    term: 'Current yield',
    short: 'Current yield: annual coupon / clean price, %',
    definition: 'The income return of the bond at today’s price, ignoring the pull to par.',
    unit: '% per year',
    formula: 'Annual coupon divided by the clean price, times 100.',
  },
  moneyMarketYield360: {
    term: 'Money-market yield (360)',
    short: 'Money-market yield on a 360-day basis, %',
    definition: 'The yield restated the way money-market instruments are quoted, on an actual/360 day count.',
    unit: '% per year (actual/360)',
    formula: 'The simple-interest yield to maturity scaled by 360 over 365 days.',
  },
  gSpread: {
    term: 'G-spread',
    short: 'G-spread: yield over the interpolated Treasury curve, bp',
    definition: 'How much more the bond yields than a Treasury of exactly the same maturity.',
    unit: 'basis points',
    formula: 'Yield to worst minus the Treasury par yield interpolated at the bond’s remaining life, times 100.',
  },
  changeGSpread: {
    term: 'G-spread change',
    short: 'G-spread change vs previous close, bp',
    definition: 'How far the G-spread has moved since the previous close (positive = wider).',
    unit: 'basis points',
    formula: 'G-spread now minus G-spread at the previous close.',
  },
  tSpread: {
    term: 'T-spread',
    short: 'T-spread: yield over the benchmark Treasury, bp',
    definition: 'How much more the bond yields than its benchmark on-the-run Treasury; the spread new issues are quoted at.',
    unit: 'basis points',
    formula: 'Yield to worst minus the yield of the benchmark Treasury (the Treasury column), times 100.',
  },
  changeTSpread: {
    term: 'T-spread change',
    short: 'T-spread change vs previous close, bp',
    definition: 'How far the T-spread has moved since the previous close (positive = wider).',
    unit: 'basis points',
    formula: 'T-spread now minus T-spread at the previous close.',
  },
  discountMargin: {
    term: 'Discount margin',
    short: 'Discount margin of a floater over its index, bp',
    definition: 'For floating-rate notes: the margin over the reference index that discounts the projected payments to the price.',
    unit: 'basis points',
    formula:
      'The spread added to the index forward rates that makes the discounted coupons and repayment equal to the price plus accrued interest. Shown only with the discount-margin feature.',
  },
  duration: {
    term: 'Modified duration to maturity',
    short: 'Modified duration to maturity, years',
    definition:
      'How sensitive the price is to yield: the percentage price change for a 1% change in yield, with every payment up to maturity (floaters: up to the next reset). For a callable trading to a call, see duration to worst.',
    unit: 'years',
    formula: 'Macaulay duration (the present-value-weighted average time of the payments) divided by one plus the yield per period.',
  },
  durationToWorst: {
    term: 'Modified duration to worst',
    short: 'Modified duration to the workout date (yield-to-worst date), years',
    definition:
      'The duration desks and index providers quote for a callable: that of the bond as if redeemed on its workout date, the call date (or maturity) giving the yield to worst. The same as duration to maturity when the worst date is the maturity.',
    unit: 'years',
    formula: 'Modified duration of the payments up to the workout date, with the call price paid there, at the yield to worst.',
  },
  dv01: {
    term: 'DV01 to maturity',
    short: 'Price change for a 1 bp yield move, to maturity, per 100 face',
    definition: 'The money value of one basis point: how much the price moves when the yield to maturity moves by 0.01%.',
    unit: 'price points per 100 face per bp',
    formula: 'Modified duration to maturity times the full price divided by 10,000.',
  },
  dv01ToWorst: {
    term: 'DV01 to worst',
    short: 'Price change for a 1 bp yield move, to the workout date, per 100 face',
    definition:
      'The money value of one basis point for a callable priced to its workout date (the yield-to-worst date); the same as DV01 to maturity when the worst date is the maturity.',
    unit: 'price points per 100 face per bp',
    formula: 'Modified duration to worst times the full price divided by 10,000.',
  },
  convexityToWorst: {
    term: 'Convexity to worst',
    short: 'Convexity to the workout date (yield-to-worst date), years squared',
    definition:
      'How much duration itself changes as the yield moves, for a callable priced to its workout date (the call date, or maturity, giving the yield to worst): the second-order term desks add to duration for a large move. The same as convexity to maturity when the worst date is the maturity; convexity to maturity is on the bond page. Empty for floaters.',
    unit: 'years squared',
    formula:
      'The second derivative of the full price with respect to the yield to worst, divided by the full price, over the payments up to the workout date with the call price paid there.',
  },
  volume: {
    term: 'Volume',
    short: "Today's traded par volume, USD (MM = millions, K = thousands)",
    definition: 'The face value traded in the bond today, as reported to TRACE.',
    unit: 'USD par (MM = millions, K = thousands)',
    formula: 'Sum of today’s reported trade sizes (capped trades count at their cap: 5MM investment grade, 1MM high yield).',
  },
  volumePercentChange: {
    term: 'Volume change',
    short: "Today's volume vs the 20-day average, %",
    definition: 'How busy the bond is today compared with its usual day.',
    unit: '%',
    formula: 'Today’s volume divided by the average daily volume of the last 20 business days, minus one, times 100.',
  },
  confidence: {
    term: 'Confidence',
    short: 'Confidence in the evaluated price, 0–100',
    definition:
      'How far the evaluated price can be trusted: high when the bond traded recently in size, low when the price rests on the curve model.',
    unit: 'score 0–100',
    formula: 'Grows with the number, size and recency of trades behind the price and falls as the model’s share of the price grows.',
  },
  changeConfidence: {
    term: 'Confidence change',
    short: 'Confidence change vs previous close, points (0–100 scale)',
    definition: 'How much the confidence score has changed since the previous close.',
    unit: 'points on the 0–100 scale',
    formula: 'Confidence now minus the confidence at the previous close (Start conf).',
  },
  startConfidence: {
    term: 'Start confidence',
    short: 'Confidence at the previous close, 0–100',
    definition: 'The confidence score the price had at the previous business day’s close.',
    unit: 'score 0–100',
    formula: 'The confidence stored with the previous close’s evaluated price.',
  },
};

/** Bond terms shown on the bond page that are not bond-table columns; in the same help article. */
export const TERMS_GLOSSARY = {
  makeWhole: {
    term: 'Make-whole call',
    short: 'Make-whole call: spread over Treasuries (bp) and the day it runs until',
    definition:
      'The issuer may redeem the bond before the par call date (or, with no par call, before maturity) by paying the greater of par and the present value of the remaining payments discounted at the Treasury yield plus a fixed spread — "T+20" is 20 basis points — so holders are made whole. From the par call date the bond is callable at par (the call schedule). Read from the pricing term sheet; not used in the evaluated price, which models the call schedule only.',
    unit: 'basis points over Treasuries; a date',
    formula:
      'Spread: as the term sheet states it ("T+20 bps", "Treasury Rate plus 20 basis points", "Treasury Yield plus 0.20%" is 20). Until: the par call date stated, else the maturity.',
  },
} as const satisfies Record<string, GlossaryEntry>;

/** The tooltip text of a column: definition, unit and formula. */
export function glossaryTooltip(entry: GlossaryEntry): string {
  return `${entry.definition} Unit: ${entry.unit}. How: ${entry.formula}`;
}
