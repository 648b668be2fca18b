import { describe, expect, it } from 'vitest';
import { addMonths, formatDate, fromYmd, isEndOfMonth, parseDate, toYmd } from './dates';
import { AnalyticsInputError } from './errors';

describe('plain calendar dates as day numbers', () => {
  it('epoch and round trips across centuries, leap days and month ends', () => {
    expect(parseDate('1970-01-01')).toBe(0);
    for (const s of ['1900-03-01', '2000-02-29', '2024-02-29', '2100-02-28', '2199-12-31', '2030-08-31']) {
      expect(formatDate(parseDate(s))).toBe(s);
    }
    for (let d = fromYmd(1999, 12, 1); d < fromYmd(2001, 3, 5); d++) {
      const { year, month, day } = toYmd(d);
      expect(fromYmd(year, month, day)).toBe(d);
    }
  });

  it('29 February exists only in leap years', () => {
    expect(() => parseDate('2023-02-29', 'settlementDate')).toThrow('settlementDate: invalid day');
    expect(() => parseDate('2100-02-29')).toThrow(AnalyticsInputError);
    expect(formatDate(parseDate('2000-02-29'))).toBe('2000-02-29');
  });

  it('malformed dates name the field on one line', () => {
    for (const bad of ['2024-1-05', '2024-13-01', '2024-04-31', '20240105', '2024-01-05T00:00', '', ' 2024-01-05']) {
      expect(() => parseDate(bad, 'maturityDate')).toThrow(/^maturityDate: /);
    }
    expect(() => parseDate(null, 'issueDate')).toThrow('issueDate: expected');
    expect(() => parseDate(20240105, 'issueDate')).toThrow('issueDate: expected');
  });

  it('addMonths clips to month length and applies the end-of-month rule only when asked', () => {
    const jan31 = parseDate('2024-01-31');
    expect(formatDate(addMonths(jan31, 1))).toBe('2024-02-29');
    expect(formatDate(addMonths(parseDate('2023-01-31'), 1))).toBe('2023-02-28');
    expect(formatDate(addMonths(parseDate('2024-02-29'), 6))).toBe('2024-08-29');
    expect(formatDate(addMonths(parseDate('2024-02-29'), 6, true))).toBe('2024-08-31');
    expect(formatDate(addMonths(parseDate('2024-08-31'), -6, true))).toBe('2024-02-29');
    expect(formatDate(addMonths(parseDate('2024-03-15'), -15))).toBe('2022-12-15');
    expect(isEndOfMonth(parseDate('2024-02-29'))).toBe(true);
    expect(isEndOfMonth(parseDate('2023-02-28'))).toBe(true);
    expect(isEndOfMonth(parseDate('2024-02-28'))).toBe(false);
  });
});
