/**
 * One JSON line in, one JSON line out: the per-line core of the `bondcalc` CLI, kept free of
 * Node APIs so it can be tested directly and reused (e.g. by a worker in the browser).
 */
import { assertFinite, computeAnalysis, toBondAnalysis } from './analyze';
import { formatAnalysis } from './jsonlFormat';

/** Turns one input line into one output line (without the newline). Never throws. */
export function processLine(line: string): string {
  let id: unknown = null;
  try {
    let input: unknown;
    try {
      input = parseSharingCurve(line);
    } catch {
      return JSON.stringify({ id: null, error: 'input: not valid JSON' });
    }
    if (input !== null && typeof input === 'object' && 'id' in input) id = (input as { id: unknown }).id ?? null;
    // Always echo the id (null when the input had none) so callers can pair every line.
    const analysis = computeAnalysis(input as Record<string, unknown>);
    const text = formatAnalysis(analysis);
    if (text !== null) return text;
    // A number that is not finite: the object path's check names it in the error line.
    const result = toBondAnalysis(analysis);
    assertFinite(result);
    if (result.id === undefined) result.id = null;
    return JSON.stringify(result);
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    return JSON.stringify({ id, error: message.replace(/[\r\n]+/g, ' ') });
  }
}

const CURVE_KEY = '"treasuryCurve":';
/** The last Treasury curve read, as its JSON text and parsed: a batch prices many bonds on one curve. */
let lastCurve: { text: string; value: unknown } | null = null;

/**
 * JSON.parse of one input line, reusing the previous line's parsed `treasuryCurve` when its text
 * is the same. A batch repeats one curve on every line; parsing it (and preparing it, which the
 * analytics memoise by array identity) once instead of per line is most of the command's cost.
 * Falls back to a plain parse whenever the line is not of the simple shape this relies on, so
 * the result is always exactly JSON.parse(line).
 */
export function parseSharingCurve(line: string): unknown {
  const at = line.indexOf(CURVE_KEY);
  // A key at the top level: preceded by "{" or "," (inside a string the quote would be escaped),
  // once only (a second one could be nested), its value an array.
  if (at <= 0 || (line[at - 1] !== ',' && line[at - 1] !== '{') || line.indexOf(CURVE_KEY, at + 1) >= 0) return JSON.parse(line);
  const start = at + CURVE_KEY.length;
  const end = line[start] === '[' ? line.indexOf(']', start) : -1;
  if (end < 0) return JSON.parse(line);
  const text = line.slice(start, end + 1);
  if (lastCurve !== null && lastCurve.text === text) {
    try {
      const rest = JSON.parse(`${line.slice(0, start)}null${line.slice(end + 1)}`) as Record<string, unknown> | null;
      if (rest !== null && typeof rest === 'object' && !Array.isArray(rest) && rest.treasuryCurve === null) {
        rest.treasuryCurve = lastCurve.value;
        return rest;
      }
    } catch {
      // Not the shape assumed (e.g. a "]" inside a tenor): the plain parse below decides.
    }
    return JSON.parse(line);
  }
  const parsed = JSON.parse(line) as unknown;
  try {
    // The text up to the first "]" is the whole curve exactly when it parses on its own.
    const value = (parsed as Record<string, unknown> | null)?.treasuryCurve;
    if (Array.isArray(value) && JSON.stringify(JSON.parse(text)) === JSON.stringify(value)) lastCurve = { text, value };
  } catch {
    // The curve holds a "]" inside a string: not shared.
  }
  return parsed;
}
