import { vi } from 'vitest';

/**
 * jsdom has no 2D canvas (getContext answers null), and the chart library draws on one in
 * animation frames, so a page test that renders a chart fails after its last check. This gives
 * every canvas a context that draws nothing and measures each character 6 px wide. Call it in a
 * test (or beforeEach); vi.restoreAllMocks() undoes it.
 */
export function stubCanvas2d(): void {
  const noop = () => undefined;
  const gradient = { addColorStop: noop };
  const context: object = new Proxy(
    {},
    {
      get: (kept: Record<PropertyKey, unknown>, key) => {
        if (key in kept) return kept[key];
        if (key === 'measureText')
          return (text: string) => ({ width: text.length * 6, actualBoundingBoxAscent: 8, actualBoundingBoxDescent: 2 });
        if (key === 'createLinearGradient' || key === 'createRadialGradient') return () => gradient;
        if (key === 'getLineDash') return () => [];
        return noop;
      },
      set: (kept: Record<PropertyKey, unknown>, key, value) => {
        kept[key] = value;
        return true;
      },
    },
  );
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(() => context as never);
}
