import { describe, expect, it } from 'vitest';
import type { SummaryCell } from '@common/api/market';
import { detailParams, detailPath, formatChange, formatLevel, parseSlope, slopeCell, visibleSlopes, visibleTenors } from './marketView';

const cell = (tenor: SummaryCell['tenor'], value: number | null, change: number | null): SummaryCell => ({
  tenor,
  value,
  change,
  bondCount: 3,
});

describe('market summary columns (market preferences)', () => {
  it('shows every bucket and the 2s10s / 10s30s slopes until the user chooses', () => {
    expect(visibleTenors(undefined)).toEqual(['1Y', '2Y', '3Y', '5Y', '7Y', '10Y', '20Y', '30Y']);
    expect(visibleSlopes(undefined)).toEqual(['2Y-10Y', '10Y-30Y']);
  });

  it('keeps bucket order, drops unknown ids, and an empty slope list means no slopes', () => {
    expect(visibleTenors({ visibleTenors: ['10Y', 'bogus', '2Y'] })).toEqual(['2Y', '10Y']);
    expect(visibleSlopes({ visibleSlopeTenors: [] })).toEqual([]);
    expect(visibleSlopes({ visibleSlopeTenors: ['5Y-30Y', '2Y-2Y', 'x'] })).toEqual(['5Y-30Y']);
  });

  it('a slope is the long level minus the short one, for levels and daily changes', () => {
    expect(parseSlope('2Y-10Y')).toEqual({ short: '2Y', long: '10Y' });
    const cells = [cell('2Y', 80, 1.5), cell('10Y', 130, -0.5)];
    expect(slopeCell(cells, '2Y-10Y')).toEqual({ value: 50, change: -2 });
    expect(slopeCell([cell('2Y', 80, null)], '2Y-10Y')).toEqual({ value: null, change: null });
  });
});

describe('market numbers as the desk reads them', () => {
  it('formats levels and changes per metric', () => {
    expect(formatLevel('yield', 0.051234)).toBe('5.123%');
    expect(formatLevel('yield', 0.0042, true)).toBe('+42.0 bp');
    expect(formatChange('yield', 0.0003)).toBe('+3.0 bp');
    expect(formatLevel('spread', 112.34)).toBe('112.3 bp');
    expect(formatChange('spread', -2.06)).toBe('-2.1 bp');
    expect(formatLevel('price', 99.5)).toBe('99.500');
    expect(formatChange('price', -0.125)).toBe('-0.125');
    expect(formatLevel('volume', 250_000_000)).toBe('250MM');
    expect(formatChange('volume', 12_500_000)).toBe('+12.5MM');
    expect(formatLevel('spread', null)).toBe('—');
  });
});

describe('market detail route', () => {
  it('builds /bw/market/detail/{metric}/{tenor}/{segment} and reads it back', () => {
    const path = detailPath({ metric: 'yield', tenor: '10Y', segment: 'sector:FINL' });
    expect(path).toBe('/bw/market/detail/yield/10Y/sector%3AFINL');
    expect(detailParams({ metric: 'yield', tenor: '10Y', segment: 'sector:FINL' })).toEqual({
      metric: 'yield',
      tenor: '10Y',
      segment: 'sector:FINL',
    });
    expect(detailPath({ metric: 'spread', tenor: null, segment: 'IG' })).toBe('/bw/market/detail/spread/all/IG');
  });

  it('falls back to spread, every tenor and the whole market for missing or unknown parts', () => {
    expect(detailParams({})).toEqual({ metric: 'spread', tenor: null, segment: 'all' });
    expect(detailParams({ metric: 'gSpread', tenor: '10y', segment: 'nonsense' })).toEqual({
      metric: 'spread',
      tenor: null,
      segment: 'all',
    });
  });
});
