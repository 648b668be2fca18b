/**
 * A page's choices held in the URL's query string (?metric=yield&from=2026-01-02): the one way a
 * page reads and changes them, so that every page treats the back button and removal alike.
 */
import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

/** New values by name; `null` removes a choice. An empty string is kept (some pages mean "chosen, not filled in"). */
export type UrlChoiceChanges = Record<string, string | null>;

/**
 * How a change enters the browser's history: `replace` edits the current entry (a filter or view
 * choice, so the back button does not step through every keystroke); `push` adds one (a drill step
 * the back button should walk back up).
 */
export type UrlChoiceHistory = 'replace' | 'push';

/** The query string with the changes applied; the other choices are kept as they were. */
export function withChoices(current: URLSearchParams, changes: UrlChoiceChanges): URLSearchParams {
  const next = new URLSearchParams(current);
  for (const [name, value] of Object.entries(changes)) {
    if (value === null) next.delete(name);
    else next.set(name, value);
  }
  return next;
}

export function useUrlChoices() {
  const [params, setParams] = useSearchParams();
  const setChoices = useCallback(
    (changes: UrlChoiceChanges, history: UrlChoiceHistory = 'replace') =>
      setParams((current) => withChoices(current, changes), { replace: history === 'replace' }),
    [setParams],
  );
  return { params, setChoices };
}

export type SetUrlChoices = ReturnType<typeof useUrlChoices>['setChoices'];
