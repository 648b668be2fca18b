import { fireEvent, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useMetricKeys } from './useMetricKeys';

describe('metric keys on the market screens', () => {
  it('y, s, p and v pick yield, spread, price and volume', () => {
    const onMetric = vi.fn();
    renderHook(() => useMetricKeys(onMetric));
    for (const key of ['y', 's', 'p', 'V']) fireEvent.keyDown(window, { key });
    expect(onMetric.mock.calls.map((c) => c[0])).toEqual(['yield', 'spread', 'price', 'volume']);
  });

  it('ignores keys typed into a field, with a modifier (ctrl+d is dark mode) and other keys', () => {
    const onMetric = vi.fn();
    renderHook(() => useMetricKeys(onMetric));
    const input = document.createElement('input');
    document.body.appendChild(input);
    fireEvent.keyDown(input, { key: 'y' });
    fireEvent.keyDown(window, { key: 's', ctrlKey: true });
    fireEvent.keyDown(window, { key: 'x' });
    expect(onMetric).not.toHaveBeenCalled();
    input.remove();
  });
});
