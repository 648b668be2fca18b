import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseTermSheet, type TermSheetTranche } from './fwpParser';
import { decodeEntities } from './documentBlocks';
import { parseTreasuryPrice } from './termSheetValues';

/** Every expected value below is written out from the sample's text (samples/fwp/README.md says what each shows). */
const sample = (name: string) => readFileSync(new URL(`../../../../samples/fwp/${name}`, import.meta.url), 'utf8');

const NORTHWIND_BANKS = ['Fabrikam Securities LLC', 'Woodgrove Securities, Inc.', 'Tailspin Capital Markets LLC', 'Litware & Co. LLC'];
const NORTHWIND_PAYMENTS = 'May 15 and November 15, commencing May 15, 2027';

const NORTHWIND_TABLE_TRANCHES: TermSheetTranche[] = [
  {
    title: '4.500% Notes due 2031',
    principalAmount: 500_000_000,
    maturityDate: '2031-11-15',
    coupon: 0.045,
    priceToPublic: 99.812,
    yieldToMaturity: 0.04543,
    benchmarkTreasury: 'UST 3.875% due October 31, 2031',
    benchmarkPrice: 100 + 4.5 / 32, // 100-04+
    benchmarkYield: 0.03843,
    spreadBp: 70,
    interestPaymentDates: NORTHWIND_PAYMENTS,
    firstPaymentDate: '2027-05-15',
    makeWholeBp: 10,
    parCallDate: '2031-10-15',
    cusip: '66985NAA7', // written "66985N AA7"
    isin: 'US66985NAA72',
  },
  {
    title: '5.100% Notes due 2036',
    principalAmount: 750_000_000,
    maturityDate: '2036-11-15',
    coupon: 0.051,
    priceToPublic: 99.732,
    yieldToMaturity: 0.05135,
    benchmarkTreasury: 'UST 4.125% due November 15, 2036',
    benchmarkPrice: 99 + 16.5 / 32, // 99-16+
    benchmarkYield: 0.04185,
    spreadBp: 95,
    interestPaymentDates: NORTHWIND_PAYMENTS,
    firstPaymentDate: '2027-05-15',
    makeWholeBp: 15,
    parCallDate: '2036-08-15',
    cusip: '66985NAB5',
    isin: 'US66985NAB55',
  },
  {
    title: '5.900% Notes due 2056',
    principalAmount: 1_000_000_000,
    maturityDate: '2056-11-15',
    coupon: 0.059,
    priceToPublic: 99.849,
    yieldToMaturity: 0.05911,
    benchmarkTreasury: 'UST 4.625% due November 15, 2056',
    benchmarkPrice: 98 + 20 / 32, // 98-20
    benchmarkYield: 0.04711,
    spreadBp: 120,
    interestPaymentDates: NORTHWIND_PAYMENTS,
    firstPaymentDate: '2027-05-15',
    makeWholeBp: 20,
    parCallDate: '2056-05-15',
    cusip: '66985NAC3',
    isin: 'US66985NAC39',
  },
];

const CONTOSO_PAYMENTS = 'June 3 and December 3, commencing June 3, 2027';
const CONTOSO_TRANCHES: TermSheetTranche[] = [
  {
    title: '3.950% Senior Notes due 2031',
    principalAmount: 1_250_000_000,
    maturityDate: '2031-12-03',
    coupon: 0.0395,
    priceToPublic: 99.816,
    yieldToMaturity: 0.03991,
    benchmarkTreasury: 'UST 3.500% due November 30, 2031',
    benchmarkPrice: 101 + 6 / 32, // 101-06
    benchmarkYield: 0.03241,
    spreadBp: 75,
    interestPaymentDates: CONTOSO_PAYMENTS,
    firstPaymentDate: '2027-06-03',
    makeWholeBp: 15,
    parCallDate: '2031-11-03',
    cusip: '21238CAE3',
    isin: 'US21238CAE30',
  },
  {
    title: '4.700% Senior Notes due 2036',
    principalAmount: 750_000_000,
    maturityDate: '2036-12-03',
    coupon: 0.047,
    priceToPublic: 99.826,
    yieldToMaturity: 0.04722,
    benchmarkTreasury: 'UST 4.000% due November 15, 2036',
    benchmarkPrice: 101 + 28 / 32, // 101-28
    benchmarkYield: 0.03772,
    spreadBp: 95,
    interestPaymentDates: CONTOSO_PAYMENTS,
    firstPaymentDate: '2027-06-03',
    makeWholeBp: 20,
    parCallDate: '2036-09-03',
    cusip: '21238CAF0',
    isin: 'US21238CAF05',
  },
];

