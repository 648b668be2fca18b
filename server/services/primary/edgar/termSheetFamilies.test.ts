import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseTermSheet, type TermSheetParse } from './fwpParser';
import { parseMakeWholeBp, parseParCallDate, parseSpreadBp, parseTreasuryPrice } from './termSheetValues';

/**
 * The layout families of real EDGAR pricing term sheets, one sheet of our own making for each
 * (samples/fwp/families/README.md says what each shows). Every expected value is written out from
 * the sheet's text.
 */
const sheet = (name: string) => readFileSync(new URL(`../../../../samples/fwp/families/${name}`, import.meta.url), 'utf8');

type Row = [
  title: string | null,
  principal: number,
  maturity: string,
  coupon: number,
  price: number,
  yieldToMaturity: number,
  benchmarkPrice: number | null,
  benchmarkYield: number,
  spreadBp: number,
  makeWholeBp: number | null,
  parCall: string | null,
  cusip: string,
  isin: string,
];

const rows = (parse: TermSheetParse): Row[] =>
  parse.tranches.map((t) => [
    t.title,
    t.principalAmount!,
    t.maturityDate!,
    t.coupon!,
    t.priceToPublic!,
    t.yieldToMaturity!,
    t.benchmarkPrice,
    t.benchmarkYield!,
    t.spreadBp!,
    t.makeWholeBp,
    t.parCallDate,
    t.cusip!,
    t.isin!,
  ]);

