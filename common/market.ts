/**
 * Market vocabulary shared by server and web: tenor buckets, the rating scales and their
 * buckets, sectors, seniorities and Treasury tenors. Extend it, but keep the ids stable: they are
 * API values and stored codes.
 */

/**
 * Tenor buckets by REMAINING years to maturity, named by the benchmark point they stand for
 * (a market summary cell "IG 10Y" averages bonds maturing in (8.5, 15] years). Lower bound
 * exclusive, upper inclusive; the last bucket is open-ended.
 */
export const TENOR_BUCKETS = [
  { id: '1Y', minYears: 0, maxYears: 1.5 },
  { id: '2Y', minYears: 1.5, maxYears: 2.5 },
  { id: '3Y', minYears: 2.5, maxYears: 4 },
  { id: '5Y', minYears: 4, maxYears: 6 },
  { id: '7Y', minYears: 6, maxYears: 8.5 },
  { id: '10Y', minYears: 8.5, maxYears: 15 },
  { id: '20Y', minYears: 15, maxYears: 25 },
  { id: '30Y', minYears: 25, maxYears: Number.POSITIVE_INFINITY },
] as const;
export type TenorBucket = (typeof TENOR_BUCKETS)[number]['id'];
export const TENOR_BUCKET_IDS = TENOR_BUCKETS.map((b) => b.id) as unknown as readonly [TenorBucket, ...TenorBucket[]];

/** The bucket of a remaining maturity in years (≤ 0 counts as the shortest bucket). */
export function tenorBucketOf(years: number): TenorBucket {
  for (const b of TENOR_BUCKETS) if (years <= b.maxYears) return b.id;
  return '30Y';
}

/** S&P long-term scale, best first. BBB- and better is investment grade. */
export const SP_RATINGS = [
  'AAA',
  'AA+',
  'AA',
  'AA-',
  'A+',
  'A',
  'A-',
  'BBB+',
  'BBB',
  'BBB-',
  'BB+',
  'BB',
  'BB-',
  'B+',
  'B',
  'B-',
  'CCC+',
  'CCC',
  'CCC-',
  'CC',
  'C',
  'D',
] as const;
export type SpRating = (typeof SP_RATINGS)[number];

/** Moody's long-term scale, best first. Baa3 and better is investment grade. */
export const MOODY_RATINGS = [
  'Aaa',
  'Aa1',
  'Aa2',
  'Aa3',
  'A1',
  'A2',
  'A3',
  'Baa1',
  'Baa2',
  'Baa3',
  'Ba1',
  'Ba2',
  'Ba3',
  'B1',
  'B2',
  'B3',
  'Caa1',
  'Caa2',
  'Caa3',
  'Ca',
  'C',
] as const;
export type MoodyRating = (typeof MOODY_RATINGS)[number];

/** Letter-grade buckets (S&P letters without +/-); CCC collects CCC+ down to D. */
export const RATING_BUCKETS = ['AAA', 'AA', 'A', 'BBB', 'BB', 'B', 'CCC'] as const;
export type RatingBucket = (typeof RATING_BUCKETS)[number];

/** Credit classes: investment grade and high yield. */
export const RATING_CLASSES = ['IG', 'HY'] as const;
export type RatingClass = (typeof RATING_CLASSES)[number];

/** The letter bucket of an S&P rating, or null for an unknown text. */
export function ratingBucketOf(sp: string | null | undefined): RatingBucket | null {
  if (!sp) return null;
  const i = (SP_RATINGS as readonly string[]).indexOf(sp);
  if (i < 0) return null;
  if (i >= SP_RATINGS.indexOf('CCC+')) return 'CCC';
  return sp.replace(/[+-]$/, '') as RatingBucket;
}

/** IG or HY of an S&P rating, or null for an unknown text. */
export function ratingClassOf(sp: string | null | undefined): RatingClass | null {
  if (!sp) return null;
  const i = (SP_RATINGS as readonly string[]).indexOf(sp);
  if (i < 0) return null;
  return i <= SP_RATINGS.indexOf('BBB-') ? 'IG' : 'HY';
}

/**
 * The S&P notch a Moody's rating stands for (the scales line up notch for notch down to Caa3;
 * Ca is CC and C is C), or null for an unknown text.
 */
export function spEquivalentOfMoody(moody: string | null | undefined): SpRating | null {
  if (!moody) return null;
  const i = (MOODY_RATINGS as readonly string[]).indexOf(moody.trim());
  return i < 0 ? null : SP_RATINGS[i]!;
}

/**
 * The composite rating the screens classify a bond by — IG/HY, letter buckets, market segments,
 * the rating filter, the new-issue classes: the lower of its S&P and Moody's ratings (Moody's
 * mapped notch for notch onto the S&P scale), or the one it has. This is the index rule for two
 * agencies, so a bond any agency rates high yield is high yield on every screen, whichever
 * agency a person sees (docs/market-data.md, "Rating basis").
 */
export function compositeRating(sp: string | null | undefined, moody: string | null | undefined): SpRating | null {
  const spNotch = sp ? (SP_RATINGS as readonly string[]).indexOf(sp.trim().toUpperCase()) : -1;
  const moodyNotch = moody ? (MOODY_RATINGS as readonly string[]).indexOf(moody.trim()) : -1;
  const notch = Math.max(spNotch, moodyNotch);
  return notch < 0 ? null : SP_RATINGS[notch]!;
}

