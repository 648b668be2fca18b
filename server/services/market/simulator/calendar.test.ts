import { describe, expect, it } from 'vitest';
import { businessDaysEnding, isBusinessDay, newYorkTime, newYorkToday, nextBusinessDay } from './calendar';
import { hashString, Rng } from './random';

describe('bond market calendar', () => {
  it('skips weekends and SIFMA holidays, observed on the nearest weekday', () => {
    expect(isBusinessDay('2026-11-26')).toBe(false); // Thanksgiving
    expect(isBusinessDay('2026-04-03')).toBe(false); // Good Friday
    expect(isBusinessDay('2026-07-03')).toBe(false); // Independence Day (Saturday) observed
    expect(isBusinessDay('2026-06-19')).toBe(false); // Juneteenth
    expect(isBusinessDay('2026-11-21')).toBe(false); // Saturday
    expect(isBusinessDay('2026-11-20')).toBe(true);
    expect(nextBusinessDay('2026-11-25')).toBe('2026-11-27');
    const days = businessDaysEnding('2026-11-22', 3);
    expect(days).toEqual(['2026-11-18', '2026-11-19', '2026-11-20']);
  });

  it('converts New York wall-clock times across daylight saving', () => {
    expect(newYorkTime('2026-07-01', 9.5).toISOString()).toBe('2026-07-01T13:30:00.000Z');
    expect(newYorkTime('2026-12-01', 9.5).toISOString()).toBe('2026-12-01T14:30:00.000Z');
    expect(newYorkToday(new Date('2026-11-21T03:00:00Z'))).toBe('2026-11-20');
  });
});

describe('seeded random streams', () => {
  it('repeat for the same seed and key and differ across keys', () => {
    const a = new Rng(1, 'x');
    const b = new Rng(1, 'x');
    const c = new Rng(1, 'y');
    const xs = Array.from({ length: 5 }, () => a.next());
    expect(Array.from({ length: 5 }, () => b.next())).toEqual(xs);
    expect(c.next()).not.toBe(xs[0]);
    expect(hashString('abc')).toBe(hashString('abc'));
    const n = new Rng(2, 'normal');
    const draws = Array.from({ length: 20000 }, () => n.normal());
    const mean = draws.reduce((s, v) => s + v, 0) / draws.length;
    const sd = Math.sqrt(draws.reduce((s, v) => s + (v - mean) ** 2, 0) / draws.length);
    expect(Math.abs(mean)).toBeLessThan(0.03);
    expect(Math.abs(sd - 1)).toBeLessThan(0.03);
  });
});
