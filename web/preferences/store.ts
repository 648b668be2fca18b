/**
 * UI preferences (spec §3 UI preferences, §4 Other, §9): loaded with the server's defaults
 * (GET /v2/user/{id}/preferences), changed locally at once, and saved (PUT, whole object) 1 s
 * after the last change — a burst of column drags or sort clicks makes one request.
 * Pending changes are flushed on logout, before the session goes away.
 */
import { create } from 'zustand';
import { USER_PATHS, preferencesResponseSchema, type PreferencesResponse, type UiPreferences } from '@common/api/user';
import { PREFERENCES_SAVE_DEBOUNCE_MS } from '@common/constants';
import { api } from '../api/client';
import { onLogout } from '../stores/logout';
import { useSession } from '../stores/session';

export type PreferenceSection = keyof UiPreferences;
const SECTIONS: readonly PreferenceSection[] = ['bonds', 'bondHistory', 'help', 'market'];

/** The preferences calls of the user contract (common/api/user.ts). */
export const preferencesApi = {
  load: async (userId: string): Promise<PreferencesResponse> =>
    preferencesResponseSchema.parse(await api.get(USER_PATHS.preferences({ id: userId }))),
  /** `keepalive` lets the request outlive the page (a save started as the user leaves or reloads). */
  save: async (userId: string, preferences: UiPreferences, options: { keepalive?: boolean } = {}): Promise<PreferencesResponse> =>
    preferencesResponseSchema.parse(await api.put(USER_PATHS.preferences({ id: userId }), { preferences }, options)),
};

/** Stored values over defaults, section by section (a stored section only overrides its own keys). */
export function effectivePreferences(stored: UiPreferences, defaults: UiPreferences): UiPreferences {
  const result: UiPreferences = {};
  for (const section of SECTIONS) {
    if (!stored[section] && !defaults[section]) continue;
    (result as Record<string, unknown>)[section] = { ...defaults[section], ...stored[section] };
  }
  return result;
}

/** Applies a patch section by section (keys of a patched section are merged, not replaced wholesale). */
export function mergePreferences(base: UiPreferences, patch: UiPreferences): UiPreferences {
  const result: UiPreferences = { ...base };
  for (const section of SECTIONS) {
    if (patch[section] === undefined) continue;
    (result as Record<string, unknown>)[section] = { ...base[section], ...patch[section] };
  }
  return result;
}

export type PreferencesStatus = 'idle' | 'loading' | 'ready' | 'error';

export interface PreferencesState {
  userId: string | null;
  status: PreferencesStatus;
  /** What the user has set (saved or about to be). */
  stored: UiPreferences;
  defaults: UiPreferences;
  /** True while a change waits for its debounced save. */
  dirty: boolean;
  load: (userId: string) => Promise<void>;
  /** Changes preferences now and schedules the save (debounced by PREFERENCES_SAVE_DEBOUNCE_MS). */
  update: (patch: UiPreferences | ((current: UiPreferences) => UiPreferences)) => void;
  /** Saves a pending change immediately. */
  /** Saves a pending change now (`keepalive` when the page is going away). */
  flush: (options?: { keepalive?: boolean }) => Promise<void>;
  reset: () => void;
}

let timer: ReturnType<typeof setTimeout> | null = null;
let loading: Promise<void> | null = null;

export const usePreferencesStore = create<PreferencesState>()((set, get) => {
  async function save(keepalive = false): Promise<void> {
    timer = null;
    const { userId, stored } = get();
    if (!userId || !get().dirty) return;
    set({ dirty: false });
    try {
      const response = keepalive ? await preferencesApi.save(userId, stored, { keepalive }) : await preferencesApi.save(userId, stored);
      // Keep local changes made while the request was under way; take the server's defaults.
      set((state) => (state.dirty ? { defaults: response.defaults } : { stored: response.preferences, defaults: response.defaults }));
    } catch (error) {
      console.warn('Saving preferences failed', error);
      set({ dirty: true });
    }
  }

  return {
    userId: null,
    status: 'idle',
    stored: {},
    defaults: {},
    dirty: false,

    load: (userId) => {
      if (get().userId === userId && get().status !== 'idle' && get().status !== 'error') return loading ?? Promise.resolve();
      set({ userId, status: 'loading' });
      loading = preferencesApi
        .load(userId)
        .then(
          (response) => {
            if (get().userId !== userId) return;
            set((state) => ({
              status: 'ready',
              defaults: response.defaults,
              // Changes made before the load finished win over what was stored.
              stored: state.dirty ? mergePreferences(response.preferences, state.stored) : response.preferences,
            }));
          },
          (error: unknown) => {
            console.warn('Loading preferences failed', error);
            if (get().userId === userId) set({ status: 'error' });
          },
        )
        .finally(() => (loading = null));
      return loading;
    },

    update: (patch) => {
      set((state) => ({
        stored:
          typeof patch === 'function' ? patch(effectivePreferences(state.stored, state.defaults)) : mergePreferences(state.stored, patch),
        dirty: true,
      }));
      if (timer) clearTimeout(timer);
      timer = setTimeout(() => void save(), PREFERENCES_SAVE_DEBOUNCE_MS);
    },

    flush: async (options = {}) => {
      if (timer) clearTimeout(timer);
      await save(options.keepalive === true);
    },

    reset: () => {
      if (timer) clearTimeout(timer);
      timer = null;
      set({ userId: null, status: 'idle', stored: {}, defaults: {}, dirty: false });
    },
  };
});

// Leaving or reloading the page within the debounce would lose the last change: save it on the way out.
if (typeof window !== 'undefined') {
  window.addEventListener('pagehide', () => {
    if (usePreferencesStore.getState().dirty) void usePreferencesStore.getState().flush({ keepalive: true });
  });
}

// Logout: save what is pending while the session still exists; forget everything once it is gone.
onLogout(() => usePreferencesStore.getState().flush());
useSession.subscribe((session, previous) => {
  if (previous.accessToken && !session.accessToken) usePreferencesStore.getState().reset();
});