describe('layout families read exactly', () => {
  it('the issuer only in the heading, "Designation", "Date of Maturity", a label wrapped over two rows, ratings a row per agency', () => {
    const result = parseTermSheet(sheet('f01-heading-issuer-wrapped-label.html'));
    expect(result).toMatchObject({
      status: 'parsed',
      problems: [],
      issuer: 'ALDER POWER & LIGHT COMPANY',
      tradeDate: '2025-04-10',
      settlementDate: '2025-04-15',
      ratings: { moodys: 'A1', sp: 'A', fitch: 'A+' },
      bookrunners: ['Fabrikam Securities LLC', 'Woodgrove Securities, Inc.', 'Tailspin Capital Markets LLC'],
    });
    expect(rows(result)).toEqual([
      [
        'First Mortgage Bonds, 5.65% Series due April 1, 2055',
        600_000_000,
        '2055-04-01',
        0.0565,
        99.687,
        0.05672,
        98 + 29.5 / 32, // "$98-29+"
        0.04692,
        98, // "Spread to Benchmark" above "Treasury Yield: 98 basis points"
        15, // "Treasury Yield plus 15 basis points"
        '2054-10-01', // "on or after October 1, 2054, at any time at 100% of the principal amount"
        '01389LAB8',
        'US01389LAB80', // written "US01389L AB80"
      ],
    ]);
    expect(result.tranches[0]!.firstPaymentDate).toBe('2025-10-01');
  });

  it('"Name of Issuer", "Final Maturity Date", "Interest:", a spread in percent, 32nds with a fraction, make-whole and par on labels of their own', () => {
    const result = parseTermSheet(sheet('f02-name-of-issuer-percent-spread-32nds-fraction.txt'));
    expect(result).toMatchObject({
      status: 'parsed',
      problems: [],
      issuer: 'Birchfield Mutual Holdings, Inc.',
      settlementDate: '2025-06-12',
    });
    expect(rows(result)).toEqual([
      [
        '5.150% Senior Notes due 2035',
        500_000_000,
        '2035-06-15',
        0.0515,
        99.9,
        0.05163,
        99 + 8.25 / 32, // "99-08 1/4"
        0.04413,
        75, // "0.750%"
        15, // "Adjusted Treasury Rate +15 basis points"
        '2035-03-15',
        '29876QAF9',
        'US29876QAF90',
      ],
    ]);
    // "plus accrued interest from, and including, June 12, 2025" is the settlement date: a new issue, not a reopening.
    expect(result.tranches[0]!.reopening).toBeUndefined();
  });

  it('a table with a column per tranche: a label wrapped over two rows, make-whole and par call rows, 32nds with ¼ and 3/4', () => {
    const result = parseTermSheet(sheet('f03-tranche-table-wrapped-row-calls.html'));
    expect(result).toMatchObject({ status: 'parsed', layout: 'table', problems: [], issuer: 'Cedar Brook Retail Corp.' });
    expect(rows(result)).toEqual([
      [
        '4.300% Notes due 2030',
        500_000_000,
        '2030-09-15',
        0.043,
        99.769,
        0.04352,
        99 + 8.25 / 32,
        0.03702,
        65,
        10,
        '2030-08-15',
        '46123KAC4',
        'US46123KAC45',
      ],
      [
        '4.950% Notes due 2035',
        750_000_000,
        '2035-09-15',
        0.0495,
        99.704,
        0.04988,
        101 + 8.75 / 32,
        0.04088,
        90,
        15,
        '2035-06-15',
        '46123KAD2',
        'US46123KAD28',
      ],
      [
        '5.800% Notes due 2055',
        500_000_000,
        '2055-09-15',
        0.058,
        99.354,
        0.05846,
        100 + 23.5 / 32,
        0.04696,
        115,
        20,
        '2055-03-15',
        '46123KAE0',
        'US46123KAE01',
      ],
    ]);
  });

  it('one row per label, each cell "2051 Notes: … 2061 Notes: …"', () => {
    const result = parseTermSheet(sheet('f04-named-values-with-colon.html'));
    expect(result).toMatchObject({ status: 'parsed', problems: [], issuer: 'Driftwood Beverage Company' });
    expect(rows(result)).toEqual([
      [
        '3.250% Notes due 2051 (the "2051 Notes")',
        1_000_000_000,
        '2051-03-15',
        0.0325,
        99.222,
        0.03291,
        88 + 6 / 32,
        0.02211,
        108,
        20,
        '2050-09-15',
        '71902RAA8',
        'US71902RAA86',
      ],
      [
        '3.450% Notes due 2061 (the "2061 Notes")',
        750_000_000,
        '2061-03-15',
        0.0345,
        99.27,
        0.03484,
        88 + 6 / 32,
        0.02211,
        127.3,
        20,
        '2060-09-15',
        '71902RAB6',
        'US71902RAB69',
      ],
    ]);
  });

  it('each value a line "… for 2029 Notes" / "… of 2029 Notes", make-whole and par call on labels of their own', () => {
    const result = parseTermSheet(sheet('f05-named-values-for-of.html'));
    expect(result).toMatchObject({ status: 'parsed', problems: [], issuer: 'Elmstead Foods Company', settlementDate: '2024-05-20' });
    expect(rows(result)).toEqual([
      [
        '4.850% Notes due 2029',
        500_000_000,
        '2029-05-22',
        0.0485,
        99.768,
        0.04903,
        100 + 6.5 / 32,
        0.04453,
        45,
        10,
        '2029-04-22',
        '55482TAJ6',
        'US55482TAJ60',
      ],
      [
        '5.200% Notes due 2034',
        750_000_000,
        '2034-05-22',
        0.052,
        99.531,
        0.05261,
        99 + 18 / 32,
        0.04441,
        82,
        15,
        '2034-02-22',
        '55482TAK3',
        'US55482TAK34',
      ],
    ]);
  });

  it('plain text, each value a line ending "(2024 Notes)", a value wrapping before its name, a label wrapped over two lines', () => {
    const result = parseTermSheet(sheet('f06-parenthesised-names.txt'));
    expect(result).toMatchObject({ status: 'parsed', problems: [], ratings: { moodys: 'Baa2', sp: 'BBB+' } });
    expect(rows(result)).toEqual([
      [
        '2.950% Senior Notes due 2024 (the "2024 Notes")',
        400_000_000,
        '2024-03-01',
        0.0295,
        99.774,
        0.02999,
        100 + 8.5 / 32,
        0.02449,
        55,
        10,
        '2024-02-01',
        '81234WAS6',
        'US81234WAS61',
      ],
      [
        '3.550% Senior Notes due 2029 (the "2029 Notes")',
        600_000_000,
        '2029-03-01',
        0.0355,
        99.691,
        0.03587,
        99 + 23.5 / 32,
        0.02657,
        93,
        15,
        '2028-12-01',
        '81234WAT4',
        'US81234WAT45',
      ],
    ]);
  });

  it('plain text, every tranche on one line: "Notes due 2019: … Notes due 2045: …"', () => {
    const result = parseTermSheet(sheet('f07-notes-due-prefix-one-line.txt'));
    expect(result).toMatchObject({ status: 'parsed', problems: [], issuer: 'Glenmoor Industrial Corp.' });
    expect(rows(result)).toEqual([
      [
        '2.000% Notes due 2019',
        600_000_000,
        '2019-11-15',
        0.02,
        99.618,
        0.02081,
        null,
        0.01681,
        40,
        7.5,
        null,
        '36719PAB6',
        'US36719PAB67',
      ],
      [
        '4.400% Notes due 2045',
        900_000_000,
        '2045-03-01',
        0.044,
        98.459,
        0.04494,
        null,
        0.03444,
        105,
        20,
        '2044-09-01',
        '36719PAC4',
        'US36719PAC41',
      ],
    ]);
    expect(result.tranches.map((t) => t.firstPaymentDate)).toEqual(['2015-05-15', '2015-03-01']);
  });

  it('one row per label, labels wrapped inside a cell and over two rows whose first half is no label', () => {
    const result = parseTermSheet(sheet('f08-rows-wrapped-unknown-first-half.html'));
    expect(result).toMatchObject({ status: 'parsed', problems: [], issuer: 'Hollowell Gas & Electric Company' });
    expect(rows(result)).toEqual([
      [
        'First Mortgage Bonds, 4.10% Series due 2042',
        350_000_000,
        '2042-04-01',
        0.041,
        99.283,
        0.04142,
        98 + 22.5 / 32,
        0.03192,
        95,
        15,
        null,
        '01389LAF9',
        'US01389LAF94',
      ],
    ]);
  });

  it('redemption terms in a table of their own below the tranche table', () => {
    const result = parseTermSheet(sheet('f17-calls-in-own-table.html'));
    expect(result).toMatchObject({ status: 'parsed', problems: [], issuer: 'Pinecrest Technologies, Inc.' });
    expect(result.tranches.map((t) => [t.makeWholeBp, t.parCallDate])).toEqual([
      [10, '2030-01-15'],
      [15, '2055-02-15'],
    ]);
  });
});

