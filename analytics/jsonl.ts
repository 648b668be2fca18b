/**
 * One JSON line in, one JSON line out: the per-line core of the `bondcalc` CLI, kept free of
 * Node APIs so it can be tested directly and reused (e.g. by a worker in the browser).
 */
import { analyzeBond } from './analyze';

/** Turns one input line into one output line (without the newline). Never throws. */
export function processLine(line: string): string {
  let id: unknown = null;
  try {
    let input: unknown;
    try {
      input = JSON.parse(line);
    } catch {
      return JSON.stringify({ id: null, error: 'input: not valid JSON' });
    }
    if (input !== null && typeof input === 'object' && 'id' in input) id = (input as { id: unknown }).id ?? null;
    // Always echo the id (null when the input had none) so callers can pair every line.
    const result = analyzeBond(input as Record<string, unknown>);
    if (result.id === undefined) result.id = null;
    return JSON.stringify(result);
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    return JSON.stringify({ id, error: message.replace(/[\r\n]+/g, ' ') });
  }
}

