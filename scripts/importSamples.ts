/**
 * Writes the project's sample import files (samples/): a Treasury par yield curve CSV, a bond
 * reference CSV and the same TRACE trade reports in FINRA's two layouts, the Enhanced historical
 * file and the academic data file, whose trades reference those bonds. The
 * numbers are made up but shaped like the real files. Deterministic: re-running rewrites the same
 * bytes. Run: `npx tsx scripts/importSamples.ts`. The TRACE line writer is shared with the
 * import benchmark, which uses it for its million-row file.
 */
import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { cusipCheckDigit } from '../server/services/market/codesAndRatings';
import { mulberry32 } from '@common/random';
import { BOND_REFERENCE_FIELDS } from '../common/api/tradesMissingBonds';
import { businessDaysFrom } from '../common/calendar';
import type { CouponType } from '../common/market';

/** The header of FINRA's Enhanced Historical Data files (display names), in their order. */
export const TRACE_ENHANCED_HEADER = [
  'Record Count Num',
  'Reference Number',
  'Trade Status',
  'TRACE Symbol',
  'CUSIP',
  'Bloomberg Identifier',
  'Sub Product',
  'When Issued Indicator',
  'Remuneration',
  'Quantity',
  'Price',
  'Yield Direction',
  'Yield',
  'As Of Indicator',
  'Execution Date',
  'Execution Time',
  'Trade Report Date',
  'Trade Report Time',
  'Settlement Date',
  'Trade Modifier 3',
  'Trade Modifier 4',
  'Buy/Sell Indicator',
  'Buyer Commission',
  'Buyer Capacity',
  'Seller Commission',
  'Seller Capacity',
  'Reporting Party Type',
  'Contra Party Indicator',
  'Locked In Indicator',
  'ATS Indicator',
  'Special Price Indicator',
  'Trading Market Indicator',
  'Dissemination Flag',
  'Prior Trade Report Date',
  'Prior Reference Number',
  'First Trade Control Date',
  'First Trade Control Number',
];

/**
 * The header of FINRA's academic TRACE data files (short field names), in their order. The
 * reporting and contra parties are masked identifiers there; CNTRA_PARTY_ID is C for a customer,
 * A for a non-member affiliate, otherwise the contra dealer's masked identifier.
 */
export const TRACE_ACADEMIC_HEADER = [
  'REC_CT_NB',
  'TRD_ST_CD',
  'ISSUE_SYM_ID',
  'CUSIP_ID',
  'RPTG_PARTY_ID',
  'RPTG_PARTY_GVP_ID',
  'PRDCT_SBTP_CD',
  'WIS_DSTRD_CD',
  'NO_RMNRN_CD',
  'ENTRD_VOL_QT',
  'RPTD_PR',
  'YLD_DRCTN_CD',
  'CALCD_YLD_PT',
  'ASOF_CD',
  'TRD_EXCTN_DT',
  'TRD_EXCTN_TM',
  'TRD_RPT_DT',
  'TRD_RPT_TM',
  'TRD_STLMT_DT',
  'TRD_MDFR_LATE_CD',
  'TRD_MDFR_SRO_CD',
  'RPT_SIDE_CD',
  'BUYER_CMSN_AMT',
  'BUYER_CPCTY_CD',
  'SLLR_CMSN_AMT',
  'SLLR_CPCTY_CD',
  'CNTRA_PARTY_ID',
  'CNTRA_PARTY_GVP_ID',
  'LCKD_IN_FL',
  'ATS_FL',
  'SPCL_PR_FL',
  'TRDG_MKT_CD',
  'PBLSH_FL',
  'SYSTM_CNTRL_DT',
  'SYSTM_CNTRL_NB',
  'PREV_TRD_CNTRL_DT',
  'PREV_TRD_CNTRL_NB',
  'FIRST_TRD_CNTRL_DT',
  'FIRST_TRD_CNTRL_NB',
];

