import { describe, expect, it } from 'vitest';
import {
  bondDescription,
  bondSegment,
  cusipCheckDigit,
  disseminationCap,
  equivalentRating,
  isinFromCusip,
  isValidCusip,
  isValidIsin,
  moodyRating,
  ratingBucket,
  ratingNotch,
  ratingSegment,
  spRating,
} from './codesAndRatings';

describe('CUSIP and ISIN check digits', () => {
  it('computes the check digits of real CUSIPs (Apple and Microsoft bonds and shares)', () => {
    expect(cusipCheckDigit('037833DT')).toBe('4');
    expect(cusipCheckDigit('03783310')).toBe('0');
    expect(cusipCheckDigit('59491810')).toBe('4');
    expect(isValidCusip('037833DT4')).toBe(true);
    expect(isValidCusip('037833DT5')).toBe(false);
    expect(isValidCusip('037833D')).toBe(false);
  });

  it('builds ISINs from US CUSIPs with the Luhn digit over letters-as-numbers', () => {
    // The Luhn digit over US037833DT4 (letters as numbers: U=30 S=28 D=13 T=29) is 1.
    expect(isinFromCusip('037833DT4')).toBe('US037833DT41');
    expect(isValidIsin('US30303M1027')).toBe(true); // Meta: a letter inside the CUSIP
    expect(isValidIsin('US88160R1014')).toBe(true); // Tesla
    expect(isinFromCusip('037833100')).toBe('US0378331005');
    expect(isinFromCusip('594918104')).toBe('US5949181045');
    expect(isValidIsin('US037833DT41')).toBe(true);
    expect(isValidIsin('US037833DT40')).toBe(false);
    expect(isValidIsin('GB0002634946')).toBe(true); // BAE Systems
  });
});

describe('bond descriptions', () => {
  it('formats TICKER c.cc MM/DD/YY, keeping eighths and marking zeros and floaters', () => {
    expect(bondDescription('ACME', 'fixed', 0.0465, '2046-02-23')).toBe('ACME 4.65 02/23/46');
    expect(bondDescription('ACME', 'fixed', 0.05125, '2031-07-01')).toBe('ACME 5.125 07/01/31');
    expect(bondDescription('ACME', 'fixed', 0.04, '2030-01-15')).toBe('ACME 4.00 01/15/30');
    expect(bondDescription('ACME', 'zero', 0, '2030-01-15')).toBe('ACME 0 01/15/30');
    expect(bondDescription('ACME', 'floating', 0, '2028-05-15')).toBe('ACME FRN 05/15/28');
  });
});

describe('rating scales', () => {
  it('maps S&P and Moody notches both ways', () => {
    expect(ratingNotch('BBB-')).toBe(9);
    expect(ratingNotch('Baa3')).toBe(9);
    expect(ratingNotch('baa3')).toBe(9);
    expect(ratingNotch('NR')).toBeNull();
    expect(spRating(4)).toBe('A+');
    expect(moodyRating(4)).toBe('A1');
    expect(equivalentRating('BB+')).toBe('Ba1');
    expect(equivalentRating('Caa1')).toBe('CCC+');
  });

  it('classifies IG/HY, split ratings as HY, and letter buckets', () => {
    expect(ratingSegment('BBB-')).toBe('IG');
    expect(ratingSegment('BB+')).toBe('HY');
    expect(ratingSegment(null)).toBeNull();
    expect(bondSegment('BBB-', 'Ba1')).toBe('HY');
    expect(bondSegment('A', null)).toBe('IG');
    expect(ratingBucket('AA-')).toBe('AA');
    expect(ratingBucket('CCC-')).toBe('CCC');
    expect(disseminationCap('IG')).toBe(5_000_000);
    expect(disseminationCap('HY')).toBe(1_000_000);
  });
});
