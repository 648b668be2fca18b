import type { TradeSide } from '../../db/tables/market';
import { isValidCusip } from '../market/codesAndRatings';
import type { ColumnIndex, ColumnSpec } from './columns';
import { RowError } from './report';
import { easternToUtc, parseDate, parseNumber, parseTime } from './values';
import { defineProcessCache } from '../caches/registry';

/**
 * FINRA TRACE trade reports, pipe-delimited. Each column is found by name in any of the layouts
 * (docs/market-data.md lists them, samples/ holds one file of each): the display names of FINRA's
 * Enhanced Historical Data files ("Execution Date", "Buy/Sell Indicator", "Contra Party
 * Indicator", "Reference Number", …); the short field names of FINRA's academic data files
 * (TRD_EXCTN_DT, RPT_SIDE_CD, CNTRA_PARTY_ID, SYSTM_CNTRL_NB, …); and the WRDS Enhanced table's
 * lower-case names (trd_exctn_dt, cntra_mp_id, msg_seq_nb, …). Columns we do not use (TRACE
 * Symbol, commissions, modifiers, the masked reporting party, …) are ignored.
 */
export const TRACE_COLUMNS = [
  { key: 'cusip', names: ['CUSIP', 'CUSIP_ID'], required: true },
  { key: 'quantity', names: ['Quantity', 'ENTRD_VOL_QT', 'ASCII_RPTD_VOL_TX'], required: true },
  { key: 'price', names: ['Price', 'RPTD_PR'], required: true },
  { key: 'yield', names: ['Yield', 'YLD_PT', 'CALCD_YLD_PT'], required: false },
  { key: 'executionDate', names: ['Execution Date', 'TRD_EXCTN_DT'], required: true },
  { key: 'executionTime', names: ['Execution Time', 'TRD_EXCTN_TM', 'EXCTN_TM'], required: true },
  { key: 'settlementDate', names: ['Settlement Date', 'TRD_STLMT_DT', 'STLMNT_DT'], required: false },
  { key: 'side', names: ['Buy/Sell Indicator', 'RPT_SIDE_CD'], required: true },
  // The academic files name the contra party itself: C (customer), A (non-member affiliate) or the
  // masked identifier of the contra dealer (see CONTRA_PARTY_ID below).
  { key: 'contra', names: ['Contra Party Indicator', 'CNTRA_MP_ID', 'CNTRA_PARTY_ID'], required: true },
  { key: 'reportingPartyType', names: ['Reporting Party Type', 'RPTG_PARTY_TYPE', 'RPTG_PARTY_TYPE_CD'], required: false },
  { key: 'ats', names: ['ATS Indicator', 'ATS_FL', 'ATS_INDICATOR'], required: false },
  { key: 'status', names: ['Trade Status', 'TRD_ST_CD', 'TRC_ST'], required: false },
  {
    key: 'control',
    names: ['Reference Number', 'Message Sequence Number', 'SYSTM_CNTRL_NB', 'MSG_SEQ_NB', 'Control Number'],
    required: false,
  },
  {
    key: 'prevControl',
    names: ['Prior Reference Number', 'Original Message Sequence Number', 'PREV_TRD_CNTRL_NB', 'ORIG_MSG_SEQ_NB'],
    required: false,
  },
] as const satisfies readonly ColumnSpec<string>[];

export type TraceColumn = (typeof TRACE_COLUMNS)[number]['key'];

/** The academic layout's contra column, which holds party identifiers rather than C/D. */
export const CONTRA_PARTY_ID = 'CNTRA_PARTY_ID';

/** A masked market participant identifier of the academic files (a 40-character hex digest there). */
const MASKED_PARTY = /^[0-9A-Za-z]{2,64}$/;

/**
 * Trade Status (post-2012 Enhanced): T new trade, R correction (the replacement report), X
 * cancellation, C the cancel half of a correction, Y reversal of a trade from an earlier day.
 */
export type TraceStatus = 'T' | 'R' | 'X' | 'C' | 'Y';

export interface TraceRecord {
  status: TraceStatus;
  cusip: string;
  /** Eastern trade date, YYYY-MM-DD. */
  tradeDate: string;
  executionTime: Date;
  quantity: number;
  /** The file said "5MM+"/"1MM+" (already capped) rather than the true size. */
  quantityIsCapped: boolean;
  price: number;
  /** Decimal (the file gives percent). */
  yield: number | null;
  /** The reporting dealer's side. */
  dealerSide: 'B' | 'S';
  contraIsDealer: boolean;
  reportingPartyType: string;
  ats: boolean;
  control: string | null;
  prevControl: string | null;
}

const DATE_FORMATS = ['MM/DD/YYYY', 'YYYYMMDD', 'YYYY-MM-DD'] as const;
const STATUSES = new Set(['T', 'R', 'X', 'C', 'Y']);
const CAPPED = /^([15])\s*MM\+$/i;

const value = (fields: string[], i: number): string => (i >= 0 ? (fields[i] ?? '').trim() : '');

