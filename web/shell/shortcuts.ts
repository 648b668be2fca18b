/**
 * Keyboard shortcuts of spec §2: backslash toggles fullscreen (not while typing),
 * ctrl+d toggles dark mode.
 */

export type Shortcut = 'fullscreen' | 'darkMode';

/** True when the event comes from a place where the user types. */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!target || !(target instanceof Element)) return false;
  const element = target as HTMLElement;
  if (element.isContentEditable) return true;
  return ['INPUT', 'TEXTAREA', 'SELECT'].includes(element.tagName);
}

/** Which shortcut (if any) a keydown event means. */
export function shortcutFor(event: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'altKey' | 'metaKey' | 'shiftKey' | 'target'>): Shortcut | null {
  if (event.ctrlKey && !event.altKey && !event.metaKey && event.key.toLowerCase() === 'd') return 'darkMode';
  if (event.key === '\\' && !event.ctrlKey && !event.altKey && !event.metaKey && !isTypingTarget(event.target)) {
    return 'fullscreen';
  }
  return null;
}

/** Enters or leaves fullscreen. */
export function toggleFullscreen(doc: Document = document): void {
  if (doc.fullscreenElement) void doc.exitFullscreen?.().catch(() => {});
  else void doc.documentElement.requestFullscreen?.().catch(() => {});
}
