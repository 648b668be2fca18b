/**
 * Enumerations of spec §3, as readonly tuples (for zod `z.enum(...)`, selects and loops)
 * plus their union types.
 */

export const MARKET_AREAS = ['market', 'primary', 'secondary'] as const;
export type MarketArea = (typeof MARKET_AREAS)[number];

export const JOB_FUNCTIONS = [
  'analyst',
  'banking',
  'broker',
  'dcm',
  'desk_analyst',
  'management',
  'market_data',
  'other',
  'pm',
  'research',
  'sales',
  'syndicate',
  'trader',
  'trading',
] as const;
export type JobFunction = (typeof JOB_FUNCTIONS)[number];

export const SENIORITIES = [
  'analyst',
  'assistant_treasurer',
  'associate',
  'cfo',
  'director',
  'executive_director',
  'group_head',
  'intern',
  'managing_director',
  'other',
  'senior_management',
  'treasurer',
  'treasury',
  'vice_president',
] as const;
export type Seniority = (typeof SENIORITIES)[number];

export const ORGANIZATION_TYPES = ['buyside', 'corporate', 'other', 'sellside'] as const;
export type OrganizationType = (typeof ORGANIZATION_TYPES)[number];

export const TRIAL_STATES = ['trial', 'trialEnded', 'trialEnding', 'trialExtension'] as const;
export type TrialState = (typeof TRIAL_STATES)[number];

export const NOTIFICATION_TYPES = ['markethawkalert', 'other', 'unreadmessage'] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

export const NOTIFICATION_CATEGORIES = ['markethawk', 'new_primary_deals', 'other', 'primary_deal_messaging'] as const;
export type NotificationCategory = (typeof NOTIFICATION_CATEGORIES)[number];

/**
 * Bond table columns of spec §3 (41), with the risk to the workout date (duration, DV01, convexity) beside the risk to maturity,
 * and the market-data source the row's terms and prints come from.
 */
export const BOND_TABLE_COLUMNS = [
  'amountIssued',
  'bondIdentifier',
  'changeConfidence',
  'changeGSpread',
  'changePrice',
  'changeTSpread',
  'changeYTC',
  'changeYTM',
  'changeYTW',
  'confidence',
  'convexityToWorst',
  'corpStruct',
  'countryOfRisk',
  'coupon',
  'currentYield',
  'description',
  'discountMargin',
  'displayName',
  'duration',
  'durationToWorst',
  'dv01',
  'dv01ToWorst',
  'entityName',
  'gSpread',
  'isBenchmark',
  'issueDate',
  'issuer',
  'maturityDate',
  'moneyMarketYield360',
  'nextCallDate',
  'price',
  'ratingMoody',
  'ratingSP',
  'seniority',
  'source',
  'startConfidence',
  'tSpread',
  'tenor',
  'ticker',
  'treasury',
  'volume',
  'volumePercentChange',
  'yieldToCall',
  'yieldToMaturity',
  'yieldToWorst',
] as const;
export type BondTableColumn = (typeof BOND_TABLE_COLUMNS)[number];

/** Default bond table sort when the user has none (spec §3 UI preferences). */
export const DEFAULT_BOND_SORT = { column: 'volume', descending: true } as const;
