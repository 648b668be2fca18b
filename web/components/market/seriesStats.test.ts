import { describe, expect, it } from 'vitest';
import { rangeStart, seriesStats } from './seriesStats';

describe('plot stats over a chart range', () => {
  it('min, max, average and first-to-last change skip missing values', () => {
    expect(seriesStats([null, 2, 4, undefined, 3])).toEqual({ first: 2, last: 3, min: 2, max: 4, avg: 3, change: 1 });
    expect(seriesStats([null])).toBeNull();
  });

  it('ranges end today', () => {
    expect(rangeStart('1m', new Date('2026-11-21T12:00:00Z'))).toBe('2026-10-21');
  });
});
