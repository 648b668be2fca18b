/**
 * The calculator's refusals in a desk's words. The engine names the field at fault in its own
 * vocabulary ("cleanPrice: gives a non-positive dirty price (-96.4…)") so the CLI and the server
 * can log it; a person reads what to change in the box they typed in.
 */
import { AnalyticsInputError } from '@analytics/index';
import type { Driver } from './calculator';

const DRIVER_WORDS: Record<Driver, string> = { price: 'clean price', yield: 'yield', spread: 'G-spread' };

export function calculatorErrorText(error: unknown, driver: Driver): string {
  if (!(error instanceof AnalyticsInputError)) {
    const text = error instanceof Error ? error.message : String(error);
    return /[.!?]$/.test(text) ? text : `${text}.`;
  }
  const said = error.message.slice(error.field.length + 2);
  switch (error.field) {
    case 'cleanPrice':
      if (/too low: implies a yield above/.test(said))
        return 'This price is too low: no reasonable yield reproduces it. Enter a higher price.';
      if (/no yield/.test(said))
        return 'The bond redeems at this settlement date, so no yield can be worked out. Pick an earlier settlement date.';
      return 'Enter a clean price above zero: with accrued interest the price must come to more than zero.';
    case 'yield':
    case 'discountMargin':
      if (/too high/.test(said))
        return `This ${DRIVER_WORDS[driver]} is too high: it would make the price zero or less. Enter a lower ${DRIVER_WORDS[driver]}.`;
      if (/too low/.test(said))
        return `This ${DRIVER_WORDS[driver]} is too low: it would make the price implausibly high. Enter a higher ${DRIVER_WORDS[driver]}.`;
      return `This ${DRIVER_WORDS[driver]} is out of the range the calculator can price. Enter a value nearer the bond's own.`;
    case 'maturityDate':
      return 'Pick a settlement date before the bond matures.';
    case 'settlementDate':
      return /before issueDate/.test(said)
        ? 'Pick a settlement date on or after the issue date.'
        : 'Enter a settlement date (day, month and year).';
    default:
      return /no solution/.test(said)
        ? `No reasonable yield or margin reproduces this ${DRIVER_WORDS[driver]}. Enter a value nearer the bond's own.`
        : `The calculator cannot price this ${DRIVER_WORDS[driver]}. Enter a value nearer the bond's own.`;
  }
}
