/**
 * Keyboard: y / s / p / v switch the market metric (yield, spread, price, volume) on the market
 * screens, unless the user is typing in a field or holds a modifier (ctrl+d etc. belong to the shell).
 */
import { useEffect, useRef } from 'react';
import type { MarketMetric } from '@common/api/market';

const KEYS: Record<string, MarketMetric> = { y: 'yield', s: 'spread', p: 'price', v: 'volume' };

export function useMetricKeys(onMetric: (metric: MarketMetric) => void): void {
  const handler = useRef(onMetric);
  handler.current = onMetric;
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.ctrlKey || e.metaKey || e.altKey || e.repeat) return;
      const target = e.target as HTMLElement | null;
      if (target && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName))) return;
      const metric = KEYS[e.key.toLowerCase()];
      if (metric) handler.current(metric);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}