describe('never "parsed" with a tranche dropped', () => {
  it('headlines naming two tranches, one read: needs review, saying a tranche would be dropped', () => {
    const result = parseTermSheet(sheet('f14-dropped-tranche-headlines.html'));
    expect(result.status).toBe('needs review');
    expect(result.tranches).toHaveLength(1);
    expect(result.problems).toEqual([
      {
        field: 'tranches',
        message: 'the sheet names 2 tranches (notes due 2030, notes due 2050) but 1 could be read: a tranche would be dropped',
      },
    ]);
  });

  it('a securities list naming three tranches with values for two: needs review', () => {
    const text = sheet('f05-named-values-for-of.html').replace(
      '5.200% Notes due 2034</td>',
      '5.200% Notes due 2034<br>5.600% Notes due 2054</td>',
    );
    const result = parseTermSheet(text);
    expect(result.status).toBe('needs review');
    // The third is a tranche of its own, every required field missing.
    expect(result.tranches.map((t) => t.title)).toEqual(['4.850% Notes due 2029', '5.200% Notes due 2034', '5.600% Notes due 2054']);
    expect(result.problems).toContainEqual({
      field: 'tranches[2].principalAmount',
      message: 'missing: no principal amount stated for this tranche',
    });
  });

  it('a headline total the tranches do not add up to: needs review', () => {
    const result = parseTermSheet(sheet('f15-headline-total-mismatch.txt'));
    expect(result.status).toBe('needs review');
    expect(result.problems).toEqual([
      {
        field: 'tranches',
        message:
          'the headline "$1,250,000,000 Senior Notes" states $1,250,000,000 in all, but the 1 tranche(s) read add up to $750,000,000',
      },
    ]);
  });

  it('a principal amount stating two amounts for one tranche read: needs review', () => {
    const text = sheet('f15-headline-total-mismatch.txt')
      .replace('$1,250,000,000 Senior Notes\n', '')
      .replace('Principal Amount:               $750,000,000', 'Principal Amount:               $750,000,000 and $500,000,000');
    const result = parseTermSheet(text);
    expect(result.status).toBe('needs review');
    expect(result.problems).toEqual([
      { field: 'tranches[0].principalAmount', message: expect.stringContaining('states 2 amounts ($750,000,000, $500,000,000)') },
    ]);
  });

  it('a floating-rate tranche is not read as a fixed coupon of its margin', () => {
    const result = parseTermSheet(sheet('f16-floating-and-fixed-table.html'));
    expect(result.status).toBe('needs review');
    expect(result.tranches[0]!.coupon).toBeNull();
    expect(result.problems).toContainEqual({ field: 'tranches[0].coupon', message: expect.stringContaining('floating-rate tranche') });
    // The fixed tranche beside it is read exactly, its spread written in percent.
    expect(rows(result)[1]).toEqual([
      '4.650% Senior Notes due 2030',
      600_000_000,
      '2030-01-15',
      0.0465,
      99.806,
      0.04694,
      99 + 24.75 / 32,
      0.04434,
      26,
      null,
      null,
      '63355VAE0',
      'US63355VAE02',
    ]);
  });
});

