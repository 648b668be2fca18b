/**
 * The "use Chrome" notice of spec §2: non-Chrome browsers, while logged out, at most 3 times
 * (count in local storage).
 */
import { CHROME_NOTICE_MAX, STORAGE_KEYS } from '@common/constants';

/** True for Google Chrome / Chromium (not Edge, Opera, Samsung Internet, etc.). */
export function isChrome(userAgent: string): boolean {
  if (!/(Chrome|Chromium|CriOS)\//.test(userAgent)) return false;
  return !/(Edg|EdgA|EdgiOS|OPR|Opera|SamsungBrowser|YaBrowser|Vivaldi|Brave)\//.test(userAgent);
}

/** Whether the notice is due. */
export function shouldShowChromeNotice(userAgent: string, loggedIn: boolean, shownCount: number): boolean {
  return !loggedIn && !isChrome(userAgent) && shownCount < CHROME_NOTICE_MAX;
}

export function readChromeNoticeCount(): number {
  try {
    const n = Number(localStorage.getItem(STORAGE_KEYS.chromeNoticeCount) ?? '0');
    return Number.isFinite(n) ? n : 0;
  } catch {
    return CHROME_NOTICE_MAX;
  }
}

/** Shows the notice if due (and counts it). Returns true when shown. */
export function maybeShowChromeNotice(userAgent: string, loggedIn: boolean, show: () => void): boolean {
  const count = readChromeNoticeCount();
  if (!shouldShowChromeNotice(userAgent, loggedIn, count)) return false;
  try {
    localStorage.setItem(STORAGE_KEYS.chromeNoticeCount, String(count + 1));
  } catch {
    /* ignore */
  }
  show();
  return true;
}
