import type { FeatureName } from '@common/features';
import type { HawkRule } from '@common/api/hawkRules';
import { GATED_DATA } from '../../policies/gatedData';
import { ServiceRefusal } from '../refusal';
import { bodyRefusal } from '../../../common/api/shared';

/**
 * Market hawk reads gated data too (S&P rating changes): a rule on it is refused at save and at
 * backtest without the datum's feature, and its firings are skipped for an owner who has lost
 * the feature since (server/policies/gatedData.ts). Other agencies of the same rule still fire.
 */
export function assertRuleReadable(rule: HawkRule, features: ReadonlySet<FeatureName>): void {
  if (rule.kind !== 'rating') return;
  for (const datum of GATED_DATA) {
    const gated = datum.hawkRatingAgency;
    if (gated && rule.agencies.includes(gated.agency) && !features.has(datum.feature)) {
      throw new ServiceRefusal(
        'forbidden',
        bodyRefusal(
          'rule.agencies',
          `must not include ${gated.label}: alerts on them need the feature "${datum.feature}", which your account does not have`,
        ),
      );
    }
  }
}

/** Whether an owner with these features may be told of a rating change by this agency. */
export function ratingAgencyReadable(agency: string, features: ReadonlySet<FeatureName>): boolean {
  return GATED_DATA.every((d) => d.hawkRatingAgency?.agency !== agency || features.has(d.feature));
}
