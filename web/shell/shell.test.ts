import { afterEach, describe, expect, it, vi } from 'vitest';
import { darkModeManager, readColorScheme } from '../theme';
import { isChrome, maybeShowChromeNotice, shouldShowChromeNotice } from './browserNotice';
import { installLoadingClass } from './loadingClass';
import { shortcutFor } from './shortcuts';

const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';
const EDGE = `${CHROME} Edg/131.0.0.0`;
const SAFARI = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Safari/605.1.15';

afterEach(() => vi.useRealTimers());

describe('keyboard shortcuts (spec §2)', () => {
  const input = document.createElement('input');
  const key = (k: string, extra: Partial<KeyboardEvent> = {}) =>
    ({ key: k, ctrlKey: false, altKey: false, metaKey: false, shiftKey: false, target: document.body, ...extra }) as KeyboardEvent;

  it('backslash toggles fullscreen', () => expect(shortcutFor(key('\\'))).toBe('fullscreen'));
  it('backslash while typing in an input does nothing', () => expect(shortcutFor(key('\\', { target: input }))).toBeNull());
  it('ctrl+d toggles dark mode', () => {
    expect(shortcutFor(key('d', { ctrlKey: true }))).toBe('darkMode');
    expect(shortcutFor(key('D', { ctrlKey: true, shiftKey: true }))).toBe('darkMode');
  });
  it('plain d does nothing', () => expect(shortcutFor(key('d'))).toBeNull());
});

describe('dark mode storage', () => {
  it('is dark by default and stored as T or F', () => {
    expect(readColorScheme()).toBe('dark');
    darkModeManager.set('light');
    expect(localStorage.getItem('bw.darkMode')).toBe('F');
    expect(darkModeManager.get('dark')).toBe('light');
    darkModeManager.set('dark');
    expect(localStorage.getItem('bw.darkMode')).toBe('T');
    expect(readColorScheme()).toBe('dark');
  });
});

describe('Chrome recommendation notice (spec §2)', () => {
  it('Chrome is recognised; Edge, Firefox and Safari are not', () => {
    expect(isChrome(CHROME)).toBe(true);
    expect(isChrome(EDGE)).toBe(false);
    expect(isChrome(FIREFOX)).toBe(false);
    expect(isChrome(SAFARI)).toBe(false);
  });

  it('shows only to logged-out non-Chrome users', () => {
    expect(shouldShowChromeNotice(FIREFOX, false, 0)).toBe(true);
    expect(shouldShowChromeNotice(FIREFOX, true, 0)).toBe(false);
    expect(shouldShowChromeNotice(CHROME, false, 0)).toBe(false);
  });

  it('shows at most 3 times, counted in local storage', () => {
    const show = vi.fn();
    for (let i = 0; i < 5; i++) maybeShowChromeNotice(FIREFOX, false, show);
    expect(show).toHaveBeenCalledTimes(3);
    expect(localStorage.getItem('bw.chromeNoticeCount')).toBe('3');
  });
});

describe('loading class (spec §4 Other)', () => {
  it('appears after 1 s when the app is still loading, and goes when ready', () => {
    vi.useFakeTimers();
    const done = installLoadingClass(() => false);
    vi.advanceTimersByTime(999);
    expect(document.body.classList.contains('bw-loading')).toBe(false);
    vi.advanceTimersByTime(1);
    expect(document.body.classList.contains('bw-loading')).toBe(true);
    done();
    expect(document.body.classList.contains('bw-loading')).toBe(false);
  });

  it('never appears when the app is ready within 1 s', () => {
    vi.useFakeTimers();
    const done = installLoadingClass(() => false);
    done();
    vi.advanceTimersByTime(2000);
    expect(document.body.classList.contains('bw-loading')).toBe(false);
  });
});
