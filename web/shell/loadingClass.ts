/**
 * Spec §4 Other / §9: a loading class on <body> after 1 s of start-up if the app is still loading.
 */
import { LOADING_CLASS, LOADING_CLASS_DELAY_MS } from '@common/constants';

/**
 * Adds LOADING_CLASS to body after `delayMs` unless `isReady()`; removes it once `onReady` fires.
 * Returns the callback to call when ready.
 */
export function installLoadingClass(isReady: () => boolean, delayMs: number = LOADING_CLASS_DELAY_MS): () => void {
  const timer = setTimeout(() => {
    if (!isReady()) document.body.classList.add(LOADING_CLASS);
  }, delayMs);
  return () => {
    clearTimeout(timer);
    document.body.classList.remove(LOADING_CLASS);
  };
}
