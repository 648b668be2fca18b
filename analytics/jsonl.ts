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
  // A key: preceded by "{" or "," (inside a string its quotes would be escaped).
  if (at <= 0 || (line[at - 1] !== ',' && line[at - 1] !== '{')) return JSON.parse(line);
  const start = at + CURVE_KEY.length;
  // slice + === rather than startsWith: V8 compares flat strings with memcmp, startsWith is slower.
  if (lastCurve !== null && line.slice(start, start + lastCurve.text.length) === lastCurve.text) {
    // The previous curve's text, a complete JSON array, sits at the value position: swap it for
    // null, parse the rest, and put the parsed curve back. The key must occur once only (the
    // stored text holds no other): after the curve is the only place left to look.
    const end = start + lastCurve.text.length;
    if (line.indexOf(CURVE_KEY, end) < 0) {
      try {
        const rest = JSON.parse(`${line.slice(0, start)}null${line.slice(end)}`) as Record<string, unknown> | null;
        // null at the top level: the key was not nested (e.g. inside callSchedule).
        if (rest !== null && typeof rest === 'object' && !Array.isArray(rest) && rest.treasuryCurve === null) {
          rest.treasuryCurve = lastCurve.value;
          return rest;
        }
      } catch {
        // Not valid JSON: the plain parse below reports it.
      }
    }
    return JSON.parse(line);
  }
  const parsed = JSON.parse(line) as unknown;
  const end = line[start] === '[' ? line.indexOf(']', start) : -1;
  if (end < 0 || line.indexOf(CURVE_KEY, at + 1) >= 0) return parsed;
  const text = line.slice(start, end + 1);
  try {
    // The text up to the first "]" is the whole curve exactly when it parses on its own.
    const value = (parsed as Record<string, unknown> | null)?.treasuryCurve;
    if (Array.isArray(value) && JSON.stringify(JSON.parse(text)) === JSON.stringify(value)) lastCurve = { text, value };
  } catch {
    // The curve holds a "]" inside a string: not shared.
  }
  return parsed;
}
