/**
 * `useFeature(name)`: true when the feature is usable here (spec §4 Features): on a production
 * host only at level 2, elsewhere at level 1 or more. The rule itself lives in common/features.
 */
import { isFeatureUsable, type FeatureName } from '@common/features';
import { isProductionHost } from './hosts';
import { useFeatureStore } from './store';

/** Non-React check (loaders, services). */
export function featureUsable(name: FeatureName, onProductionHost: boolean = isProductionHost()): boolean {
  return isFeatureUsable(useFeatureStore.getState().levels[name], onProductionHost);
}

/** React hook: re-renders when the feature's level changes. */
export function useFeature(name: FeatureName, onProductionHost: boolean = isProductionHost()): boolean {
  const level = useFeatureStore((s) => s.levels[name]);
  return isFeatureUsable(level, onProductionHost);
}

export { useFeatureStore } from './store';