describe('reading the sample term sheets', () => {
  it('the 3-tranche HTML table: a column per tranche, common fields spanning the columns, script and style ignored', () => {
    expect(parseTermSheet(sample('northwind-3-tranche-table.html'))).toEqual({
      status: 'parsed',
      layout: 'table',
      issuer: 'Northwind Industries, Inc.',
      tradeDate: '2026-11-23',
      settlementDate: '2026-11-27',
      bookrunners: NORTHWIND_BANKS,
      ratings: { moodys: 'A3', sp: 'A-', fitch: 'A' },
      tranches: NORTHWIND_TABLE_TRANCHES,
      problems: [],
    });
  });

  it('the 2-tranche plain text: headed blocks, common fields above them and the bookrunners below', () => {
    expect(parseTermSheet(sample('contoso-2-tranche-blocks.txt'))).toEqual({
      status: 'parsed',
      layout: 'blocks',
      issuer: 'Contoso Bank Corp.',
      tradeDate: '2026-11-30',
      settlementDate: '2026-12-03',
      bookrunners: ['Fabrikam Securities LLC', 'Woodgrove Securities, Inc.', 'Tailspin Capital Markets LLC'],
      ratings: { moodys: 'A1', sp: 'A-', fitch: 'A+' },
      tranches: CONTOSO_TRANCHES,
      problems: [],
    });
  });

  it('the single-tranche HTML blocks: make-whole and par call under Optional Redemption, entities in labels and values', () => {
    expect(parseTermSheet(sample('northwind-single-tranche-blocks.html'))).toEqual({
      status: 'parsed',
      layout: 'blocks',
      issuer: 'Northwind Industries, Inc.',
      tradeDate: '2026-11-23',
      settlementDate: '2026-11-27',
      bookrunners: ['Fabrikam Securities LLC', 'Woodgrove Securities, Inc.'],
      ratings: { moodys: 'A3', sp: 'A-', fitch: 'A' },
      tranches: [
        {
          title: '5.100% Notes due 2035',
          principalAmount: 600_000_000,
          maturityDate: '2035-11-15',
          coupon: 0.051,
          priceToPublic: 99.717,
          yieldToMaturity: 0.0514,
          benchmarkTreasury: 'UST 4.125% due November 15, 2035',
          benchmarkPrice: 99 + 16.5 / 32, // "99&#8209;16+", a non-breaking hyphen
          benchmarkYield: 0.0419,
          spreadBp: 95,
          interestPaymentDates: NORTHWIND_PAYMENTS,
          firstPaymentDate: '2027-05-15',
          makeWholeBp: 15,
          parCallDate: '2035-08-15',
          cusip: '66985NAD1',
          isin: 'US66985NAD12',
        },
      ],
      problems: [],
    });
  });

  it('a price that is not the price at its yield within 1/8: needs review, naming tranches[0].priceToPublic with both prices', () => {
    const result = parseTermSheet(sample('contoso-price-contradicts-yield.txt'));
    expect(result.status).toBe('needs review');
    expect(result.tranches[0]).toMatchObject({
      coupon: 0.0425,
      yieldToMaturity: 0.04262,
      priceToPublic: 99.75,
      maturityDate: '2029-12-03',
    });
    expect(result.problems).toEqual([{ field: 'tranches[0].priceToPublic', message: expect.any(String) }]);
    // 99.967: the clean price at 4.262% computed with the analytics when the sample was made (samples/fwp/README.md).
    expect(result.problems[0]!.message).toContain('99.750');
    expect(result.problems[0]!.message).toContain('99.967');
  });

  it('a tranche without its maturity: needs review, naming tranches[1].maturityDate and reading the rest', () => {
    const result = parseTermSheet(sample('northwind-missing-maturity.html'));
    expect(result.status).toBe('needs review');
    expect(result.problems).toEqual([{ field: 'tranches[1].maturityDate', message: 'missing: no maturity date stated for this tranche' }]);
    expect(result.tranches.map((t) => [t.title, t.principalAmount, t.maturityDate, t.coupon, t.priceToPublic])).toEqual([
      ['4.750% Notes due 2033', 400_000_000, '2033-11-15', 0.0475, 99.779],
      ['5.650% Notes due 2046', 350_000_000, null, 0.0565, 99.931],
    ]);
    // Stated once above the blocks, so for both.
    expect(result.tranches.map((t) => t.interestPaymentDates)).toEqual([NORTHWIND_PAYMENTS, NORTHWIND_PAYMENTS]);
    expect(result.bookrunners).toEqual(['Fabrikam Securities LLC', 'Woodgrove Securities, Inc.', 'Tailspin Capital Markets LLC']);
  });
});

