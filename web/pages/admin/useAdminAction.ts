import { useState } from 'react';
import { apiErrorText } from '../../api/errorText';

/**
 * An admin page's actions: which one is running (by key, for its button's spinner), the last
 * refusal as a sentence, and `run`, which clears the refusal, runs the call, keeps its error and
 * finally runs `after` (a refresh) whatever happened.
 */
export function useAdminAction() {
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const run = async (key: string, call: () => Promise<unknown>, after?: () => Promise<unknown>): Promise<void> => {
    setBusy(key);
    setError(null);
    try {
      await call();
    } catch (err) {
      setError(apiErrorText(err));
    } finally {
      setBusy(null);
      await after?.();
    }
  };
  return { busy, error, run };
}
