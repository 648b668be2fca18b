/**
 * Feature flags (spec §3, §4 Features, §6): named features with level 0, 1 or 2.
 * The user-info `features` list enables flags; `enableFeatures` sets named features to level 2.
 */
import { create } from 'zustand';
import { FEATURE_LEVEL_ENABLED, FEATURE_NAMES, type FeatureLevel, type FeatureName } from '@common/features';

export type FeatureLevels = Partial<Record<FeatureName, FeatureLevel>>;

/** What the server may send for a feature: a bare name (enabled) or a name with a level. */
export type FeatureEntry = string | { name: string; level?: number | null };

export interface FeatureState {
  levels: FeatureLevels;
  /** Whether the levels come from this session's user info (false until it answers, and after logout). */
  known: boolean;
  /** Sets the named features to level 2 (spec §4 Features). Unknown names are ignored. */
  enableFeatures: (names: readonly string[]) => void;
  /** Replaces all levels from a user-info features list. */
  setFromUserInfo: (entries: readonly FeatureEntry[] | null | undefined) => void;
  /** Forgets every flag (logout). */
  reset: () => void;
}

function isFeatureName(name: string): name is FeatureName {
  return (FEATURE_NAMES as readonly string[]).includes(name);
}

function toLevel(level: number | null | undefined): FeatureLevel {
  if (level === 0 || level === 1 || level === 2) return level;
  return FEATURE_LEVEL_ENABLED;
}

/** Turns a user-info features list into levels (bare names mean level 2). */
export function levelsFromEntries(entries: readonly FeatureEntry[] | null | undefined): FeatureLevels {
  const levels: FeatureLevels = {};
  for (const entry of entries ?? []) {
    const name = typeof entry === 'string' ? entry : entry.name;
    if (!isFeatureName(name)) continue;
    levels[name] = typeof entry === 'string' ? FEATURE_LEVEL_ENABLED : toLevel(entry.level);
  }
  return levels;
}

export const useFeatureStore = create<FeatureState>()((set) => ({
  levels: {},
  known: false,
  enableFeatures: (names) =>
    set((state) => {
      const levels = { ...state.levels };
      for (const name of names) if (isFeatureName(name)) levels[name] = FEATURE_LEVEL_ENABLED;
      return { levels };
    }),
  setFromUserInfo: (entries) => set({ levels: levelsFromEntries(entries), known: true }),
  reset: () => set({ levels: {}, known: false }),
}));
