/**
 * Vitest jsdom setup: the browser APIs Mantine needs (matchMedia, ResizeObserver, document.fonts), a clean DOM
 * and storage between tests.
 */
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { forgetPageReloads } from './pageReloads';

// How long findBy/waitFor wait for what a person would see: a render that takes seconds on a
// loaded machine is still a render (the test's own limit, vitest.config.ts, catches a hang).
configure({ asyncUtilTimeout: 20_000 });

if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: (query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: vi.fn(),
      removeListener: vi.fn(),
      addEventListener: vi.fn(),
      removeEventListener: vi.fn(),
      dispatchEvent: vi.fn(),
    }),
  });
}

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
if (!('ResizeObserver' in window)) {
  Object.defineProperty(window, 'ResizeObserver', { writable: true, value: ResizeObserverStub });
  Object.defineProperty(globalThis, 'ResizeObserver', { writable: true, value: ResizeObserverStub });
}

// Mantine's autosize Textarea re-measures when web fonts finish loading; jsdom has no FontFaceSet.
if (!('fonts' in document)) Object.defineProperty(document, 'fonts', { configurable: true, value: new EventTarget() });

if (!Element.prototype.scrollIntoView) Element.prototype.scrollIntoView = () => {};

afterEach(() => {
  cleanup();
  // A test that answers the API at the HTTP boundary (web/test/apiServer.ts) stubs fetch.
  vi.unstubAllGlobals();
  forgetPageReloads();
  localStorage.clear();
  document.cookie.split(';').forEach((c) => {
    const name = c.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; path=/; max-age=0`;
  });
});