/** The Contoso sample's deal as a table with a column per tranche, as another issuer's counsel would lay it out. */
const CONTOSO_AS_TABLE = `<html><body><p>CONTOSO BANK CORP. Final Pricing Term Sheet</p><table>
<tr><td></td><td><b>3.950% Senior Notes due 2031</b></td><td><b>4.700% Senior Notes due 2036</b></td></tr>
<tr><td>Issuer:</td><td colspan="2">Contoso Bank Corp.</td></tr>
<tr><td>Expected Ratings:</td><td colspan="2">Moody's: A1 / S&amp;P: A- / Fitch: A+<br>(stable / stable / stable)</td></tr>
<tr><td>Trade Date:</td><td colspan="2">November 30, 2026</td></tr>
<tr><td>Settlement Date:</td><td colspan="2">December 3, 2026 (T+3)</td></tr>
<tr><td>Principal Amount:</td><td>$1,250,000,000</td><td>$750,000,000</td></tr>
<tr><td>Maturity Date:</td><td>December 3, 2031</td><td>December 3, 2036</td></tr>
<tr><td>Coupon:</td><td>3.950%</td><td>4.700%</td></tr>
<tr><td>Interest Payment Dates:</td><td colspan="2">June 3 and December 3, commencing June 3, 2027</td></tr>
<tr><td>Benchmark Treasury:</td><td>UST 3.500% due November 30, 2031</td><td>UST 4.000% due November 15, 2036</td></tr>
<tr><td>Benchmark Treasury Price / Yield:</td><td>101-06 / 3.241%</td><td>101-28 / 3.772%</td></tr>
<tr><td>Spread to Benchmark Treasury:</td><td>T+75 bps</td><td>T+95 bps</td></tr>
<tr><td>Yield to Maturity:</td><td>3.991%</td><td>4.722%</td></tr>
<tr><td>Price to Public:</td><td>99.816% of the principal amount</td><td>99.826% of the principal amount</td></tr>
<tr><td>Optional Redemption:</td><td>Prior to November 3, 2031 (one month prior to their maturity date) (the "Par Call Date"),
at a discount rate of the Treasury Rate plus 15 basis points; on or after the Par Call Date, at 100%</td>
<td>Prior to September 3, 2036 (three months prior to their maturity date) (the "Par Call Date"), at a discount rate of
the Treasury Rate plus 20 basis points; on or after the Par Call Date, at 100%</td></tr>
<tr><td>CUSIP / ISIN:</td><td>21238CAE3 / US21238CAE30</td><td>21238CAF0 / US21238CAF05</td></tr>
<tr><td>Joint Book-Running Managers:</td><td colspan="2">Fabrikam Securities LLC<br>Woodgrove Securities, Inc.<br>Tailspin Capital Markets LLC</td></tr>
</table></body></html>`;