/** S&P ratings in a letter bucket or credit class. */
export function spRatingsIn(group: RatingBucket | RatingClass): SpRating[] {
  return SP_RATINGS.filter((r) => ratingBucketOf(r) === group || ratingClassOf(r) === group);
}

// ---- names the simulator's reference data imports ----------------------------------------------

/** Index of BBB- / Baa3 in the scales: notches at or above it (numerically ≤) are IG. */
export const LAST_IG_NOTCH = 9;

/** Credit segment of a bond: investment grade or high yield. */
export type Segment = RatingClass;

/** Day-count conventions a stored bond can have (the analytics engine knows ACT/365F too). */
export const BOND_DAY_COUNTS = ['30/360', 'ACT/ACT', 'ACT/360'] as const;
export type BondDayCount = (typeof BOND_DAY_COUNTS)[number];

/** The side of a reported trade (TRACE): a customer buying or selling, or two dealers. */
export const TRADE_SIDES = ['customer_buy', 'customer_sell', 'inter_dealer'] as const;
export type TradeSide = (typeof TRADE_SIDES)[number];

/**
 * Why the pricer does not believe a print (trades.flag): a 'bad print' is through Treasuries by
 * more than half a point (every print at a negative yield is); an 'off-market' one was rejected by
 * the outlier rule of the close of its day. Such prints stay on the tape as printed, marked, and
 * are never priced from.
 */
export const TRADE_FLAGS = ['bad print', 'off-market'] as const;
export type TradeFlag = (typeof TRADE_FLAGS)[number];
export const TRADE_FLAG_LABELS: Record<TradeFlag, string> = { 'bad print': 'Bad print', 'off-market': 'Off-market' };

/** What each market-data source is called on screen (bonds.source, trades.source). */
export function sourceLabel(source: string): string {
  if (source === 'simulator') return 'Simulator (invented market)';
  if (source === 'finra-public') return 'FINRA TRACE public data (end-of-day last sales)';
  if (source === 'import') return 'File import';
  return source;
}

/** The short name of a source, for a table cell (sourceLabel is the full one). */
export function sourceShortLabel(source: string): string {
  if (source === 'simulator') return 'Simulator';
  if (source === 'finra-public') return 'FINRA TRACE';
  if (source === 'import') return 'File import';
  return source;
}

/** How a bond pays interest: a fixed coupon, no coupon, or an index plus a quoted margin. */
export const COUPON_TYPES = ['fixed', 'zero', 'floating'] as const;
export type CouponType = (typeof COUPON_TYPES)[number];

// ---- sectors, seniorities and treasury tenors (simulator, importers and screens) -------------

/** The 11 sectors (GICS-style top level). `code` is stable and stored in `sectors.code`. */
export const SECTORS = [
  { code: 'COMM', name: 'Communication Services' },
  { code: 'COND', name: 'Consumer Discretionary' },
  { code: 'CONS', name: 'Consumer Staples' },
  { code: 'ENRG', name: 'Energy' },
  { code: 'FINL', name: 'Financials' },
  { code: 'HLTH', name: 'Health Care' },
  { code: 'INDU', name: 'Industrials' },
  { code: 'INFT', name: 'Information Technology' },
  { code: 'MATR', name: 'Materials' },
  { code: 'REAL', name: 'Real Estate' },
  { code: 'UTIL', name: 'Utilities' },
] as const;
export type SectorCode = (typeof SECTORS)[number]['code'];
export const SECTOR_CODES = SECTORS.map((s) => s.code) as unknown as readonly [SectorCode, ...SectorCode[]];
export const SECTOR_NAMES = SECTORS.map((s) => s.name);

/** Bond seniorities as stored in `bonds.seniority`. */
export const BOND_SENIORITIES = ['Senior Secured', 'Senior Unsecured', 'Subordinated', 'Junior Subordinated'] as const;
export type BondSeniority = (typeof BOND_SENIORITIES)[number];

/** Treasury par curve tenors (as the US Treasury publishes them) with their length in years. */
export const TREASURY_TENORS = [
  { tenor: '1M', years: 1 / 12 },
  { tenor: '2M', years: 2 / 12 },
  { tenor: '3M', years: 3 / 12 },
  { tenor: '4M', years: 4 / 12 },
  { tenor: '6M', years: 6 / 12 },
  { tenor: '1Y', years: 1 },
  { tenor: '2Y', years: 2 },
  { tenor: '3Y', years: 3 },
  { tenor: '5Y', years: 5 },
  { tenor: '7Y', years: 7 },
  { tenor: '10Y', years: 10 },
  { tenor: '20Y', years: 20 },
  { tenor: '30Y', years: 30 },
] as const;
export type TreasuryTenor = (typeof TREASURY_TENORS)[number]['tenor'];

/** The stages of a new-issue deal, in order (stored in `deals.status`). */
export const DEAL_STATUSES = ['announced', 'initial_price_talk', 'guidance', 'launched', 'priced'] as const;
export type DealStatus = (typeof DEAL_STATUSES)[number];