// A file repeats a few dates and a few thousand CUSIPs a million times: remember the checked ones.
const checkedDates = defineProcessCache(
  {
    name: 'importers.traceDates',
    home: 'server/services/importers/traceFormat.ts',
    per: 'process',
    key: "a date's text as the file spells it",
    lifetime: 'until invalidated',
    invalidatedBy: ['nothing: a pure function of the text (emptied when full)'],
    bound: 10_000,
  },
  new Map<string, string>(),
);
const checkedCusips = defineProcessCache(
  {
    name: 'importers.traceCusips',
    home: 'server/services/importers/traceFormat.ts',
    per: 'process',
    key: 'CUSIP whose check digit passed',
    lifetime: 'until invalidated',
    invalidatedBy: ['nothing: a pure function of the CUSIP (emptied when full)'],
    bound: 200_000,
  },
  new Set<string>(),
);

function tradeDateOf(text: string): string {
  let date = checkedDates.get(text);
  if (date === undefined) {
    date = parseDate(text, 'Execution Date', DATE_FORMATS);
    if (checkedDates.size > 10_000) checkedDates.clear();
    checkedDates.set(text, date);
  }
  return date;
}

function checkCusip(raw: string): string {
  const cusip = raw.toUpperCase();
  if (checkedCusips.has(cusip)) return cusip;
  if (!isValidCusip(cusip)) throw new RowError(`"CUSIP" is not a valid CUSIP (9 characters ending in its check digit): "${raw}"`);
  if (checkedCusips.size > 200_000) checkedCusips.clear();
  checkedCusips.add(cusip);
  return cusip;
}

/** Customer buy when the dealer sells to a customer, customer sell when it buys; dealer–dealer otherwise. */
export function tradeSide(record: Pick<TraceRecord, 'dealerSide' | 'contraIsDealer'>): TradeSide {
  if (record.contraIsDealer) return 'inter_dealer';
  return record.dealerSide === 'S' ? 'customer_buy' : 'customer_sell';
}

/**
 * Parses one data row into a record; throws a RowError naming the column and the value.
 * `contraIds`: the contra column is the academic CNTRA_PARTY_ID, where any masked identifier
 * other than C and A is a dealer.
 */
export function parseTraceRow(fields: string[], col: ColumnIndex<TraceColumn>, contraIds = false): TraceRecord {
  const statusText = value(fields, col.status).toUpperCase() || 'T';
  if (!STATUSES.has(statusText)) throw new RowError(`"Trade Status" must be T, R, X, C or Y: "${value(fields, col.status)}"`);
  const status = statusText as TraceStatus;

  const cusip = checkCusip(value(fields, col.cusip));

  const quantityText = value(fields, col.quantity);
  const capped = CAPPED.exec(quantityText);
  const quantity = capped ? Number(capped[1]) * 1_000_000 : parseNumber(quantityText, 'Quantity', { positive: true });
  const price = parseNumber(value(fields, col.price), 'Price', { positive: true });
  if (price > 10_000) throw new RowError(`"Price" is not a price per 100 face: "${value(fields, col.price)}"`);
  const yieldText = value(fields, col.yield);
  const yieldPct = yieldText === '' ? null : parseNumber(yieldText, 'Yield');
  if (yieldPct !== null && Math.abs(yieldPct) >= 1000) throw new RowError(`"Yield" is not a yield in percent: "${yieldText}"`);

  const tradeDate = tradeDateOf(value(fields, col.executionDate));
  const seconds = parseTime(value(fields, col.executionTime), 'Execution Time');
  const settlement = value(fields, col.settlementDate);
  if (settlement !== '' && !checkedDates.has(settlement)) {
    checkedDates.set(settlement, parseDate(settlement, 'Settlement Date', DATE_FORMATS));
  }

  const sideText = value(fields, col.side).toUpperCase();
  if (sideText !== 'B' && sideText !== 'S') throw new RowError(`"Buy/Sell Indicator" must be B or S: "${value(fields, col.side)}"`);
  let contraText = value(fields, col.contra).toUpperCase();
  if (contraIds && contraText !== 'C' && contraText !== 'A') {
    if (!MASKED_PARTY.test(contraText)) {
      throw new RowError(
        `"${CONTRA_PARTY_ID}" must be C (customer), A (affiliate) or the contra dealer's identifier: "${value(fields, col.contra)}"`,
      );
    }
    contraText = 'D';
  }
  if (contraText !== 'C' && contraText !== 'D' && contraText !== 'A') {
    throw new RowError(`"Contra Party Indicator" must be C (customer) or D (dealer): "${value(fields, col.contra)}"`);
  }

  const control = value(fields, col.control) || null;
  const prevControl = value(fields, col.prevControl) || null;
  if ((status === 'X' || status === 'C') && !control) {
    throw new RowError(`"Reference Number" is required for a cancellation (Trade Status ${status})`);
  }
  if (status === 'Y' && !control && !prevControl) {
    throw new RowError('"Prior Reference Number" is required for a reversal (Trade Status Y)');
  }
  const rpt = value(fields, col.reportingPartyType).toUpperCase();
  return {
    status,
    cusip,
    tradeDate,
    executionTime: easternToUtc(tradeDate, seconds),
    quantity,
    quantityIsCapped: capped !== null,
    price,
    yield: yieldPct === null ? null : yieldPct / 100,
    dealerSide: sideText,
    contraIsDealer: contraText !== 'C',
    reportingPartyType: rpt === '' || rpt === 'D' ? 'dealer' : rpt === 'A' ? 'ats' : rpt.toLowerCase(),
    ats: /^(Y|1|TRUE)$/i.test(value(fields, col.ats)),
    control,
    prevControl,
  };
}
