/**
 * The one error type the engine throws for bad input. The message is always a single line that
 * starts with the offending field, e.g. `maturityDate: must be after settlementDate`, so the CLI
 * and the server can show it verbatim.
 */
export class AnalyticsInputError extends Error {
  /** The input field at fault, as named in the analytics contract (e.g. `cleanPrice`). */
  readonly field: string;

  constructor(field: string, problem: string) {
    super(`${field}: ${problem}`.replace(/[\r\n]+/g, ' '));
    this.name = 'AnalyticsInputError';
    this.field = field;
  }
}
