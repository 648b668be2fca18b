/**
 * `usePreferences()`: the logged-in user's UI preferences (stored over defaults) and `update`,
 * which applies a change at once and saves it 1 s after the last change.
 *
 *   const { preferences, update } = usePreferences();
 *   const sort = preferences.bonds?.primarySort ?? DEFAULT_BOND_SORT.column;
 *   update({ bonds: { primarySort: 'yieldToWorst', primaryDescending: true } });
 */
import { useEffect, useMemo } from 'react';
import type { UiPreferences } from '@common/api/user';
import { useUserId } from '../session/tokens';
import { effectivePreferences, usePreferencesStore, type PreferencesStatus } from './store';

export interface UsePreferences {
  preferences: UiPreferences;
  defaults: UiPreferences;
  status: PreferencesStatus;
  ready: boolean;
  update: (patch: UiPreferences | ((current: UiPreferences) => UiPreferences)) => void;
}

export function usePreferences(): UsePreferences {
  const userId = useUserId();
  const stored = usePreferencesStore((s) => s.stored);
  const defaults = usePreferencesStore((s) => s.defaults);
  const status = usePreferencesStore((s) => s.status);
  const loadedFor = usePreferencesStore((s) => s.userId);
  const update = usePreferencesStore((s) => s.update);
  useEffect(() => {
    if (userId && (loadedFor !== userId || status === 'idle')) void usePreferencesStore.getState().load(userId);
  }, [userId, loadedFor, status]);
  const preferences = useMemo(() => effectivePreferences(stored, defaults), [stored, defaults]);
  return { preferences, defaults, status, ready: status === 'ready', update };
}

export { usePreferencesStore } from './store';