/**
 * The column names of WRDS's Enhanced TRACE table (`trace.trace_enhanced`), the ones an extract
 * for cleaning keeps, in a common order. WRDS exports comma- or tab-delimited: the sample is that
 * extract with its delimiter changed to a pipe, which is what the importer reads.
 */
export const TRACE_WRDS_HEADER = [
  'cusip_id',
  'bond_sym_id',
  'trd_exctn_dt',
  'trd_exctn_tm',
  'trd_rpt_dt',
  'trd_rpt_tm',
  'msg_seq_nb',
  'trc_st',
  'wis_fl',
  'entrd_vol_qt',
  'rptd_pr',
  'yld_pt',
  'asof_cd',
  'stlmnt_dt',
  'rpt_side_cd',
  'cntra_mp_id',
  'spcl_trd_fl',
  'orig_msg_seq_nb',
];

/** One line of a WRDS extract: ISO dates and HH:MM:SS times, as WRDS writes them. */
export function traceWrdsLine(t: SampleTrade): string {
  const iso = (d: string) => `${d.slice(0, 4)}-${d.slice(4, 6)}-${d.slice(6, 8)}`;
  const hms = (s: string) => `${s.slice(0, 2)}:${s.slice(2, 4)}:${s.slice(4, 6)}`;
  const reportTime = t.time.slice(0, 4) + String(Math.min(59, Number(t.time.slice(4)) + 7)).padStart(2, '0');
  return [
    t.cusip,
    t.symbol,
    iso(t.date),
    hms(t.time),
    iso(t.date),
    hms(reportTime),
    t.reference,
    t.status,
    'N',
    t.quantity.toFixed(2),
    t.price.toFixed(6),
    t.yieldPct === null ? '' : t.yieldPct.toFixed(6),
    '',
    iso(addDays(t.date, 1)),
    t.side,
    t.contra,
    '',
    t.priorReference ?? '',
  ].join('|');
}

/** A masked market participant identifier as the academic files carry one: a 40-character hex digest. */
export function maskedParty(dealer: number): string {
  return createHash('sha1').update(`sample-dealer-${dealer}`).digest('hex');
}

export interface SampleTrade {
  record: number;
  reference: string;
  status: 'T' | 'R' | 'X' | 'C' | 'Y';
  symbol: string;
  cusip: string;
  quantity: number;
  price: number;
  yieldPct: number | null;
  date: string; // YYYYMMDD
  time: string; // HHMMSS
  side: 'B' | 'S';
  contra: 'C' | 'D';
  ats?: boolean;
  priorReference?: string;
}

/** One pipe-delimited line in the Enhanced layout. */
export function traceLine(t: SampleTrade): string {
  const settle = addDays(t.date, 1);
  const reportTime = t.time.slice(0, 4) + String(Math.min(59, Number(t.time.slice(4)) + 7)).padStart(2, '0');
  return [
    t.record,
    t.reference,
    t.status,
    t.symbol,
    t.cusip,
    '',
    'CORP',
    'N',
    t.contra === 'C' ? 'M' : '',
    t.quantity.toFixed(2),
    t.price.toFixed(6),
    '',
    t.yieldPct === null ? '' : t.yieldPct.toFixed(6),
    '',
    t.date,
    t.time,
    t.date,
    reportTime,
    settle,
    '',
    '',
    t.side,
    '',
    t.side === 'B' ? 'P' : '',
    '',
    t.side === 'S' ? 'P' : '',
    'D',
    t.contra,
    '',
    t.ats ? 'Y' : '',
    '',
    'S1',
    'Y',
    t.priorReference ? t.date : '',
    t.priorReference ?? '',
    t.date,
    t.priorReference ?? t.reference,
  ].join('|');
}

/**
 * One pipe-delimited line in FINRA's academic layout, for a report by the dealer `reporter`
 * (masked) whose contra party is the dealer `contraDealer` (masked) when the trade is
 * dealer-to-dealer, or the customer (C).
 */
