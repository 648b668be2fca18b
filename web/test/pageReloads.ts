/**
 * Test helper: counts the page reloads the app asked the browser for. jsdom cannot reload, so it
 * reports each `location.reload()` as a "not implemented" navigation on its virtual console; we
 * listen there, at the browser boundary, instead of replacing one of our own modules.
 */
interface JsdomError extends Error {
  type?: string;
}
interface JsdomGlobal {
  jsdom: { virtualConsole: { on(event: 'jsdomError', listener: (error: JsdomError) => void): void } };
}

let reloads = 0;
(globalThis as unknown as JsdomGlobal).jsdom.virtualConsole.on('jsdomError', (error) => {
  if (error.type === 'not-implemented' && error.message.includes('navigation')) reloads += 1;
});

/** Page reloads since the last `forgetPageReloads()` (the web setup forgets them after each test). */
export const pageReloads = (): number => reloads;

export function forgetPageReloads(): void {
  reloads = 0;
}
