import { describe, expect, it } from 'vitest';
import { curveAt, fairValueAt, fitLogCurve } from './fairValue';
import { pointsOfRank } from './secondaryLevels';

describe('fair value of a new tranche on the issuer curve', () => {
  it('fits spread = a + b·ln(t) exactly through points that lie on such a curve', () => {
    // 100 + 20·ln(t): 100 at 1y, 100 + 20·ln(10) = 146.0517 at 10y, 100 + 20·ln(30) = 168.0240 at 30y.
    const curve = fitLogCurve([
      { tenor: 1, spreadBp: 100, weight: 1 },
      { tenor: 10, spreadBp: 146.0517, weight: 2 },
      { tenor: 30, spreadBp: 168.024, weight: 1 },
    ])!;
    expect(curve.level).toBeCloseTo(100, 3);
    expect(curve.slope).toBeCloseTo(20, 3);
    expect(curveAt(curve, 5)).toBeCloseTo(132.1888, 3); // 100 + 20·ln(5)
  });

  it('weights a large bond more than a small one at the same tenor', () => {
    const curve = fitLogCurve([
      { tenor: 5, spreadBp: 90, weight: 3 },
      { tenor: 5.1, spreadBp: 110, weight: 1 },
    ])!;
    expect(curve.slope).toBe(0);
    expect(curveAt(curve, 5)).toBeCloseTo(95, 9); // (3·90 + 1·110) / 4
  });

  it('reads inside the issuer tenors off the issuer fit', () => {
    const points = [
      { tenor: 2, spreadBp: 60, weight: 1 },
      { tenor: 8, spreadBp: 100, weight: 1 },
    ];
    // Through (ln 2, 60) and (ln 8, 100): slope 40 / ln 4 = 28.8539, at 4y: 60 + 28.8539·ln 2 = 80.
    expect(fairValueAt(4, points, null)).toEqual({ spreadBp: expect.closeTo(80, 6), method: 'issuer curve' });
  });

  it('extends past the longest bond with the sector and rating slope, not the issuer slope', () => {
    const points = [
      { tenor: 2, spreadBp: 60, weight: 1 },
      { tenor: 8, spreadBp: 100, weight: 1 },
    ];
    const reference = { level: 50, slope: 10 };
    // From 100 bp at 8y, plus 10·ln(30/8) = 13.2176: 113.2176 bp at 30y.
    const v = fairValueAt(30, points, reference)!;
    expect(v.method).toBe('issuer curve, extended with the sector and rating slope');
    expect(v.spreadBp).toBeCloseTo(113.2176, 3);
  });

  it('a single issuer bond sets the level and the reference sets the slope', () => {
    const v = fairValueAt(10, [{ tenor: 5, spreadBp: 120, weight: 1 }], { level: 0, slope: 15 })!;
    expect(v.spreadBp).toBeCloseTo(120 + 15 * Math.log(2), 9); // 130.3972
  });

  it('an issuer without bonds is priced on the sector and rating curve; nothing at all gives null', () => {
    expect(fairValueAt(10, [], { level: 40, slope: 10 })).toEqual({
      spreadBp: expect.closeTo(63.0259, 3),
      method: 'sector and rating curve',
    });
    expect(fairValueAt(10, [], null)).toBeNull();
  });
});

describe("a tranche is priced against the issuer's bonds of its own rank", () => {
  // A bank: senior bonds at 80 bp, subordinated ones at 1.4× (112 bp), the same 2–10y tenors.
  const bond = (id: number, tenor: number, spreadBp: number, seniority: string) => ({
    bondId: id,
    cusip: `C${id}`,
    description: `BANK ${id}`,
    seniority,
    tenor,
    spreadBp,
    weight: 1,
  });
  const points = [
    bond(1, 2, 80, 'Senior Unsecured'),
    bond(2, 10, 80, 'Senior Unsecured'),
    bond(3, 2, 112, 'Subordinated'),
    bond(4, 10, 112, 'Subordinated'),
    bond(5, 6, 112, 'Subordinated'),
  ];

  it('reads a senior tranche (or one not yet a bond) off the senior bonds, a subordinated one off the subordinated', () => {
    expect(fairValueAt(5, pointsOfRank(points, 'Senior Unsecured'), null)!.spreadBp).toBeCloseTo(80, 9);
    expect(fairValueAt(5, pointsOfRank(points, null), null)!.spreadBp).toBeCloseTo(80, 9);
    expect(fairValueAt(5, pointsOfRank(points, 'Subordinated'), null)!.spreadBp).toBeCloseTo(112, 9);
    // All five together, as before: 99.2 bp for both — 19 bp wide of the senior, 13 tight of the subordinated.
    expect(fairValueAt(5, points, null)!.spreadBp).toBeGreaterThan(95);
  });

  it('falls back to all the issuer’s bonds when none has the tranche’s rank', () => {
    expect(pointsOfRank(points, 'Junior Subordinated')).toHaveLength(5);
  });
});
