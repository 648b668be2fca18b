import { fireEvent } from '@testing-library/react';
import { vi } from 'vitest';
import { PREFERENCES_SAVE_DEBOUNCE_MS } from '@common/constants';

/**
 * Clicks, then lets the saved-view delay pass on a hand clock: a save the click scheduled is sent
 * by the time this returns, so a test can then say whether one was (never a wait on real time).
 */
export function clickPastSaveDelay(target: Element): void {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  try {
    fireEvent.click(target);
    vi.advanceTimersByTime(PREFERENCES_SAVE_DEBOUNCE_MS + 1);
  } finally {
    vi.useRealTimers();
  }
}
