/**
 * The calculator card's arithmetic on what was typed, without React: pricing from the driving
 * input, the text shown in the other inputs, and the yields-to-call rows.
 */
import { calculatorErrorText } from './calculatorErrors';
import { calculate, type CalcResult, type Driver, type PreparedBond } from './calculator';

type Curve = Parameters<typeof calculate>[1];

/** What the user typed in each input; only the driver's is read, the others are shown computed. */
export type CalcEntry = Record<Driver, string>;

/** A call, or the maturity under them, as the yields-to-call table shows it. */
export interface RedemptionRow {
  date: string;
  price: number;
  yield: number;
  worst: boolean;
  maturity: boolean;
}

/** Prices the bond from the driving input, or says why it cannot (not a number, or no solution). */
export function priceFromEntry(
  prepared: PreparedBond,
  curve: Curve,
  settlement: string,
  driver: Driver,
  entry: CalcEntry,
): { result: CalcResult | null; error: string | null } {
  const driverValue = Number(entry[driver]);
  if (entry[driver].trim() === '' || !Number.isFinite(driverValue))
    return {
      result: null,
      error: `Enter a ${driver === 'price' ? 'clean price' : driver === 'yield' ? 'yield' : 'G-spread'} as a number.`,
    };
  try {
    // Yields are typed in percent; the engine takes a fraction.
    const value = driver === 'yield' ? driverValue / 100 : driverValue;
    return { result: calculate(prepared, curve, { settlementDate: settlement, driver, value }), error: null };
  } catch (e) {
    return { result: null, error: calculatorErrorText(e, driver) };
  }
}

/**
 * The text of input `d`: what was typed when it drives, else the computed value. While the driving
 * value cannot be priced the others stay empty, so no stale figure sits beside it (a negative price
 * by a yield).
 */
export function shownInput(d: Driver, driver: Driver, entry: CalcEntry, result: CalcResult | null): string {
  if (d === driver) return entry[d];
  if (!result) return '';
  if (d === 'price') return result.price.toFixed(6);
  if (d === 'yield') return (result.yieldToMaturity * 100).toFixed(6);
  return result.gSpread === null ? '' : result.gSpread.toFixed(3);
}

/** Each call, then the maturity at par, which is the worst when no call is. */
export function redemptionRows(result: CalcResult, maturityDate: string): RedemptionRow[] {
  return [
    ...result.calls.map((c) => ({ date: c.date, price: c.price, yield: c.yield, worst: c.worst, maturity: false })),
    {
      date: maturityDate,
      price: 100,
      yield: result.yieldToMaturity,
      worst: result.calls.every((c) => !c.worst),
      maturity: true,
    },
  ];
}
