import { describe, expect, it } from 'vitest';
import { handClock } from '../recordedServer';
import { DailyIndexError, dailyIndexPath, fwpFilings, parseDailyIndex } from './dailyIndex';
import { TokenBucket } from './rateLimit';
import { SubmissionError, parseSubmission } from './submission';

// EDGAR's layout: four header lines, lines holding a single space, the titles wrapped, a rule.
const HEADER = [
  'Description:           Daily Index of EDGAR Dissemination Feed by Form Type',
  'Last Data Received:    Jan 2, 2024',
  'Comments:              webmaster@sec.gov',
  'Anonymous FTP:         ftp://ftp.sec.gov/edgar/',
  ' ',
  ' ',
  'Form Type   Company Name                                                  CIK',
  '      Date Filed  File Name',
  '-'.repeat(141),
];
const row = (form: string, company: string, cik: string, accession: string) =>
  `${form.padEnd(17)}${company.padEnd(62)}${cik.padEnd(12)}${'20240102'.padEnd(12)}edgar/data/${cik}/${accession}.txt`;

describe("EDGAR's daily form index", () => {
  it('is found under the quarter of its day', () => {
    expect(dailyIndexPath('2024-01-02')).toBe('/Archives/edgar/daily-index/2024/QTR1/form.20240102.idx');
    expect(dailyIndexPath('2026-11-23')).toBe('/Archives/edgar/daily-index/2026/QTR4/form.20261123.idx');
  });

  it('reads rows from the right: form types with spaces, names with runs of spaces, CRLF line ends', () => {
    const text = [
      ...HEADER,
      row('FWP', 'GOLDMAN SACHS GROUP INC', '886982', '0000950103-24-000045'),
      row('FWP', 'BANK OF AMERICA  CORP /DE/', '70858', '0001213900-24-000101'),
      row('SCHEDULE 13G/A', 'e.l.f. Beauty, Inc.', '1088875', '0001088875-24-000053'),
      '',
    ].join('\r\n');
    expect(parseDailyIndex(text, '2024-01-02')).toEqual([
      {
        formType: 'FWP',
        companyName: 'GOLDMAN SACHS GROUP INC',
        cik: '886982',
        dateFiled: '2024-01-02',
        fileName: 'edgar/data/886982/0000950103-24-000045.txt',
        accessionNumber: '0000950103-24-000045',
      },
      expect.objectContaining({ formType: 'FWP', companyName: 'BANK OF AMERICA  CORP /DE/', cik: '70858' }),
      expect.objectContaining({ formType: 'SCHEDULE 13G/A', companyName: 'e.l.f. Beauty, Inc.', accessionNumber: '0001088875-24-000053' }),
    ]);
  });

  it('keeps one row per FWP filing, the first listed, and no other form', () => {
    const rows = parseDailyIndex(
      [
        ...HEADER,
        row('424B2', 'JPMORGAN CHASE & CO', '19617', '0001213900-24-000001'),
        row('FWP', 'NORTHWIND INDUSTRIES, INC.', '1999001', '0001193125-24-000002'),
        row('FWP', 'CONTOSO BANK CORP', '1999002', '0001193125-24-000002'),
        row('FWP/A', 'CONTOSO BANK CORP', '1999002', '0001193125-24-000003'),
        '',
      ].join('\n'),
      '2024-01-02',
    );
    expect(fwpFilings(rows).map((r) => [r.companyName, r.accessionNumber])).toEqual([
      ['NORTHWIND INDUSTRIES, INC.', '0001193125-24-000002'],
    ]);
  });

  it('accepts a day with no filings, and refuses a row it cannot read, naming its line', () => {
    expect(parseDailyIndex([...HEADER, ''].join('\n'), '2024-01-02')).toEqual([]);
    const bad = [
      ...HEADER,
      'FWP              SOMEONE                                                       12345       2024-01-02  edgar/data/12345/x.txt',
      '',
    ];
    expect(() => parseDailyIndex(bad.join('\n'), '2024-01-02')).toThrow(/line 10 of the daily index of 2024-01-02 is not a filing row/);
    expect(() => parseDailyIndex(HEADER.slice(0, 6).join('\n') + '\n', '2024-01-02')).toThrow(DailyIndexError);
  });
});

