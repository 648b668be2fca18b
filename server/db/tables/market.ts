import type { ColumnType, Generated, JSONColumnType } from 'kysely';
import type { BondDayCount, CouponType, DealStatus, TradeFlag, TradeSide } from '../../../common/market';

/**
 * Market data tables. Conventions: prices per 100 face, rates and yields as decimals (0.0575),
 * spreads in basis points, amounts in currency units. `numeric` columns come back as strings
 * (exact); services convert with Number() where float analytics take over.
 */
type Numeric = ColumnType<string, string | number, string | number>;
type NullableNumeric = ColumnType<string | null, string | number | null, string | number | null>;
type DateOnly = ColumnType<string, string, string>;
type NullableDateOnly = ColumnType<string | null, string | null, string | null>;
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

/** Two levels: sector (parent_id null) and industry (parent_id = its sector). */
export interface SectorsTable {
  id: Generated<number>;
  code: string;
  name: string;
  parent_id: number | null;
  /** Bumped by each admin change (stale edits are refused). */
  version: ColumnType<number, number | undefined, number>;
}

export interface IssuersTable {
  id: Generated<number>;
  name: string;
  display_name: string;
  ticker: string;
  /** The industry-level sector. */
  sector_id: number;
  country_of_risk: string;
  corporate_structure: string;
  parent_issuer_id: number | null;
  sec_cik: string | null;
  created_at: Timestamp;
  /** Bumped by each admin change (stale edits are refused). */
  version: ColumnType<number, number | undefined, number>;
  /** Last admin change: the bond-table snapshot re-reads the issuer's bonds after it. */
  updated_at: Timestamp;
}

/** How an issuer or a bond is named in tables, over its reference value (docs/admin.md). */
export interface DisplayNameOverridesTable {
  subject_type: 'issuer' | 'bond';
  subject_id: number;
  display_name: string;
  version: ColumnType<number, number | undefined, number>;
  updated_by: string | null;
  updated_at: Timestamp;
}

/** A person's decision on one review-queue item (the queues are computed; docs/admin.md). */
export interface ReviewDecisionsTable {
  id: Generated<string>;
  queue: string;
  item_key: string;
  bond_id: number | null;
  decision: 'accept' | 'correct' | 'dismiss';
  note: string | null;
  details: JSONColumnType<Record<string, unknown>>;
  decided_by: string | null;
  decided_at: Timestamp;
}

export interface CallScheduleEntry {
  date: string;
  price: number;
}