describe('the two layouts', () => {
  it('the same deal laid out as a table and as repeated blocks reads the same, but for the layout', () => {
    const table = parseTermSheet(CONTOSO_AS_TABLE);
    const blocks = parseTermSheet(sample('contoso-2-tranche-blocks.txt'));
    expect(table.layout).toBe('table');
    expect(blocks.layout).toBe('blocks');
    expect({ ...table, layout: 'blocks' }).toEqual(blocks);
    expect(table.tranches).toEqual(CONTOSO_TRANCHES);
  });

  it('blocks without headings: the repeated label starts the next tranche, and the headlines above the issuer name them', () => {
    const unheaded = sample('contoso-2-tranche-blocks.txt')
      .replace(/^3\.950% Senior Notes due 2031\n/m, '')
      .replace(/^4\.700% Senior Notes due 2036\n/m, '');
    expect(unheaded).not.toMatch(/^3\.950%/m);
    expect(parseTermSheet(unheaded)).toEqual(parseTermSheet(sample('contoso-2-tranche-blocks.txt')));
  });

  it('an empty cell in a tranche column is that tranche missing the field, not the next tranche shifting left', () => {
    const html = sample('northwind-3-tranche-table.html').replace('<td>November&nbsp;15, 2036</td>', '<td>&nbsp;</td>');
    const result = parseTermSheet(html);
    expect(result.status).toBe('needs review');
    expect(result.problems).toEqual([{ field: 'tranches[1].maturityDate', message: 'missing: no maturity date stated for this tranche' }]);
    expect(result.tranches.map((t) => t.maturityDate)).toEqual(['2031-11-15', null, '2056-11-15']);
  });

  it('labels match whatever their case, punctuation and spacing, and "$" or "%" in cells of their own', () => {
    const text = [
      'ISSUER :  Contoso Bank Corp.',
      'trade date: November 30, 2026',
      'SETTLEMENT:  December 3, 2026',
      'Principal  Amount:  US$1.25 billion',
      'Maturity:  December 3, 2031',
      'coupon  (interest rate):  3.950%',
      'Initial Price to Public :  99.816%',
      'Re-Offer Yield:  3.991%',
      'Cusip/Isin:  21238CAE3 / US21238CAE30',
    ].join('\n');
    expect(parseTermSheet(text)).toMatchObject({
      status: 'parsed',
      issuer: 'Contoso Bank Corp.',
      tranches: [{ principalAmount: 1_250_000_000, coupon: 0.0395, priceToPublic: 99.816, yieldToMaturity: 0.03991, cusip: '21238CAE3' }],
    });
    const table =
      '<table><tr><td>Size</td><td>$</td><td>500,000,000</td><td></td><td>$</td><td>750,000,000</td><td></td></tr>' +
      '<tr><td>Coupon</td><td></td><td>4.500</td><td>%</td><td></td><td>5.100</td><td>%</td></tr></table>';
    expect(parseTermSheet(`<p>Issuer: X Corp.</p>${table}`).tranches.map((t) => [t.principalAmount, t.coupon])).toEqual([
      [500_000_000, 0.045],
      [750_000_000, 0.051],
    ]);
  });
});

describe('Treasury prices in 32nds', () => {
  it('"99-16+" is 99 + 16.5/32: the "+" is half a 32nd; a third digit counts eighths; a decimal price stays', () => {
    expect(parseTreasuryPrice('99-16+')).toBe(99.515625);
    expect(parseTreasuryPrice('99-16+ / 4.187%')).toBe(99.515625);
    expect(parseTreasuryPrice('100-04+')).toBe(100.140625);
    expect(parseTreasuryPrice('99-16')).toBe(99.5);
    expect(parseTreasuryPrice('98-00')).toBe(98);
    expect(parseTreasuryPrice('99-162')).toBe(99 + 16.25 / 32);
    expect(parseTreasuryPrice('99-31+')).toBe(99 + 31.5 / 32);
    expect(parseTreasuryPrice('99.515625 / 4.187%')).toBe(99.515625);
    expect(parseTreasuryPrice('99-32')).toBeNull(); // no 32nd is 32
    expect(parseTreasuryPrice('4.187%')).toBeNull();
  });
});

