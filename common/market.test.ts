import { describe, expect, it } from 'vitest';
import { compositeRating, ratingClassOf } from './market';

describe('composite rating', () => {
  it('takes the lower of S&P and Moody’s, so a split crossover bond is high yield', () => {
    expect(compositeRating('BBB-', 'Ba1')).toBe('BB+');
    expect(ratingClassOf(compositeRating('BBB-', 'Ba1'))).toBe('HY');
    expect(compositeRating('BB+', 'Baa3')).toBe('BB+');
    expect(compositeRating('A', 'A2')).toBe('A');
  });

  it('uses the one agency that rates the bond, and none when neither does', () => {
    expect(compositeRating(null, 'Baa2')).toBe('BBB');
    expect(compositeRating('AA-', null)).toBe('AA-');
    expect(compositeRating('NR', 'Caa1')).toBe('CCC+');
    expect(compositeRating(null, null)).toBeNull();
    expect(compositeRating('NR', 'WR')).toBeNull();
  });
});
