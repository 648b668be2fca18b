import { describe, expect, it } from 'vitest';
import {
  formatDate,
  formatDay,
  formatDuration,
  formatNumber,
  formatPercent,
  formatShare,
  formatPrice,
  formatSize,
  formatSpread,
  formatSpreadLevel,
  formatTime,
  formatMarketTime,
  formatMultiple,
  formatPriceChange,
  formatTenor,
  formatValue,
  formatYield,
  formatYieldChange,
} from './format';

describe('value formatter', () => {
  it('price changes are signed with 3 decimals; tenors in years; a cover as a multiple', () => {
    expect(formatPriceChange(0.125)).toBe('+0.125');
    expect(formatPriceChange(-1.5)).toBe('-1.500');
    expect(formatPriceChange(0.0001)).toBe('0.000');
    expect(formatTenor(5)).toBe('5Y');
    expect(formatTenor(2.5)).toBe('2.5Y');
    expect(formatMultiple(3.24)).toBe('3.2x');
    expect(formatValue('spreadLevel', 123.45)).toBe('123.5 bp');
    expect(formatValue('tenor', null)).toBe('—');
    expect(formatValue('multiple', null)).toBe('—');
    expect(formatValue('priceChange', 0.25)).toBe('+0.250');
  });

  it('prices show 3 decimals', () => {
    expect(formatPrice(101.25)).toBe('101.250');
    expect(formatPrice(99.9996)).toBe('100.000');
    expect(formatPrice(1234.5)).toBe('1,234.500');
  });

  it('yields (decimal fractions) show in % with 3 decimals', () => {
    expect(formatYield(0.051234)).toBe('5.123%');
    expect(formatYield(-0.001)).toBe('-0.100%');
  });

  it('spreads show in bp with a sign', () => {
    expect(formatSpread(12.34)).toBe('+12.3 bp');
    expect(formatSpread(-3)).toBe('-3.0 bp');
    expect(formatSpreadLevel(123.45)).toBe('123.5 bp');
    expect(formatSpreadLevel(-2)).toBe('-2.0 bp');
    expect(formatSpreadLevel(null)).toBe('—');
    expect(formatTime('2026-11-24T14:05:00Z', 'America/New_York')).toBe('9:05 AM');
    // Market events: New York time whatever the browser's zone, labelled (summer and winter).
    expect(formatMarketTime('2026-11-24T14:05:00Z')).toBe('Nov 24, 2026, 9:05 AM ET');
    expect(formatMarketTime('2026-07-01T20:30:00Z')).toBe('Jul 1, 2026, 4:30 PM ET');
    expect(formatMarketTime(null)).toBe('—');
    expect(formatSpread(0)).toBe('0.0 bp');
    expect(formatSpread(-0.01)).toBe('0.0 bp');
  });

  it('yield changes (decimal fractions) show in bp with a sign', () => {
    expect(formatYieldChange(0.000312)).toBe('+3.1 bp');
    expect(formatYieldChange(-0.0001)).toBe('-1.0 bp');
    expect(formatValue('yieldChange', null)).toBe('—');
    expect(formatValue('yieldChange', 0.00002)).toBe('+0.2 bp');
  });

  it('sizes show in MM', () => {
    expect(formatSize(500_000_000)).toBe('500MM');
    expect(formatSize(1_250_000)).toBe('1.25MM');
    expect(formatSize(2_500_000_000)).toBe('2,500MM');
  });

  it('sizes under a million read in K, never "0MM" or "0.05MM"', () => {
    expect(formatSize(37_420_000)).toBe('37.42MM');
    expect(formatSize(50_000)).toBe('50K');
    expect(formatSize(999_000)).toBe('999K');
    expect(formatSize(999_999)).toBe('1MM');
    expect(formatSize(1_000)).toBe('1K');
    expect(formatSize(400)).toBe('400');
    expect(formatSize(0)).toBe('0');
    expect(formatSize(-250_000)).toBe('-250K');
  });

  it('values that round to zero never show a minus sign', () => {
    expect(formatPrice(-0.0001)).toBe('0.000');
    expect(formatYield(-0.0000001)).toBe('0.000%');
    expect(formatNumber(-0.001, 2)).toBe('0.00');
    expect(formatPrice(-0.25)).toBe('-0.250');
    expect(formatSpread(-0.01)).toBe('0.0 bp');
  });

  it('percent changes carry a sign', () => {
    expect(formatPercent(12.5)).toBe('+12.5%');
    expect(formatPercent(-4)).toBe('-4.0%');
  });

  it('shares (0–1) show as unsigned percentages', () => {
    expect(formatShare(0.7412)).toBe('74.1%');
    expect(formatShare(0)).toBe('0.0%');
    expect(formatShare(1)).toBe('100.0%');
    expect(formatShare(null)).toBe('—');
  });

  it('dates: en-US short month, day, year, hour, minute, 12-hour clock', () => {
    expect(formatDate('2026-11-21T17:48:00Z', 'UTC')).toBe('Nov 21, 2026, 5:48 PM');
    expect(formatDate(Date.UTC(2026, 0, 2, 0, 5), 'UTC')).toBe('Jan 2, 2026, 12:05 AM');
  });

  it('calendar days keep the day whatever the time zone', () => {
    expect(formatDay('2030-05-15')).toBe('May 15, 2030');
  });

  it('durations in days, hours, minutes, seconds', () => {
    expect(formatDuration(93_784_000)).toBe('1d 2h 3m 4s');
    expect(formatDuration(60_000)).toBe('1m');
    expect(formatDuration(0)).toBe('0s');
  });

  it('missing values show an em dash', () => {
    expect(formatPrice(null)).toBe('—');
    expect(formatYield(undefined)).toBe('—');
    expect(formatSpread(Number.NaN)).toBe('—');
    expect(formatDate('not a date')).toBe('—');
    expect(formatValue('price', 'abc')).toBe('—');
  });

  it('formatValue dispatches by kind (numeric strings accepted)', () => {
    expect(formatValue('price', '100.5')).toBe('100.500');
    expect(formatValue('spread', 5)).toBe('+5.0 bp');
    expect(formatValue('size', 1e9)).toBe('1,000MM');
  });
});
