import { describe, expect, it } from 'vitest';
import {
  businessDayOnOrAfter,
  businessDaysEnding,
  closeHourOf,
  earlyCloses,
  isBusinessDay,
  isSettlementDay,
  marketClosures,
  newYorkTime,
  newYorkToday,
  nextBusinessDay,
  previousBusinessDay,
  settlementDayAfter,
} from './calendar';

// The full closes below are copied from SIFMA's published U.S. holiday recommendations, not
// derived from the rules in calendar.ts.
// prettier-ignore
const SIFMA_FULL_CLOSES: Record<number, string[]> = {
  2025: [
    '2025-01-01', '2025-01-20', '2025-02-17', '2025-04-18', '2025-05-26', '2025-06-19',
    '2025-07-04', '2025-09-01', '2025-10-13', '2025-11-11', '2025-11-27', '2025-12-25',
  ],
  // Good Friday (3 April) is an early close at noon: the employment report came out that morning.
  2026: [
    '2026-01-01', '2026-01-19', '2026-02-16', '2026-05-25', '2026-06-19', '2026-07-03',
    '2026-09-07', '2026-10-12', '2026-11-11', '2026-11-26', '2026-12-25',
  ],
  // Juneteenth and Christmas fall on Saturdays and are observed on the Fridays before;
  // Independence Day falls on a Sunday and is observed on Monday 5 July.
  2027: [
    '2027-01-01', '2027-01-18', '2027-02-15', '2027-03-26', '2027-05-31', '2027-06-18',
    '2027-07-05', '2027-09-06', '2027-10-11', '2027-11-11', '2027-11-25', '2027-12-24',
  ],
};

describe('the US bond-market calendar', () => {
  it.each([2025, 2026, 2027])('lists the full closes SIFMA published for %i', (year) => {
    expect(marketClosures(year).map((c) => c.day)).toEqual(SIFMA_FULL_CLOSES[year]);
    for (const day of SIFMA_FULL_CLOSES[year]!) expect(isBusinessDay(day)).toBe(false);
  });

  it('does not move a Saturday New Year to the Friday before: 31 December 2027 trades, closing early', () => {
    expect(isBusinessDay('2027-12-31')).toBe(true);
    expect(closeHourOf('2027-12-31')).toBe(14);
    expect(marketClosures(2028).map((c) => c.day)).not.toContain('2027-12-31');
  });

  it('keeps Good Friday 2026 open until noon but never settles on it', () => {
    expect(isBusinessDay('2026-04-03')).toBe(true);
    expect(closeHourOf('2026-04-03')).toBe(12);
    expect(isSettlementDay('2026-04-03')).toBe(false);
    expect(settlementDayAfter('2026-04-02')).toBe('2026-04-06');
    expect(isSettlementDay('2025-04-18')).toBe(false);
  });

  it('closes at 14:00 on the eves SIFMA names in 2026', () => {
    expect(earlyCloses(2026).map((c) => `${c.day} ${c.hour}`)).toEqual([
      '2026-04-03 12',
      '2026-05-22 14',
      '2026-07-02 14',
      '2026-11-27 14',
      '2026-12-24 14',
      '2026-12-31 14',
    ]);
    expect(closeHourOf('2026-11-24')).toBe(17);
  });

  it('steps over weekends and holidays', () => {
    expect(nextBusinessDay('2026-11-25')).toBe('2026-11-27');
    expect(previousBusinessDay('2026-11-27')).toBe('2026-11-25');
    // A deal priced on a Saturday, on Thanksgiving or on Christmas counts on the next business day.
    expect(businessDayOnOrAfter('2026-11-21')).toBe('2026-11-23');
    expect(businessDayOnOrAfter('2026-11-26')).toBe('2026-11-27');
    expect(businessDayOnOrAfter('2026-12-25')).toBe('2026-12-28');
    expect(businessDayOnOrAfter('2026-11-24')).toBe('2026-11-24');
    expect(previousBusinessDay('2026-01-20')).toBe('2026-01-16');
    expect(businessDaysEnding('2026-11-22', 3)).toEqual(['2026-11-18', '2026-11-19', '2026-11-20']);
    expect(settlementDayAfter('2026-11-25')).toBe('2026-11-27');
    expect(settlementDayAfter('2026-12-31')).toBe('2027-01-04');
  });

  it('converts New York wall-clock times across daylight saving', () => {
    expect(newYorkTime('2026-07-01', 9.5).toISOString()).toBe('2026-07-01T13:30:00.000Z');
    expect(newYorkTime('2026-12-01', 9.5).toISOString()).toBe('2026-12-01T14:30:00.000Z');
    expect(newYorkToday(new Date('2026-11-21T03:00:00Z'))).toBe('2026-11-20');
  });
});
