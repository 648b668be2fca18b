import { describe, expect, it } from 'vitest';
import { monthPoints, tenorMonths } from './curvePoints';

describe('curve points on a months axis', () => {
  it('puts bonds on a months axis by remaining maturity, skipping missing values', () => {
    const pts = monthPoints(
      [
        { y: 5, v: 1 },
        { y: 0.5, v: 3 },
        { y: 2, v: null },
      ],
      (b) => b.y,
      (b) => b.v,
    );
    expect(pts).toEqual([
      { time: 6, value: 3 },
      { time: 60, value: 1 },
    ]);
  });

  it('places a benchmark tenor at its years in months', () => {
    expect(tenorMonths('1Y')).toBe(12);
    expect(tenorMonths('30Y')).toBe(360);
  });
});