describe('HTML entities and spaces', () => {
  it('decodes &amp; &nbsp; &#8217; &#x2019; &#160; and reads a no-break space as a space', () => {
    expect(decodeEntities('Moody&#8217;s &amp; Fitch&#x2019;s&nbsp;&#160;A&ndash;&unknown;&#xZZ;')).toBe(
      'Moody\u2019s & Fitch\u2019s\u00a0\u00a0A\u2013&unknown;&#xZZ;',
    );
    const html =
      '<p><b>Issuer:</b>&nbsp;Fabrikam&nbsp;&amp;&nbsp;Sons,&#160;Inc. (the &#8220;Company&#8221;)</p>' +
      '<p><b>Expected&nbsp;Ratings (Moody&#8217;s / S&amp;P):</b> Baa1 / BBB+</p>' +
      '<p><b>Trade\u00a0Date:</b> November\u00a023,\u00a02026</p>' +
      '<p><b>Settlement Date:</b> November 27, 2026</p>' +
      '<p><b>Principal Amount:</b> $300,000,000</p><p><b>Maturity:</b> Nov.&nbsp;15, 2035</p><p><b>Coupon:</b> 5.100%</p>' +
      '<p><b>Yield to Maturity:</b> 5.140%</p><p><b>Price to Public:</b> 99.717%</p>' +
      '<p><b>Optional Redemption:</b> Make&#x2011;whole call at T&#x2009;+&#x2009;15&nbsp;bps</p>' +
      '<p><b>Joint Book-Running Managers:</b> Fabrikam&nbsp;Securities&nbsp;LLC, Woodgrove Securities,&nbsp;Inc.</p>';
    expect(parseTermSheet(html)).toMatchObject({
      status: 'parsed',
      issuer: 'Fabrikam & Sons, Inc.',
      tradeDate: '2026-11-23',
      ratings: { moodys: 'Baa1', sp: 'BBB+' },
      bookrunners: ['Fabrikam Securities LLC', 'Woodgrove Securities, Inc.'],
      tranches: [{ principalAmount: 300_000_000, maturityDate: '2035-11-15', coupon: 0.051, makeWholeBp: 15 }],
    });
  });

  it('is told the content type or finds it, and reads HTML markup given as text as text', () => {
    const html = sample('northwind-single-tranche-blocks.html');
    expect(parseTermSheet(html, 'html')).toEqual(parseTermSheet(html));
    expect(parseTermSheet(sample('contoso-2-tranche-blocks.txt'), 'text').status).toBe('parsed');
    expect(parseTermSheet('<p>Issuer: Northwind</p>', 'text').status).toBe('rejected');
  });
});

describe('consistency checks', () => {
  const contoso = sample('contoso-2-tranche-blocks.txt');
  const problemsOf = (text: string) => parseTermSheet(text).problems;

  it('a yield that is not the benchmark yield + spread within 0.5 bp names tranches[i].spreadBp with the numbers', () => {
    const result = parseTermSheet(contoso.replace('T+95 bps', 'T+96 bps'));
    expect(result.status).toBe('needs review');
    expect(result.problems).toEqual([
      {
        field: 'tranches[1].spreadBp',
        message: 'yield to maturity 4.722% is not the benchmark yield 3.772% + 96 bp = 4.732%: 1 bp apart, more than 0.5 bp',
      },
    ]);
    // 0.4 bp off is rounding.
    expect(problemsOf(contoso.replace('Yield to Maturity:              3.991%', 'Yield to Maturity:              3.9914%'))).toEqual([]);
  });

  it('settlement before the trade date names settlementDate', () => {
    expect(problemsOf(contoso.replace('Trade Date:                     November 30, 2026', 'Trade Date: December 4, 2026'))).toEqual([
      { field: 'settlementDate', message: 'settlement date 2026-12-03 is before the trade date 2026-12-04' },
    ]);
  });

  it('a maturity not after settlement names tranches[i].maturityDate', () => {
    expect(
      problemsOf(contoso.replace('Maturity Date:                  December 3, 2036', 'Maturity Date: December 3, 2026')),
    ).toContainEqual({
      field: 'tranches[1].maturityDate',
      message: 'maturity 2026-12-03 is not after the settlement date 2026-12-03',
    });
  });

  it('wrong CUSIP and ISIN check digits name tranches[i].cusip and tranches[i].isin', () => {
    expect(problemsOf(contoso.replace('21238CAE3 / US21238CAE30', '21238CAE4 / US21238CAE31'))).toEqual([
      { field: 'tranches[0].cusip', message: 'CUSIP 21238CAE4 fails its check digit (3 expected, not 4)' },
      { field: 'tranches[0].isin', message: 'ISIN US21238CAE31 fails its check digit (0 expected, not 1)' },
    ]);
    expect(problemsOf(contoso.replace('21238CAE3 / US21238CAE30', '21238CAE3 / US21238CAF05'))).toEqual([
      { field: 'tranches[0].isin', message: 'ISIN US21238CAF05 does not carry the CUSIP 21238CAE3' },
    ]);
  });

  it('a par call after maturity names tranches[i].parCallDate', () => {
    const text = sample('contoso-price-contradicts-yield.txt')
      .replace('Price to Public: 99.750%', 'Price to Public: 99.967%')
      .replace('on or after November 3, 2029', 'on or after January 3, 2030');
    expect(parseTermSheet(text).problems).toEqual([
      { field: 'tranches[0].parCallDate', message: 'par call date 2030-01-03 is after the maturity 2029-12-03' },
    ]);
  });

  it('settlement stated only as "T+3" is counted in weekdays from the trade date, and flagged for the holidays it cannot know', () => {
    const result = parseTermSheet(contoso.replace('December 3, 2026 (T+3)', 'T+3'));
    expect(result.settlementDate).toBe('2026-12-03'); // Monday 30 November + 3 weekdays
    expect(result.problems).toEqual([{ field: 'settlementDate', message: expect.stringContaining('holidays not known') }]);
  });

  it('a common field stated twice differently is a problem', () => {
    expect(problemsOf(contoso.replace('Denominations:', 'Trade Date: December 1, 2026\nDenominations:'))).toEqual([
      { field: 'tradeDate', message: 'stated twice and differently: 2026-11-30 and 2026-12-01' },
    ]);
  });
});

