/**
 * Saves an opened pricing sheet as it changes, PREFERENCES_SAVE_DEBOUNCE_MS after the last change
 * (the preferences' debounce). Saves run one at a time, each on the version the previous one made;
 * a save the server refuses because the sheet moved on elsewhere (409) is kept, not lost, and the
 * page offers to reload the saved sheet or to keep this one over it. Leaving the page saves what
 * is pending.
 */
import { PREFERENCES_SAVE_DEBOUNCE_MS } from '@common/constants';
import type { PricingSheet, PricingSheetContent } from '@common/api/pricingSheets';
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { ApiError } from '../../api/client';
import { apiErrorText } from '../../api/errorText';
import { pricingSheetsApi } from './pricingSheetsApi';

export interface SheetDraft {
  name: string;
  notes: string;
  content: PricingSheetContent;
}

export type SaveState =
  | { kind: 'saved'; version: number }
  | { kind: 'pending' }
  | { kind: 'saving' }
  | { kind: 'invalid'; problem: string }
  | { kind: 'conflict'; message: string }
  | { kind: 'failed'; message: string };

/** `problem` says why a draft cannot be saved yet (it is kept until it can). */
export function useSheetAutosave(
  sheet: PricingSheet,
  problem: (draft: SheetDraft) => string | null,
  onSaved: (saved: PricingSheet) => void,
) {
  const version = useRef(sheet.version);
  const unsaved = useRef<SheetDraft | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const queue = useRef<Promise<void>>(Promise.resolve());
  const [state, setState] = useState<SaveState>({ kind: 'saved', version: sheet.version });
  // The caller's functions through a ref: a new one each render must not re-arm the save on leaving.
  const callbacks = useRef({ problem, onSaved });
  useLayoutEffect(() => {
    callbacks.current = { problem, onSaved };
  });

  const saveNow = useCallback(async () => {
    const draft = unsaved.current;
    if (!draft) return;
    const why = callbacks.current.problem(draft);
    if (why) {
      setState({ kind: 'invalid', problem: why });
      return;
    }
    unsaved.current = null;
    setState({ kind: 'saving' });
    try {
      const saved = await pricingSheetsApi.update(sheet.id, { baseVersion: version.current, ...draft });
      version.current = saved.version;
      callbacks.current.onSaved(saved);
      if (!unsaved.current) setState({ kind: 'saved', version: saved.version });
    } catch (error) {
      unsaved.current ??= draft;
      if (error instanceof ApiError && error.status === 409) setState({ kind: 'conflict', message: apiErrorText(error) });
      else setState({ kind: 'failed', message: apiErrorText(error) });
    }
  }, [sheet.id]);

  /** Runs a save after those already under way. */
  const save = useCallback(() => {
    timer.current = null;
    queue.current = queue.current.then(saveNow);
    return queue.current;
  }, [saveNow]);

  const change = useCallback(
    (draft: SheetDraft) => {
      unsaved.current = draft;
      setState({ kind: 'pending' });
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(() => void save(), PREFERENCES_SAVE_DEBOUNCE_MS);
    },
    [save],
  );

  /** Saves what is pending now and waits for every save under way. */
  const flush = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    return save();
  }, [save]);

  /** The sheet as the server now has it (reloaded or restored): nothing left to save. */
  const reset = useCallback((current: PricingSheet) => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    unsaved.current = null;
    version.current = current.version;
    setState({ kind: 'saved', version: current.version });
  }, []);

  /** After a conflict: save this page's sheet over the one saved elsewhere. */
  const overwrite = useCallback(async () => {
    version.current = (await pricingSheetsApi.get(sheet.id)).version;
    return save();
  }, [sheet.id, save]);

  useEffect(
    () => () => {
      if (timer.current) {
        clearTimeout(timer.current);
        void save();
      }
    },
    [save],
  );

  return { state, change, flush, reset, overwrite, version: () => version.current };
}
