import { describe, expect, it } from 'vitest';
import { spacedByTime } from './chartTime';

describe('sparse dated bars on a time axis', () => {
  it('fills the gaps of a long schedule with monthly slots, so each payment is a narrow bar at its date', () => {
    const points = [
      { time: '2027-05-15', value: 2.25 },
      { time: '2027-11-15', value: 2.25 },
      { time: '2037-05-15', value: 102.25 },
    ];
    const spaced = spacedByTime(points);
    // About ten years at a 30-day step: some 120 slots, the payments among them in date order.
    expect(spaced.length).toBeGreaterThan(115);
    expect(spaced.filter((p) => 'value' in p)).toEqual(points);
    expect(spaced.slice(0, 3).map((p) => p.time)).toEqual(['2027-05-15', '2027-06-14', '2027-07-14']);
    const times = spaced.map((p) => p.time as string);
    expect([...times].sort()).toEqual(times);
    expect(new Set(times).size).toBe(times.length);
  });

  it('starts the axis at the settlement date: a single payment six weeks out is one bar among daily slots', () => {
    const spaced = spacedByTime([{ time: '2027-01-07', value: 101.24 }], '2026-11-25');
    expect(spaced[0]).toEqual({ time: '2026-11-25' });
    expect(spaced.at(-1)).toEqual({ time: '2027-01-07', value: 101.24 });
    expect(spaced).toHaveLength(44); // 25 Nov … 6 Jan daily, then the payment
  });

  it('leaves points it cannot place on days (epoch times) as they are', () => {
    const points = [
      { time: 1_700_000_000, value: 1 },
      { time: 1_800_000_000, value: 2 },
    ];
    expect(spacedByTime(points)).toEqual(points);
  });
});