describe('what is not a pricing term sheet', () => {
  it('an empty string is rejected, saying it is empty', () => {
    expect(parseTermSheet('')).toMatchObject({
      status: 'rejected',
      tranches: [],
      problems: [{ field: 'document', message: 'empty: there is nothing to read' }],
    });
  });

  it('a random HTML page is rejected: no tranche, no issuer', () => {
    const page =
      '<!DOCTYPE html><html><head><title>Welcome</title><style>p { margin: 0 }</style></head><body>' +
      '<h1>Our summer sale</h1><p>Size: large. Amount: whatever you like.</p><table><tr><td>Shoes</td><td>Hats</td></tr></table></body></html>';
    const result = parseTermSheet(page);
    expect(result.status).toBe('rejected');
    expect(result.problems.slice(0, 2)).toEqual([
      {
        field: 'tranches',
        message: 'no tranche found: no principal amount, maturity, coupon, price to public or yield to maturity can be read',
      },
      { field: 'issuer', message: 'no issuer stated' },
    ]);
  });

  // Linear scans only: a pattern that backtracked catastrophically would run for minutes here, past the suite's timeout.
  it('5 MB of text, and 5 MB of hostile markup, are rejected with a reason, without throwing', () => {
    const words = ['Coupon', 'due', '%', '$1,', '99-16', 'T+', 'November 15,', 'Issuer', ':', '(', '<', '&amp', '\n'];
    const text = Array.from({ length: 1_200_000 }, (_, i) => words[(i * 7) % words.length]).join(' ');
    expect(text.length).toBeGreaterThan(5_000_000);
    const hostile = [
      text,
      '<'.repeat(5_000_000),
      '<p'.repeat(2_500_000),
      '<script>' + 'x'.repeat(5_000_000),
      '<table>' + '<tr><td>x'.repeat(500_000),
      'Optional Redemption: make-whole ' + ' '.repeat(5_000_000) + 'x',
      'Principal Amount: ' + '1,'.repeat(2_500_000),
      'Benchmark Treasury Price / Yield: ' + '99-'.repeat(1_700_000),
      '&#'.repeat(2_500_000),
      '<table><tr><td>Coupon</td>' + '<td>1%'.repeat(600_000), // a table 600,000 tranches wide
      '4.000% Notes due 2031\nCoupon: 4%\n4.000% Notes due 2032\nTrade Date: x\n'.repeat(80_000), // headings and labels, alternating
    ];
    for (const source of hostile) {
      const result = parseTermSheet(source);
      expect(result.status).toBe('rejected');
      expect(result.problems[0]).toMatchObject({ field: expect.stringMatching(/^(tranches|issuer|document)$/) });
    }
    // 55 MB of input: seconds on an idle machine, past the 30-s default under a loaded CI (seen at
    // load average 25). The limit guards against a hang (a backtracking pattern), not speed.
  }, 300_000);

  it('a document over 10 MB is rejected without being read', () => {
    expect(parseTermSheet('x'.repeat(10 * 1024 * 1024 + 1)).problems).toEqual([
      { field: 'document', message: "10485761 characters, more than a term sheet's 10485760" },
    ]);
  });
});