export interface BondsTable {
  id: Generated<number>;
  cusip: string;
  isin: string;
  issuer_id: number;
  description: string;
  coupon_type: CouponType;
  /** Annual rate as a decimal; 0 for zeros; the current all-in rate is not stored here for FRNs. */
  coupon: Numeric;
  frequency: number;
  day_count: BondDayCount;
  end_of_month: boolean;
  issue_date: DateOnly;
  first_coupon_date: NullableDateOnly;
  maturity_date: DateOnly;
  amount_issued: Numeric;
  amount_outstanding: Numeric;
  seniority: string;
  call_schedule: JSONColumnType<CallScheduleEntry[]>;
  floater_index: string | null;
  quoted_margin: NullableNumeric;
  rating_sp: string | null;
  rating_moody: string | null;
  is_benchmark: boolean;
  tenor_at_issue: number;
  currency: string;
  source: string;
  /** Why the bond has no evaluated price (a coupon structure not modelled); null: priced. */
  not_priced_reason: ColumnType<string | null, string | null | undefined, string | null>;
  /** The make-whole call a term sheet stated: its spread over Treasuries (bp) and the last day it applies; null when none. */
  make_whole_spread_bp: ColumnType<string | null, string | number | null | undefined, string | number | null>;
  make_whole_until: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface BondRatingsTable {
  id: Generated<string>;
  bond_id: number;
  agency: 'sp' | 'moody';
  rating: string;
  effective_date: DateOnly;
}

export interface TreasuryCurvePointsTable {
  curve_date: DateOnly;
  tenor: string;
  years: Numeric;
  yield: Numeric;
  updated_at: Timestamp;
}

/** A version of a day's curve that bonds were priced on (bond_market_state.curve_version_id). */
export interface TreasuryCurveVersionsTable {
  id: Generated<number>;
  curve_date: DateOnly;
  digest: string;
  points: JSONColumnType<{ tenor: string; years: number; yield: number }[]>;
  created_at: Timestamp;
}

export type { TradeSide };

export interface TradesTable {
  id: Generated<string>;
  bond_id: number;
  execution_time: Timestamp;
  /** True par traded. */
  quantity: Numeric;
  /** Par as disseminated: capped at 5MM+ (IG) or 1MM+ (HY). */
  reported_quantity: Numeric;
  quantity_capped: boolean;
  price: Numeric;
  yield: NullableNumeric;
  side: TradeSide;
  reporting_party_type: string;
  ats: boolean;
  status: 'active' | 'cancelled' | 'corrected';
  /** Why the pricer does not believe this print (migration 20261230400000), null when it does. */
  flag: ColumnType<TradeFlag | null, TradeFlag | null | undefined, TradeFlag | null>;
  control_number: string | null;
  source: string;
  created_at: Timestamp;
}

/** Trades whose identifier matches no known bond, kept apart for the admin page. */
export interface TradesMissingBondsTable {
  id: Generated<string>;
  identifier: string;
  execution_time: Timestamp;
  quantity: Numeric;
  price: Numeric;
  side: TradeSide;
  raw: JSONColumnType<Record<string, unknown>>;
  source: string;
  created_at: Timestamp;
}

export interface EvaluatedPricesTable {
  id: Generated<string>;
  bond_id: number;
  price_date: DateOnly;
  kind: 'eod' | 'intraday';
  as_of: Timestamp;
  clean_price: Numeric;
  yield: NullableNumeric;
  g_spread_bp: NullableNumeric;
  confidence: number;
  /** Lineage: trades, curve and model inputs that produced the price. */
  inputs: JSONColumnType<Record<string, unknown>>;
}

export interface DailyBondStatsTable {
  bond_id: number;
  trade_date: DateOnly;
  volume: Numeric;
  trade_count: number;
  high: NullableNumeric;
  low: NullableNumeric;
  vwap: NullableNumeric;
}

/**
 * The bond table's read model: one row per bond with every §3 column, rewritten on each
 * reprice, indexed for server-side sorting.
 */
export interface BondMarketStateTable {
  bond_id: number;
  as_of: Timestamp;
  price: NullableNumeric;
  change_price: NullableNumeric;
  yield_to_maturity: NullableNumeric;
  change_ytm: NullableNumeric;
  yield_to_call: NullableNumeric;
  change_ytc: NullableNumeric;
  yield_to_worst: NullableNumeric;
  change_ytw: NullableNumeric;
  next_call_date: NullableDateOnly;
  g_spread: NullableNumeric;
  change_g_spread: NullableNumeric;
  t_spread: NullableNumeric;
  change_t_spread: NullableNumeric;
  treasury: string | null;
  discount_margin: NullableNumeric;
  /** Modified duration and DV01 to maturity (floaters: to the next reset). */
  duration: NullableNumeric;
  dv01: NullableNumeric;
  /** The same to the workout date (a callable's yield-to-worst date; to maturity otherwise). */
  duration_to_worst: NullableNumeric;
  dv01_to_worst: NullableNumeric;
  /** Convexity to the workout date (years²); null for floaters. */
  convexity_to_worst: NullableNumeric;
  current_yield: NullableNumeric;
  money_market_yield_360: NullableNumeric;
  confidence: number | null;
  start_confidence: number | null;
  change_confidence: number | null;
  volume: Numeric;
  volume_percent_change: NullableNumeric;
  /** The curve version the figures were made on (null: rows written before versions were kept). */
  curve_version_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** Floaters: the current coupon (index fixed at the last reset + margin); null otherwise. */
  current_coupon: ColumnType<string | null, string | number | null | undefined, string | number | null>;
}

export type { DealStatus };

export interface DealsTable {
  id: Generated<number>;
  issuer_id: number;
  status: DealStatus;
  announced_at: Timestamp;
  priced_at: ColumnType<Date | null, Date | string | null, Date | string | null>;
  bookrunners: JSONColumnType<string[]>;
  use_of_proceeds: string | null;
  /** The user who created it from the new-issue calculator (null: a market deal, seen by all). */
  created_by: ColumnType<string | null, string | null | undefined, string | null>;
  /** That user's organisation, whose members see it too. */
  organization_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** Where it came from (the market feed by default). */
  source: ColumnType<
    'market' | 'calculator' | 'admin' | 'edgar',
    'market' | 'calculator' | 'admin' | 'edgar' | undefined,
    'market' | 'calculator' | 'admin' | 'edgar'
  >;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface DealTranchesTable {
  id: Generated<number>;
  deal_id: number;
  tenor_years: number;
  size: Numeric;
  coupon: NullableNumeric;
  ipt_spread_bp: NullableNumeric;
  guidance_spread_bp: NullableNumeric;
  launch_spread_bp: NullableNumeric;
  priced_spread_bp: NullableNumeric;
  concession_bp: NullableNumeric;
  order_book: NullableNumeric;
  bond_id: number | null;
}

export interface DealStatusHistoryTable {
  id: Generated<string>;
  deal_id: number;
  status: DealStatus;
  at: Timestamp;
  /** Spreads per tranche id at this step, and the order book then. */
  details: JSONColumnType<Record<string, unknown>>;
}

export interface MarketTables {
  sectors: SectorsTable;
  issuers: IssuersTable;
  bonds: BondsTable;
  bond_ratings: BondRatingsTable;
  treasury_curve_points: TreasuryCurvePointsTable;
  treasury_curve_versions: TreasuryCurveVersionsTable;
  trades: TradesTable;
  trades_missing_bonds: TradesMissingBondsTable;
  evaluated_prices: EvaluatedPricesTable;
  daily_bond_stats: DailyBondStatsTable;
  bond_market_state: BondMarketStateTable;
  deals: DealsTable;
  deal_tranches: DealTranchesTable;
  deal_status_history: DealStatusHistoryTable;
  display_name_overrides: DisplayNameOverridesTable;
  review_decisions: ReviewDecisionsTable;
}
