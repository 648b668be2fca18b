import { describe, expect, it } from 'vitest';
import { curveAt, fairValueAt, fairValueForRank, fitLogCurve, RANK_SPREAD_MULTIPLE } from './fairValue';
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
    const sectorCurve = { level: 50, slope: 10 };
    // From 100 bp at 8y, plus 10·ln(30/8) = 13.2176: 113.2176 bp at 30y.
    const v = fairValueAt(30, points, sectorCurve)!;
    expect(v.method).toBe('issuer curve, extended with the sector and rating slope');
    expect(v.spreadBp).toBeCloseTo(113.2176, 3);
  });

  it('a single issuer bond sets the level and the sector-and-rating curve sets the slope', () => {
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
    ratingSp: 'A',
    ratingMoody: null,
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

  it('never mixes ranks: an issuer with no bond of the rank has none to read', () => {
    expect(pointsOfRank(points, 'Junior Subordinated')).toEqual([]);
  });
});

describe('a tranche of a rank the issuer has no bond of (issue 32)', () => {
  const bond = (tenor: number, spreadBp: number, seniority: string) => ({ tenor, spreadBp, weight: 1, seniority });
  // A bank with senior bonds on 90 + 10·ln(t) and two junior subordinated (AT1-like) ones at 320 bp.
  const senior = [2, 5, 10].map((t) => bond(t, 90 + 10 * Math.log(t), 'Senior Unsecured'));
  const bank = [...senior, bond(4, 320, 'Junior Subordinated'), bond(8, 320, 'Junior Subordinated')];
  const ig = { issuer: 'BBB' as const };

  it('a rank-fallback tranche no longer produces an outlier concession', () => {
    // A 7-year subordinated tranche priced where such paper trades (1.5× its senior curve at 7
    // years: 1.5 × (90 + 10·ln 7) = 164.19 bp) plus a 9 bp concession: 173.19 bp.
    const priced = 1.5 * (90 + 10 * Math.log(7)) + 9;
    const fair = fairValueForRank(7, bank, 'Subordinated', null, ig);
    expect(fair).toEqual({ spreadBp: expect.closeTo(164.1891, 3), method: 'issuer senior curve, notched for rank' });
    expect(priced - fair.spreadBp!).toBeCloseTo(9, 6);
    // The old fallback, one curve through all five bonds, measured it ~−25 bp (an outlier).
    expect(priced - fairValueAt(7, bank, null)!.spreadBp).toBeLessThan(-20);
  });

  it('notches by the documented rank multiples, for the issuer senior rating class', () => {
    const at5 = 90 + 10 * Math.log(5); // 106.0944
    expect(fairValueForRank(5, bank, 'Senior Secured', null, { issuer: 'BB' }).spreadBp).toBeCloseTo(at5 * 0.75, 6);
    expect(fairValueForRank(5, bank, 'Subordinated', null, { issuer: 'BB' }).spreadBp).toBeCloseTo(at5 * 1.7, 6);
    expect(fairValueForRank(5, bank, 'Subordinated', null, ig).spreadBp).toBeCloseTo(at5 * 1.5, 6);
    expect(fairValueForRank(5, bank, null, null, ig).spreadBp).toBeCloseTo(at5, 6);
    expect(RANK_SPREAD_MULTIPLE['Junior Subordinated']).toEqual({ ig: 2.4, hy: 2.4 });
  });

  it("reads a rank's own bonds only when three or more span the tenor; fewer are notched from the senior curve", () => {
    // Two junior subordinated bonds (4 and 8 years): notched, 2.4 × (90 + 10·ln 6) = 258.00 bp.
    expect(fairValueForRank(6, bank, 'Junior Subordinated', null, ig).spreadBp).toBeCloseTo(2.4 * (90 + 10 * Math.log(6)), 6);
    // A third at 6 years: read off the three, all at 320 bp.
    const three = [...bank, bond(6, 320, 'Junior Subordinated')];
    expect(fairValueForRank(5, three, 'Junior Subordinated', null, ig)).toEqual({
      spreadBp: expect.closeTo(320, 6),
      method: 'issuer curve',
    });
    // At 9 years, past them, the senior curve again: 2.4 × (90 + 10·ln 9) = 268.73 bp.
    expect(fairValueForRank(9, three, 'Junior Subordinated', null, ig).spreadBp).toBeCloseTo(268.733, 2);
  });

  it('shows no fair value rather than a wrong one when none is credible', () => {
    // Only junior subordinated bonds and no senior curve: nothing to notch a subordinated tranche from.
    const onlyAt1 = bank.filter((p) => p.seniority === 'Junior Subordinated');
    expect(fairValueForRank(7, onlyAt1, 'Subordinated', { level: 100, slope: 10 }, ig)).toEqual({
      spreadBp: null,
      reason: 'none: no subordinated or senior unsecured bond of the issuer to notch from',
    });
    // A senior tranche of an issuer without senior bonds still reads the sector and rating curve.
    expect(fairValueForRank(7, onlyAt1, null, { level: 100, slope: 10 }, ig)).toMatchObject({ method: 'sector and rating curve' });
    // Distressed: an issuer or a tranche rated CCC+ or below, or a spread over 1,000 bp.
    expect(fairValueForRank(5, bank, null, null, { issuer: 'CCC' }).spreadBp).toBeNull();
    expect(fairValueForRank(5, bank, 'Subordinated', null, { issuer: 'B', tranche: 'CCC' }).spreadBp).toBeNull();
    // A BBB issuer's subordinated tranche rated BB+: notching an IG curve into high yield is not credible.
    expect(fairValueForRank(5, bank, 'Subordinated', null, { issuer: 'BBB', tranche: 'BB' })).toMatchObject({
      spreadBp: null,
      reason: expect.stringMatching(/^none: rated high yield, its issuer investment grade/),
    });
    const wide = [2, 10].map((t) => bond(t, 1050, 'Senior Unsecured'));
    expect(fairValueForRank(5, wide, null, null, { issuer: 'B' })).toMatchObject({
      spreadBp: null,
      reason: expect.stringMatching(/^none: over 1,000 bp/),
    });
  });
});