describe('only US-dollar deals priced over Treasuries', () => {
  it('a euro sheet priced over Bunds and mid-swaps is rejected, the currency the first reason', () => {
    const result = parseTermSheet(sheet('f11-euro-bund-refused.html'));
    expect(result.status).toBe('rejected');
    expect(result.currency).toBe('EUR');
    expect(result.problems[0]).toEqual({
      field: 'currency',
      message: 'the notes are in EUR, not US dollars ("€750,000,000"): only US-dollar deals can be imported',
    });
    expect(result.problems.map((p) => p.field)).toEqual([
      'currency',
      'currency',
      'tranches[0].benchmarkTreasury',
      'tranches[1].benchmarkTreasury',
    ]);
  });

  it('a sterling sheet priced over a Gilt is rejected', () => {
    const result = parseTermSheet(sheet('f12-sterling-gilt-refused.txt'));
    expect(result).toMatchObject({ status: 'rejected', currency: 'GBP' });
    expect(result.problems.map((p) => p.field)).toEqual(['currency', 'tranches[0].benchmarkTreasury']);
  });

  it('a currency stated on its own label, with a bare amount and an OAT benchmark, is rejected', () => {
    const result = parseTermSheet(sheet('f13-currency-label-oat-refused.html'));
    expect(result).toMatchObject({ status: 'rejected', currency: 'EUR' });
    expect(result.problems[0]!.message).toContain('not US dollars ("Euro")');
  });

  it('a dollar sheet priced against a Bund goes to review, naming the benchmark', () => {
    const text = sheet('f02-name-of-issuer-percent-spread-32nds-fraction.txt').replace(
      'Benchmark Treasury:                4.250% due May 15, 2035',
      'Benchmark Bund:                    DBR 2.500% due February 15, 2035',
    );
    const result = parseTermSheet(text);
    expect(result.status).toBe('needs review');
    expect(result.currency).toBeUndefined();
    expect(result.problems).toEqual([
      {
        field: 'tranches[0].benchmarkTreasury',
        message:
          'priced against "DBR 2.500% due February 15, 2035", not a US Treasury: the spread and yields are not over the Treasury curve',
      },
    ]);
  });
});

