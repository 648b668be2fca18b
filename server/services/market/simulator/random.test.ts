import { describe, expect, it } from 'vitest';
import { hashString, Rng } from './random';

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
