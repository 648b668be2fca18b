import { describe, expect, it } from 'vitest';
import {
  NEW_WORKSHEET,
  type Worksheet,
  worksheetContent,
  worksheetFromContent,
  worksheetProblem,
  worksheetRequest,
  withOverrides,
} from './worksheet';

const issuerSheet: Worksheet = {
  mode: 'issuer',
  issuerId: '42',
  sector: 'FINL',
  rating: 'A',
  tranches: [
    { tenorYears: 5, sizeMm: 750 },
    { tenorYears: 10, sizeMm: 1000 },
  ],
  overrides: [{ concessionBp: 12, fairValueBp: undefined }, {}],
};

describe('the calculator worksheet', () => {
  it('asks the calculator for the inputs alone, and applies the overrides only where they are set', () => {
    const request = worksheetRequest(issuerSheet)!;
    expect(request).toEqual({
      issuerId: 42,
      tranches: [
        { tenorYears: 5, sizeMm: 750 },
        { tenorYears: 10, sizeMm: 1000 },
      ],
    });
    expect(withOverrides(request, issuerSheet.overrides).tranches).toEqual([
      { tenorYears: 5, sizeMm: 750, concessionBp: 12 },
      { tenorYears: 10, sizeMm: 1000 },
    ]);
  });

  it('has no request while the issuer is missing or a tenor is out of range, but can still be saved without an issuer', () => {
    expect(worksheetRequest({ ...issuerSheet, issuerId: null })).toBeNull();
    expect(worksheetRequest({ ...issuerSheet, tranches: [{ tenorYears: 0.5, sizeMm: 1 }] })).toBeNull();
    expect(worksheetProblem({ ...issuerSheet, issuerId: null })).toBeNull();
    expect(worksheetProblem({ ...issuerSheet, tranches: [{ tenorYears: 0.5, sizeMm: 1 }], overrides: [{}] })).toMatch(
      /^Tenor \(years\) must be/,
    );
  });

  it('saves and reopens a sheet exactly as it was on screen', () => {
    const content = worksheetContent(issuerSheet);
    expect(content).toEqual({
      issuerId: 42,
      tranches: [
        { tenorYears: 5, sizeMm: 750, concessionBp: 12 },
        { tenorYears: 10, sizeMm: 1000 },
      ],
    });
    expect(worksheetFromContent(content)).toEqual({ ...issuerSheet, overrides: [{ concessionBp: 12 }, {}] });

    const hypothetical: Worksheet = { ...NEW_WORKSHEET, mode: 'hypothetical', sector: 'UTIL', rating: 'BBB-' };
    expect(worksheetContent(hypothetical)).toEqual({ sector: 'UTIL', rating: 'BBB-', tranches: [{ tenorYears: 10, sizeMm: 1000 }] });
    expect(worksheetFromContent(worksheetContent(hypothetical))).toEqual(hypothetical);
    // A draft saved before anything was picked opens on the issuer picker.
    expect(worksheetFromContent({ tranches: [{ tenorYears: 7, sizeMm: 500 }] })).toMatchObject({ mode: 'issuer', issuerId: null });
  });
});
