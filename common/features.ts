/**
 * Feature flags of spec §3 and the usability rule of spec §4 Features.
 */

export const FEATURE_NAMES = [
  'blog',
  'bond_market_index',
  'bond_table_discount_margin',
  'help',
  'intercom',
  'market_hawk_basic',
  'market_bond_table',
  'mixpanel',
  'new_issue_calculator',
  'new-issue-calculator-download-xlsx',
  'new-issue-calculator-new-deal',
  'primary_deal_messaging',
  's_and_p_ratings',
  'sparklines',
  'term_structure_change_visual_bond',
  'term_structure_change_non_delta_metrics',
  'tooltips',
  'sharing_collaboration',
] as const;
export type FeatureName = (typeof FEATURE_NAMES)[number];

export const FEATURE_LEVELS = [0, 1, 2] as const;
export type FeatureLevel = (typeof FEATURE_LEVELS)[number];

/** Level that enableFeatures sets (and the only level usable on production hosts). */
export const FEATURE_LEVEL_ENABLED: FeatureLevel = 2;

/**
 * A feature is usable on a production host only at level 2, elsewhere at level 1 or more.
 */
export function isFeatureUsable(level: FeatureLevel | undefined, onProductionHost: boolean): boolean {
  if (level === undefined) return false;
  return onProductionHost ? level >= 2 : level >= 1;
}