export function traceAcademicLine(t: SampleTrade, reporter: string, contraDealer: string): string {
  const reportTime = t.time.slice(0, 4) + String(Math.min(59, Number(t.time.slice(4)) + 7)).padStart(2, '0');
  return [
    t.record,
    t.status,
    t.symbol,
    t.cusip,
    reporter,
    '',
    'CORP',
    'N',
    t.contra === 'C' ? 'M' : '',
    t.quantity.toFixed(2),
    t.price.toFixed(6),
    '',
    t.yieldPct === null ? '' : t.yieldPct.toFixed(6),
    '',
    t.date,
    t.time,
    t.date,
    reportTime,
    addDays(t.date, 1),
    '',
    '',
    t.side,
    '0.00',
    t.side === 'B' ? 'P' : '',
    '0.00',
    t.side === 'S' ? 'P' : '',
    t.contra === 'C' ? 'C' : contraDealer,
    '',
    '',
    t.ats ? 'Y' : '',
    '',
    'S1',
    'Y',
    t.date,
    t.reference,
    t.priorReference ? t.date : '',
    t.priorReference ?? '',
    t.date,
    t.priorReference ?? t.reference,
  ].join('|');
}

function addDays(yyyymmdd: string, days: number): string {
  const d = new Date(Date.UTC(Number(yyyymmdd.slice(0, 4)), Number(yyyymmdd.slice(4, 6)) - 1, Number(yyyymmdd.slice(6, 8)) + days));
  return d.toISOString().slice(0, 10).replace(/-/g, '');
}

/** Deterministic PRNG: the shared mulberry32 (common/random.ts). */
export const rng = mulberry32;

const cusip = (base8: string) => base8 + cusipCheckDigit(base8);

interface SampleBond {
  cusip: string;
  issuer: string;
  ticker: string;
  sector: string;
  couponType: CouponType;
  coupon: number | null;
  freq: number;
  dayCount: string;
  issue: string;
  maturity: string;
  amount: number;
  seniority: string;
  sp: string;
  moody: string;
  calls: string;
  index: string;
  marginBp: number | null;
  /** For the trades: a believable clean price and yield. */
  price: number;
  yieldPct: number | null;
}