const submission = (documents: string, accession = '0001193125-24-000002') =>
  [
    `<SEC-DOCUMENT>${accession}.txt : 20240102`,
    `<SEC-HEADER>${accession}.hdr.sgml : 20240102`,
    `ACCESSION NUMBER:\t\t${accession}`,
    'CONFORMED SUBMISSION TYPE:\tFWP',
    'FILED AS OF DATE:\t\t20240102',
    'SUBJECT COMPANY:\t',
    '\tCOMPANY DATA:\t',
    '\t\tCOMPANY CONFORMED NAME:\t\t\tNORTHWIND INDUSTRIES, INC.',
    '</SEC-HEADER>',
    documents,
    '</SEC-DOCUMENT>',
    '',
  ].join('\n');
const doc = (type: string, fileName: string, text: string) =>
  `<DOCUMENT>\n<TYPE>${type}\n<SEQUENCE>1\n<FILENAME>${fileName}\n<DESCRIPTION>${type}\n<TEXT>\n${text}\n</TEXT>\n</DOCUMENT>`;

describe('an EDGAR complete submission text', () => {
  it('gives its FWP document, HTML or plain text, and the header facts', () => {
    const html = parseSubmission(
      submission(
        doc('GRAPHIC', 'g1.jpg', 'begin 644 g1.jpg\n`\nend') + '\n' + doc('FWP', 'd1dfwp.htm', '<html><p>Issuer: Northwind</p></html>'),
      ),
      '0001193125-24-000002',
    );
    expect(html).toEqual({
      accessionNumber: '0001193125-24-000002',
      formType: 'FWP',
      filedAsOf: '2024-01-02',
      companyName: 'NORTHWIND INDUSTRIES, INC.',
      primary: { type: 'FWP', sequence: 1, fileName: 'd1dfwp.htm', contentType: 'html', content: '<html><p>Issuer: Northwind</p></html>' },
    });
    const text = parseSubmission(submission(doc('FWP', 'd1dfwp.txt', 'Issuer:    Northwind Industries, Inc.')), '0001193125-24-000002');
    expect(text.primary).toMatchObject({ contentType: 'text', content: 'Issuer:    Northwind Industries, Inc.' });
  });

  it('refuses a PDF, another filing, or one cut off — only the last is worth fetching again', () => {
    const refusal = (text: string, accession = '0001193125-24-000002') => {
      try {
        parseSubmission(text, accession);
      } catch (err) {
        return err instanceof SubmissionError ? { message: err.message, cutOff: err.cutOff } : err;
      }
      return null;
    };
    expect(refusal(submission(doc('FWP', 'd1dfwp.pdf', '<PDF>\nbegin 644 d1dfwp.pdf\n`\nend\n</PDF>')))).toEqual({
      message: expect.stringMatching(/is a PDF or other binary file/),
      cutOff: false,
    });
    expect(refusal(submission(doc('FWP', 'd1.htm', '<p>x</p>')), '0001193125-24-000009')).toEqual({
      message: 'filing 0001193125-24-000009 states accession number 0001193125-24-000002',
      cutOff: false,
    });
    const whole = submission(doc('FWP', 'd1.htm', '<p>x</p>'));
    expect(refusal(whole.slice(0, whole.length - 30))).toEqual({ message: expect.stringMatching(/was cut off/), cutOff: true });
  });
});

describe("the SEC's rate limit as a token bucket", () => {
  it('spaces requests 100 ms apart on a clock that moves only when waited on', async () => {
    const clock = handClock(0);
    const bucket = new TokenBucket(clock, 10);
    const at: number[] = [];
    for (let i = 0; i < 12; i += 1) {
      await bucket.take();
      at.push(clock.now());
    }
    expect(at).toEqual([0, 100, 200, 300, 400, 500, 600, 700, 800, 900, 1000, 1100]);
  });

  it('does not wait when the time since the last request already earned a token', async () => {
    const clock = handClock(0);
    const bucket = new TokenBucket(clock, 10);
    await bucket.take();
    clock.t += 250;
    await bucket.take();
    await bucket.take();
    expect(clock.sleeps).toEqual([100]);
  });

  it('keeps its reckoning when the clock stands still while it waits', async () => {
    const frozen = { now: () => 0, sleeps: [] as number[], sleep: async (ms: number) => void frozen.sleeps.push(ms) };
    const bucket = new TokenBucket(frozen, 10);
    await Promise.all([bucket.take(), bucket.take(), bucket.take()]);
    expect(frozen.sleeps).toEqual([100, 200]);
  });
});
