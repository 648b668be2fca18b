/**
 * The calculator as an Excel workbook a banker keeps working in: one column per tranche, the
 * inputs (blue, editable) above the results, which are live formulas over them — change a fair
 * value or a benchmark yield in Excel and the IPT, yield, coupon and price follow. Each formula
 * also carries the value the calculator computed, so the file reads right before Excel
 * recalculates. The price is Excel's PRICE (US 30/360, semi-annual), the convention the
 * calculator prices with. Yields and coupons are in percent here, as a sheet shows them.
 */
import ExcelJS from 'exceljs';
import type { CalculatorResponse } from '../../../common/api/newIssueCalculator';

/** Row of each line on the sheet (1-based), so formulas and tests name cells the same way. */
export const WORKBOOK_ROWS = {
  tenor: 7,
  size: 8,
  settlement: 9,
  maturity: 10,
  treasuryAtTenor: 11,
  benchmarkTenor: 12,
  benchmarkMarketYield: 13,
  benchmarkYield: 14,
  fairValue: 15,
  concession: 16,
  tightening: 17,
  couponOverride: 18,
  reofferSpread: 21,
  ipt: 22,
  spreadToBenchmark: 23,
  reofferYield: 24,
  coupon: 25,
  price: 26,
} as const;
const R = WORKBOOK_ROWS;

const INPUT_FONT = { color: { argb: 'FF1F4E9A' } };
const dateOf = (iso: string) => new Date(`${iso}T00:00:00Z`);

/** The workbook for a calculator answer (overrides already applied by the calculator). */
export async function calculatorWorkbook(answer: CalculatorResponse): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  book.creator = 'Bondwise';
  book.created = dateOf(answer.pricingDay);
  const sheet = book.addWorksheet('New issue');
  sheet.getColumn(1).width = 34;
  sheet.getCell('A1').value = 'Bondwise new-issue calculator';
  sheet.getCell('A1').font = { bold: true, size: 14 };
  sheet.getCell('A2').value = answer.issuer ? `${answer.issuer.ticker} ${answer.issuer.displayName}` : 'Hypothetical issuer';
  sheet.getCell('A3').value = `${answer.sector} · ${answer.rating ?? 'unrated'} (${answer.ratingClass})`;
  sheet.getCell('A4').value = `Priced ${answer.pricingDay}; spreads on the ${answer.curveDay} close; blue cells are inputs`;
  sheet.getCell('A6').value = 'Inputs';
  sheet.getCell('A6').font = { bold: true };
  sheet.getCell('A20').value = 'Results (formulas)';
  sheet.getCell('A20').font = { bold: true };
  const labels: Record<keyof typeof R, string> = {
    tenor: 'Tenor (years)',
    size: 'Size (USD mm)',
    settlement: 'Settlement date',
    maturity: 'Maturity date',
    treasuryAtTenor: 'Treasury curve at the tenor (%)',
    benchmarkTenor: 'Benchmark Treasury (years)',
    benchmarkMarketYield: 'Benchmark yield, market (%)',
    benchmarkYield: 'Benchmark yield, priced off (%)',
    fairValue: 'Fair value (bp)',
    concession: 'New-issue concession (bp)',
    tightening: 'Tightening IPT to pricing (bp)',
    couponOverride: 'Coupon, if set (%)',
    reofferSpread: 'Reoffer spread (bp)',
    ipt: 'Initial price talk (bp)',
    spreadToBenchmark: 'Spread to benchmark (bp)',
    reofferYield: 'Reoffer yield (%)',
    coupon: 'Coupon (%)',
    price: 'Price',
  };
  for (const [key, row] of Object.entries(R)) sheet.getCell(row, 1).value = labels[key as keyof typeof R];

  answer.tranches.forEach((t, k) => {
    const col = sheet.getColumn(k + 2);
    col.width = 16;
    const c = col.letter;
    const at = (row: number) => `${c}${row}`;
    const input = (row: number, value: ExcelJS.CellValue, numFmt: string) => {
      const cell = sheet.getCell(at(row));
      cell.value = value;
      cell.numFmt = numFmt;
      cell.font = INPUT_FONT;
    };
    const formula = (row: number, text: string, result: number, numFmt: string) => {
      const cell = sheet.getCell(at(row));
      cell.value = { formula: text, result };
      cell.numFmt = numFmt;
    };
    sheet.getCell(5, k + 2).value = `Tranche ${k + 1}`;
    sheet.getCell(5, k + 2).font = { bold: true };
    input(R.tenor, t.tenorYears, '0.0#');
    input(R.size, t.sizeMm, '#,##0');
    input(R.settlement, dateOf(t.settlementDate), 'yyyy-mm-dd');
    input(R.maturity, dateOf(t.maturityDate), 'yyyy-mm-dd');
    input(R.treasuryAtTenor, t.treasuryAtTenor * 100, '0.00000');
    input(R.benchmarkTenor, t.benchmark.tenorYears, '0');
    input(R.benchmarkMarketYield, t.benchmark.marketYield * 100, '0.00000');
    input(R.benchmarkYield, t.benchmark.yield.value * 100, '0.00000');
    input(R.fairValue, t.fairValue.spreadBp, '0.0');
    input(R.concession, t.concession.expectedBp, '0.0');
    input(R.tightening, t.tighteningBp.value, '0.0');
    input(R.couponOverride, t.coupon.overridden ? t.coupon.value * 100 : null, '0.000');
    formula(R.reofferSpread, `${at(R.fairValue)}+${at(R.concession)}`, t.reofferSpreadBp, '0.0');
    formula(R.ipt, `${at(R.reofferSpread)}+${at(R.tightening)}`, t.iptSpreadBp, '0.0');
    formula(
      R.spreadToBenchmark,
      `${at(R.reofferSpread)}+(${at(R.treasuryAtTenor)}-${at(R.benchmarkMarketYield)})*100`,
      t.spreadToBenchmarkBp,
      '0.0',
    );
    formula(R.reofferYield, `${at(R.benchmarkYield)}+${at(R.spreadToBenchmark)}/100`, t.reofferYield * 100, '0.000');
    // Rounded down to the 1/8 unless a coupon is set (the tiny epsilon keeps an exact eighth).
    formula(
      R.coupon,
      `IF(ISBLANK(${at(R.couponOverride)}),ROUNDDOWN(${at(R.reofferYield)}*8+1E-9,0)/8,${at(R.couponOverride)})`,
      t.coupon.value * 100,
      '0.000',
    );
    formula(
      R.price,
      `PRICE(${at(R.settlement)},${at(R.maturity)},${at(R.coupon)}/100,${at(R.reofferYield)}/100,100,2,0)`,
      t.price,
      '0.000',
    );
  });
  return Buffer.from(await book.xlsx.writeBuffer());
}