describe('reopenings', () => {
  it('a reopening of one bond is marked on its tranche, with the date interest accrues from', () => {
    const result = parseTermSheet(sheet('f09-reopening-single.html'));
    expect(result).toMatchObject({ status: 'parsed', problems: [], settlementDate: '2024-09-16' });
    expect(result.tranches).toHaveLength(1);
    expect(result.tranches[0]).toMatchObject({
      principalAmount: 250_000_000, // not the $1,000,000,000 outstanding after it
      cusip: '48851EAG3',
      priceToPublic: 101.888,
      reopening: { accruedFrom: '2024-09-01' },
      makeWholeBp: 15, // "Prior to December 1, 2033 …, make-whole call at T+15 bps"
      parCallDate: '2033-12-01', // "on or after December 1, 2033, at par"
    });
  });

  it('a new tranche beside a reopened one: only the reopened one is a reopening', () => {
    const result = parseTermSheet(sheet('f10-new-tranche-and-reopening.txt'));
    expect(result).toMatchObject({ status: 'parsed', problems: [] });
    expect(result.tranches.map((t) => [t.cusip, t.principalAmount, t.reopening ?? null])).toEqual([
      ['92817HAM4', 500_000_000, null], // "plus accrued interest from November 20, 2024", its settlement date
      ['92817HAK8', 300_000_000, { accruedFrom: '2024-11-15' }],
    ]);
    // "Make-whole call at T+10 bps prior to September 20, 2031; par call on or after September 20, 2031",
    // "Make-whole call at T+20 bps prior to November 15, 2053; par call on or after November 15, 2053".
    expect(result.tranches.map((t) => [t.makeWholeBp, t.parCallDate])).toEqual([
      [10, '2031-09-20'],
      [20, '2053-11-15'],
    ]);
  });

  it('boilerplate below the labels saying the issuer may reopen the series does not make a reopening', () => {
    const text = sheet('f02-name-of-issuer-percent-spread-32nds-fraction.txt').replace(
      'Co-Managers:',
      'Further Issuances:                 The Issuer may reopen this series, and issue additional notes, at any time.\nCo-Managers:',
    );
    const result = parseTermSheet(text);
    expect(result).toMatchObject({ status: 'parsed', problems: [] });
    expect(result.tranches[0]!.reopening).toBeUndefined();
  });

  it('a sheet speaking of a reopening without saying which of its tranches: needs review', () => {
    const text = sheet('f03-tranche-table-wrapped-row-calls.html').replace(
      '<p align="center"><b>Pricing Term Sheet</b></p>',
      '<p align="center"><b>Pricing Term Sheet</b></p><p>This offering is a reopening of notes previously issued.</p>',
    );
    const result = parseTermSheet(text);
    expect(result.status).toBe('needs review');
    expect(result.problems).toEqual([{ field: 'tranches', message: expect.stringContaining('does not say which of its 3 tranches') }]);
  });

  it('an "Original Issue Date" before settlement makes a single tranche a reopening; alone, it is the settlement date', () => {
    const single = sheet('f02-name-of-issuer-percent-spread-32nds-fraction.txt');
    const reopened = parseTermSheet(single.replace('Trade Date:', 'Original Issue Date:               March 3, 2025\nTrade Date:'));
    expect(reopened.tranches[0]!.reopening).toEqual({ accruedFrom: '2025-03-03' });
    const asSettlement = parseTermSheet(single.replace('Settlement Date:   ', 'Original Issue Date:'));
    expect(asSettlement).toMatchObject({ status: 'parsed', settlementDate: '2025-06-12' });
    expect(asSettlement.tranches[0]!.reopening).toBeUndefined();
  });
});

describe('values as real sheets write them', () => {
  it('32nds with a fraction of a 32nd: "1/4", "¼", "1⁄4" (fraction slash), "3/4"; a wrong fraction is no price', () => {
    expect(parseTreasuryPrice('99-08 1/4')).toBe(99 + 8.25 / 32);
    expect(parseTreasuryPrice('99-08¼ / 4.100%')).toBe(99 + 8.25 / 32);
    expect(parseTreasuryPrice('99-08 1\u20444')).toBe(99 + 8.25 / 32);
    expect(parseTreasuryPrice('101-08 3/4 / 4.088%')).toBe(101 + 8.75 / 32);
    expect(parseTreasuryPrice('99-08 1/8')).toBe(99 + 8.125 / 32);
    expect(parseTreasuryPrice('99-08+')).toBe(99 + 8.5 / 32);
    expect(parseTreasuryPrice('99-08 5/3')).toBeNull();
  });

  it('spreads in basis points or percent; make-whole in bp or percent; par call phrasings', () => {
    expect(parseSpreadBp('0.750%')).toBe(75);
    expect(parseSpreadBp('+120 basis points (1.20%)')).toBe(120);
    expect(parseSpreadBp('T+95')).toBe(95);
    expect(parseMakeWholeBp('at the Treasury Rate plus 0.50%')).toBe(50);
    expect(parseMakeWholeBp('make-whole call at Adjusted Treasury Rate +20 basis points')).toBe(20);
    expect(parseParCallDate('On and after July 16, 2049, par call, in whole or in part', '2049-10-16')).toBe('2049-07-16');
    expect(parseParCallDate('Par Redemption Provision: December 15, 2042', '2043-06-15')).toBe('2042-12-15');
  });
});
