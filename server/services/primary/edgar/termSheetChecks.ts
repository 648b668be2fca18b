/**
 * Consistency checks on a read term sheet. A sheet whose numbers disagree was mistyped or misread,
 * and either way a person must look before its deal is stored; each check names the field and
 * puts the numbers in the message so they can see why without opening the filing.
 */
import { newIssuePrice } from '../../../../common/newIssuePricing';
import { cusipCheckDigit, isinCheckDigit, isValidCusip, isValidIsin } from '../../market/codesAndRatings';
import type { TermSheetProblem, TermSheetTranche } from './fwpParser';

/** Price to public and the price at the stated yield may differ by rounding, never by more than 1/8 of a point. */
export const PRICE_TOLERANCE = 0.125;
/** Yield and benchmark yield + spread are each rounded to 0.1 bp or so; half a basis point is a real disagreement. */
export const SPREAD_TOLERANCE_BP = 0.5;

const percent = (rate: number) => `${(rate * 100).toFixed(3)}%`;
/** A price shown with at least 3 decimals, more when it was stated with more. */
const price = (p: number) => p.toFixed(Math.min(6, Math.max(3, (String(p).split('.')[1] ?? '').length)));
const bp = (x: number) => `${Number(x.toFixed(2))} bp`;

/**
 * The clean price at the stated yield to maturity — fixed coupon, semi-annual, 30/360, issued and
 * settling on the settlement date (the street convention for US corporate new issues, as the
 * calculator prices them) — against the price to public.
 */
export function checkPriceAgainstYield(t: TermSheetTranche, i: number, settlementDate: string | null, problems: TermSheetProblem[]): void {
  const { coupon, yieldToMaturity, priceToPublic, maturityDate } = t;
  if (coupon === null || yieldToMaturity === null || priceToPublic === null || maturityDate === null || settlementDate === null) return;
  if (maturityDate <= settlementDate) return; // checkDates reports it
  let computed: number;
  try {
    computed = newIssuePrice(settlementDate, maturityDate, coupon, yieldToMaturity);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    problems.push({ field: `tranches[${i}].priceToPublic`, message: `could not price the tranche to check the price: ${reason}` });
    return;
  }
  const apart = Math.abs(computed - priceToPublic);
  if (!(apart <= PRICE_TOLERANCE))
    problems.push({
      field: `tranches[${i}].priceToPublic`,
      message:
        `price to public ${price(priceToPublic)} does not match ${computed.toFixed(3)}, the clean price at the ` +
        `${percent(yieldToMaturity)} yield to maturity (coupon ${percent(coupon)}, 30/360 semi-annual, settling ${settlementDate}, ` +
        `maturing ${maturityDate}): ${apart.toFixed(3)} apart, more than 1/8 (${PRICE_TOLERANCE})`,
    });
}

/** Yield to maturity = benchmark yield + spread, when all three are stated. */
export function checkSpread(t: TermSheetTranche, i: number, problems: TermSheetProblem[]): void {
  const { yieldToMaturity, benchmarkYield, spreadBp } = t;
  if (yieldToMaturity === null || benchmarkYield === null || spreadBp === null) return;
  const expected = benchmarkYield + spreadBp / 1e4;
  const apartBp = Math.abs(yieldToMaturity - expected) * 1e4;
  if (apartBp > SPREAD_TOLERANCE_BP + 1e-9)
    problems.push({
      field: `tranches[${i}].spreadBp`,
      message:
        `yield to maturity ${percent(yieldToMaturity)} is not the benchmark yield ${percent(benchmarkYield)} + ${bp(spreadBp)} ` +
        `= ${percent(expected)}: ${bp(apartBp)} apart, more than ${SPREAD_TOLERANCE_BP} bp`,
    });
}

/** Settlement on or after the trade; maturity after settlement; a par call and a first coupon within the bond's life. */
export function checkDates(t: TermSheetTranche, i: number, settlementDate: string | null, problems: TermSheetProblem[]): void {
  const at = (name: string) => `tranches[${i}].${name}`;
  if (t.maturityDate !== null && settlementDate !== null && t.maturityDate <= settlementDate)
    problems.push({ field: at('maturityDate'), message: `maturity ${t.maturityDate} is not after the settlement date ${settlementDate}` });
  if (t.parCallDate !== null && t.maturityDate !== null && t.parCallDate > t.maturityDate)
    problems.push({ field: at('parCallDate'), message: `par call date ${t.parCallDate} is after the maturity ${t.maturityDate}` });
  if (t.firstPaymentDate !== null && t.maturityDate !== null && t.firstPaymentDate > t.maturityDate)
    problems.push({
      field: at('firstPaymentDate'),
      message: `first interest payment ${t.firstPaymentDate} is after the maturity ${t.maturityDate}`,
    });
  // A reopening's first coupon is the existing bond's, which may be paid already.
  if (t.firstPaymentDate !== null && settlementDate !== null && t.firstPaymentDate <= settlementDate && t.reopening === undefined)
    problems.push({
      field: at('firstPaymentDate'),
      message: `first interest payment ${t.firstPaymentDate} is not after the settlement date ${settlementDate}`,
    });
}

export function checkTradeBeforeSettlement(tradeDate: string | null, settlementDate: string | null, problems: TermSheetProblem[]): void {
  if (tradeDate !== null && settlementDate !== null && settlementDate < tradeDate)
    problems.push({ field: 'settlementDate', message: `settlement date ${settlementDate} is before the trade date ${tradeDate}` });
}

/** Check digits of the CUSIP and ISIN, and that a US ISIN carries the tranche's CUSIP. */
export function checkIdentifiers(t: TermSheetTranche, i: number, problems: TermSheetProblem[]): void {
  if (t.cusip !== null && !isValidCusip(t.cusip))
    problems.push({
      field: `tranches[${i}].cusip`,
      message: `CUSIP ${t.cusip} fails its check digit (${safely(() => cusipCheckDigit(t.cusip!.slice(0, 8)))} expected, not ${t.cusip.slice(8)})`,
    });
  if (t.isin !== null && !isValidIsin(t.isin))
    problems.push({
      field: `tranches[${i}].isin`,
      message: `ISIN ${t.isin} fails its check digit (${safely(() => isinCheckDigit(t.isin!.slice(0, 11)))} expected, not ${t.isin.slice(11)})`,
    });
  else if (t.isin !== null && t.cusip !== null && t.isin.startsWith('US') && t.isin.slice(2, 11) !== t.cusip)
    problems.push({ field: `tranches[${i}].isin`, message: `ISIN ${t.isin} does not carry the CUSIP ${t.cusip}` });
}

function safely(digit: () => string): string {
  try {
    return digit();
  } catch {
    return 'no digit';
  }
}