/** Twenty bonds of eleven fictional issuers (CUSIP bases starting "ZQ" so none collides with the simulator's). */
export const SAMPLE_BONDS: SampleBond[] = [
  [
    'ZQ1001AA',
    'Northwind Energy Corp',
    'NWEC',
    'ENRG.INTEGRATED_OIL_GAS',
    'fixed',
    4.65,
    2,
    '30/360',
    '2021-02-23',
    '2031-02-23',
    1_250_000_000,
    'Senior Unsecured',
    'A-',
    'A3',
    '2030-11-23@100',
    '',
    null,
    98.742,
    4.93,
  ],
  [
    'ZQ1001AB',
    'Northwind Energy Corp',
    'NWEC',
    'ENRG.INTEGRATED_OIL_GAS',
    'fixed',
    5.4,
    2,
    '30/360',
    '2023-08-15',
    '2053-08-15',
    1_000_000_000,
    'Senior Unsecured',
    'A-',
    'A3',
    '2053-02-15@100',
    '',
    null,
    96.115,
    5.68,
  ],
  [
    'ZQ1002AA',
    'Contoso Bancorp',
    'CNTB',
    'FINL.BANKS',
    'fixed',
    5.125,
    2,
    '30/360',
    '2024-01-22',
    '2029-01-22',
    2_000_000_000,
    'Senior Unsecured',
    'BBB+',
    'A3',
    '',
    '',
    null,
    100.884,
    4.79,
  ],
  [
    'ZQ1002AB',
    'Contoso Bancorp',
    'CNTB',
    'FINL.BANKS',
    'fixed',
    6.25,
    2,
    '30/360',
    '2023-05-01',
    '2034-05-01',
    1_500_000_000,
    'Subordinated',
    'BBB-',
    'Baa2',
    '2033-05-01@100',
    '',
    null,
    104.21,
    5.62,
  ],
  [
    'ZQ1002AC',
    'Contoso Bancorp',
    'CNTB',
    'FINL.BANKS',
    'floating',
    null,
    4,
    'ACT/360',
    '2025-03-10',
    '2028-03-10',
    750_000_000,
    'Senior Unsecured',
    'BBB+',
    'A3',
    '',
    'SOFR',
    95,
    100.31,
    null,
  ],
  [
    'ZQ1003AA',
    'Fabrikam Software Inc',
    'FABK',
    'INFT.SOFTWARE',
    'fixed',
    3.3,
    2,
    '30/360',
    '2020-06-01',
    '2030-06-01',
    1_750_000_000,
    'Senior Unsecured',
    'AA-',
    'Aa3',
    '2030-03-01@100',
    '',
    null,
    97.05,
    4.21,
  ],
  [
    'ZQ1003AB',
    'Fabrikam Software Inc',
    'FABK',
    'INFT.SOFTWARE',
    'fixed',
    4.5,
    2,
    '30/360',
    '2022-06-01',
    '2052-06-01',
    2_250_000_000,
    'Senior Unsecured',
    'AA-',
    'Aa3',
    '2051-12-01@100',
    '',
    null,
    88.94,
    5.29,
  ],
  [
    'ZQ1004AA',
    'Tailspin Airlines Inc',
    'TSPN',
    'INDU.TRANSPORTATION',
    'fixed',
    7.875,
    2,
    '30/360',
    '2024-04-15',
    '2030-04-15',
    900_000_000,
    'Senior Secured',
    'BB-',
    'Ba3',
    '2027-04-15@103.938;2028-04-15@101.969;2029-04-15@100',
    '',
    null,
    102.75,
    7.02,
  ],
  [
    'ZQ1004AB',
    'Tailspin Airlines Inc',
    'TSPN',
    'INDU.TRANSPORTATION',
    'fixed',
    6.5,
    2,
    '30/360',
    '2021-10-01',
    '2028-10-01',
    600_000_000,
    'Senior Unsecured',
    'B+',
    'B1',
    '2026-10-01@101.625;2027-10-01@100',
    '',
    null,
    99.125,
    6.97,
  ],
  [
    'ZQ1005AA',
    'Litware Pharmaceuticals Inc',
    'LTWP',
    'HLTH.PHARMACEUTICALS',
    'fixed',
    4.2,
    2,
    '30/360',
    '2019-11-15',
    '2029-11-15',
    1_500_000_000,
    'Senior Unsecured',
    'A+',
    'A1',
    '2029-08-15@100',
    '',
    null,
    99.62,
    4.34,
  ],
  [
    'ZQ1005AB',
    'Litware Pharmaceuticals Inc',
    'LTWP',
    'HLTH.PHARMACEUTICALS',
    'zero',
    0,
    2,
    '30/360',
    '2020-03-01',
    '2030-03-01',
    500_000_000,
    'Senior Unsecured',
    'A+',
    'A1',
    '',
    '',
    null,
    85.9,
    4.52,
  ],
  [
    'ZQ1006AA',
    'Adatum Telecom Corp',
    'ADTM',
    'COMM.TELECOMMUNICATIONS',
    'fixed',
    5.05,
    2,
    '30/360',
    '2024-09-12',
    '2034-09-12',
    1_250_000_000,
    'Senior Unsecured',
    'BBB',
    'Baa2',
    '2034-06-12@100',
    '',
    null,
    99.41,
    5.13,
  ],
  [
    'ZQ1006AB',
    'Adatum Telecom Corp',
    'ADTM',
    'COMM.TELECOMMUNICATIONS',
    'fixed',
    3.875,
    2,
    '30/360',
    '2020-01-15',
    '2027-01-15',
    1_000_000_000,
    'Senior Unsecured',
    'BBB',
    'Baa2',
    '',
    '',
    null,
    99.47,
    4.6,
  ],
  [
    'ZQ1007AA',
    'Wingtip Resorts Holdings',
    'WNGT',
    'COND.HOTELS_LEISURE',
    'fixed',
    8.25,
    2,
    '30/360',
    '2023-02-01',
    '2031-02-01',
    650_000_000,
    'Senior Unsecured',
    'B',
    'B2',
    '2026-02-01@104.125;2027-02-01@102.063;2028-02-01@100',
    '',
    null,
    101.5,
    7.81,
  ],
  [
    'ZQ1008AA',
    'Proseware Foods Co',
    'PRSW',
    'CONS.FOOD_BEVERAGE',
    'fixed',
    4.75,
    2,
    '30/360',
    '2022-03-30',
    '2032-03-30',
    1_100_000_000,
    'Senior Unsecured',
    'BBB+',
    'Baa1',
    '2031-12-30@100',
    '',
    null,
    99.2,
    4.92,
  ],
  [
    'ZQ1009AA',
    'Alpine Power & Light Co',
    'ALPL',
    'UTIL.ELECTRIC_UTILITIES',
    'fixed',
    5.35,
    2,
    '30/360',
    '2024-05-15',
    '2054-05-15',
    800_000_000,
    'Senior Secured',
    'A',
    'A2',
    '2053-11-15@100',
    '',
    null,
    97.4,
    5.53,
  ],
  [
    'ZQ1009AB',
    'Alpine Power & Light Co',
    'ALPL',
    'UTIL.ELECTRIC_UTILITIES',
    'fixed',
    4.1,
    2,
    '30/360',
    '2019-07-01',
    '2029-07-01',
    600_000_000,
    'Senior Secured',
    'A',
    'A2',
    '',
    '',
    null,
    99.3,
    4.38,
  ],
  [
    'ZQ1010AA',
    'Fourth Coffee Realty Trust',
    'FCRT',
    'REAL.REITS',
    'fixed',
    5.7,
    2,
    '30/360',
    '2023-10-10',
    '2033-10-10',
    700_000_000,
    'Senior Unsecured',
    'BBB-',
    'Baa3',
    '2033-07-10@100',
    '',
    null,
    100.9,
    5.55,
  ],
  [
    'ZQ1011AA',
    'Coho Mining Ltd',
    'COHO',
    'MATR.METALS_MINING',
    'fixed',
    9.5,
    2,
    '30/360',
    '2024-07-15',
    '2032-07-15',
    450_000_000,
    'Senior Secured',
    'CCC+',
    'Caa1',
    '2027-07-15@104.75;2028-07-15@102.375;2029-07-15@100',
    '',
    null,
    96.25,
    10.37,
  ],
  [
    'ZQ1011AB',
    'Coho Mining Ltd',
    'COHO',
    'MATR.METALS_MINING',
    'fixed',
    7.125,
    2,
    '30/360',
    '2021-12-01',
    '2027-12-01',
    400_000_000,
    'Senior Unsecured',
    'CCC+',
    'Caa1',
    '2026-12-01@100',
    '',
    null,
    97.5,
    9.24,
  ],
].map(
  ([
    base,
    issuer,
    ticker,
    sector,
    couponType,
    coupon,
    freq,
    dayCount,
    issue,
    maturity,
    amount,
    seniority,
    sp,
    moody,
    calls,
    index,
    marginBp,
    price,
    yieldPct,
  ]) => ({
    cusip: cusip(base as string),
    issuer: issuer as string,
    ticker: ticker as string,
    sector: sector as string,
    couponType: couponType as SampleBond['couponType'],
    coupon: coupon as number | null,
    freq: freq as number,
    dayCount: dayCount as string,
    issue: issue as string,
    maturity: maturity as string,
    amount: amount as number,
    seniority: seniority as string,
    sp: sp as string,
    moody: moody as string,
    calls: calls as string,
    index: index as string,
    marginBp: marginBp as number | null,
    price: price as number,
    yieldPct: yieldPct as number | null,
  }),
);

/** The bond template header, in the documented order (the admin's create-a-bond form takes the same fields). */
export const BOND_TEMPLATE_HEADER = BOND_REFERENCE_FIELDS;

const csvField = (v: string) => (/[",]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);

function bondRow(b: SampleBond): string {
  return [
    b.cusip,
    '',
    b.issuer,
    b.ticker,
    b.sector,
    'US',
    b.couponType,
    b.coupon === null ? '' : String(b.coupon),
    String(b.freq),
    b.dayCount,
    b.issue,
    '',
    b.maturity,
    String(b.amount),
    String(b.amount),
    b.seniority,
    b.sp,
    b.moody,
    b.calls,
    b.index,
    b.marginBp === null ? '' : String(b.marginBp),
    '',
    '',
  ]
    .map(csvField)
    .join(',');
}

/** A bond that is deliberately not in samples/bonds.csv (its trades go to trades_missing_bonds). */
export const UNKNOWN_CUSIP = cusip('ZQ9999ZZ');

function treasuryCsv(): string {
  const tenors = ['1 Mo', '1.5 Month', '2 Mo', '3 Mo', '4 Mo', '6 Mo', '1 Yr', '2 Yr', '3 Yr', '5 Yr', '7 Yr', '10 Yr', '20 Yr', '30 Yr'];
  const level = [4.22, 4.2, 4.18, 4.12, 4.05, 3.95, 3.75, 3.55, 3.52, 3.62, 3.8, 4.02, 4.55, 4.62];
  const r = rng(20261001);
  const rows: string[] = [];
  for (const [i, day] of businessDaysFrom('2026-10-01', 20).entries()) {
    const shift = (r() - 0.5) * 0.08;
    const twist = (r() - 0.5) * 0.04;
    for (let k = 0; k < level.length; k++) level[k] = level[k]! + shift + twist * (k / level.length - 0.5) + (r() - 0.5) * 0.01;
    const [y, m, d] = day.split('-');
    // The 1.5-month bill is not quoted on one day: its cell is blank, as on treasury.gov.
    const cells = level.map((v, k) => (k === 1 && i === 7 ? '' : v.toFixed(2)));
    rows.push([`${m}/${d}/${y}`, ...cells].join(','));
  }
  // treasury.gov lists the newest day first.
  return [`Date,${tenors.map((t) => `"${t}"`).join(',')}`, ...rows.reverse()].join('\n') + '\n';
}

function traceTrades(): SampleTrade[] {
  const r = rng(20261026);
  const days = businessDaysFrom('2026-10-26', 3).map((d) => d.replace(/-/g, ''));
  const trades: SampleTrade[] = [];
  let ref = 5_000_000;
  let record = 0;
  const next = () => String(++ref).padStart(10, '0');
  const tradeOf = (b: SampleBond, day: string, size: number, side: 'B' | 'S', contra: 'C' | 'D', time: string): SampleTrade => {
    const half = size >= 1_000_000 ? 0.06 : size >= 100_000 ? 0.15 : 0.4;
    const dir = contra === 'D' ? 0 : side === 'S' ? 1 : -1;
    const price = Math.round((b.price + dir * half + (r() - 0.5) * 0.2) * 1000) / 1000;
    const y = b.yieldPct === null ? null : Math.round((b.yieldPct - dir * half * 0.12) * 10000) / 10000;
    return {
      record: ++record,
      reference: next(),
      status: 'T',
      symbol: `${b.ticker}${b.cusip.slice(6, 8)}`,
      cusip: b.cusip,
      quantity: size,
      price,
      yieldPct: y,
      date: day,
      time,
      side,
      contra,
    };
  };
  const sizes = [5_000, 10_000, 25_000, 50_000, 100_000, 250_000, 500_000, 1_000_000, 2_000_000, 3_000_000];
  const timeAt = (i: number) => {
    const seconds = 8 * 3600 + 30 * 60 + i * 157;
    return [Math.floor(seconds / 3600), Math.floor(seconds / 60) % 60, seconds % 60].map((n) => String(n).padStart(2, '0')).join('');
  };
  let i = 0;
  for (const day of days) {
    for (let k = 0; k < 50; k++) {
      const b = SAMPLE_BONDS[Math.floor(r() * SAMPLE_BONDS.length)]!;
      const size = sizes[Math.floor(r() * sizes.length)]!;
      const u = r();
      if (u < 0.2) {
        // A dealer-to-dealer trade is reported by both sides: the buy report is a duplicate.
        const sell = tradeOf(b, day, size, 'S', 'D', timeAt(i++));
        trades.push(sell, { ...sell, record: ++record, reference: next(), side: 'B' });
      } else trades.push(tradeOf(b, day, size, u < 0.6 ? 'S' : 'B', 'C', timeAt(i++)));
    }
  }
  // Block trades above the dissemination caps: 7.5MM of an IG bond, 2.5MM of a HY bond.
  trades.push(tradeOf(SAMPLE_BONDS[2]!, days[1]!, 7_500_000, 'S', 'C', '143015'));
  trades.push(tradeOf(SAMPLE_BONDS[7]!, days[1]!, 2_500_000, 'B', 'C', '143512'));
  // A cancellation (X) repeats the cancelled report, with its reference number.
  const cancelled = trades[3]!;
  trades.push({ ...cancelled, record: ++record, status: 'X' });
  // A correction: C cancels the original, R is the corrected report naming it.
  const corrected = trades[10]!;
  trades.push({ ...corrected, record: ++record, status: 'C' });
  trades.push({
    ...corrected,
    record: ++record,
    status: 'R',
    reference: next(),
    price: corrected.price + 0.5,
    priorReference: corrected.reference,
  });
  // A reversal (Y) of a trade of an earlier day names it as the prior reference.
  const reversed = trades[20]!;
  trades.push({ ...reversed, record: ++record, status: 'Y', reference: next(), priorReference: reversed.reference });
  // Two trades in a bond nobody loaded yet.
  const stranger: SampleBond = { ...SAMPLE_BONDS[0]!, cusip: UNKNOWN_CUSIP, ticker: 'ZZZZ' };
  trades.push(tradeOf(stranger, days[2]!, 150_000, 'S', 'C', '101500'), tradeOf(stranger, days[2]!, 75_000, 'B', 'C', '113000'));
  return trades;
}

function traceFile(): string {
  return [TRACE_ENHANCED_HEADER.join('|'), ...traceTrades().map(traceLine)].join('\n') + '\n';
}

/**
 * The same reports in the academic layout. Each trade's dealers are drawn from eight masked
 * identifiers by its bond and time, so both reports of a dealer-to-dealer trade (and a cancel,
 * which repeats its report) name the same two dealers, each the other's contra party.
 */
function traceAcademicFile(): string {
  const dealerOf = (t: SampleTrade) => {
    let h = 0;
    for (const ch of `${t.cusip}${t.date}${t.time}`) h = (h * 31 + ch.charCodeAt(0)) >>> 0;
    return h % 8;
  };
  const lines = traceTrades().map((t) => {
    const seller = dealerOf(t);
    const buyer = (seller + 1) % 8;
    const [reporter, contra] = t.contra === 'D' && t.side === 'B' ? [buyer, seller] : [seller, buyer];
    return traceAcademicLine(t, maskedParty(reporter), maskedParty(contra));
  });
  return [TRACE_ACADEMIC_HEADER.join('|'), ...lines].join('\n') + '\n';
}

function main(): void {
  const dir = fileURLToPath(new URL('../samples/', import.meta.url));
  writeFileSync(`${dir}treasury-par-yield-curve.csv`, treasuryCsv());
  writeFileSync(`${dir}bonds.csv`, [BOND_TEMPLATE_HEADER.join(','), ...SAMPLE_BONDS.map(bondRow)].join('\n') + '\n');
  const example = SAMPLE_BONDS[7]!;
  writeFileSync(`${dir}bonds-template.csv`, [BOND_TEMPLATE_HEADER.join(','), bondRow(example)].join('\n') + '\n');
  writeFileSync(`${dir}trace-enhanced.txt`, traceFile());
  writeFileSync(`${dir}trace-academic.txt`, traceAcademicFile());
  writeFileSync(`${dir}trace-wrds.txt`, [TRACE_WRDS_HEADER.join('|'), ...traceTrades().map(traceWrdsLine)].join('\n') + '\n');
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) main();
