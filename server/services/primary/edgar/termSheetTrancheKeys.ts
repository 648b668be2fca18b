/**
 * Tranches named inside one value. Sheets in a single block often state every tranche's value in
 * one cell, marked by the tranche it belongs to:
 *   "2051 Notes: 2.500%  2061 Notes: 2.750%"          (the name before, with a colon)
 *   "Notes due 2019: 2.00% per annum Notes due 2045: …"
 *   "In the case of the 2026 Notes, $750,000,000."
 *   "2.500% (2051 Notes)", "€800,000,000 of 2022 Notes", "1.238% for 2022 Notes"   (the name after)
 *   "1.125% Notes due 2022" on a line of its own    (a securities list)
 * A tranche is keyed by its maturity year, with "F" for a floating-rate one: "2051", "2021F".
 * Nothing here throws; patterns are bounded and run on values capped at 10,000 characters.
 */

const NAME =
  '(?:(?:the\\s+)?(\\d{4})\\s+(fixed[\\s-]rate\\s+|floating[\\s-]rate\\s+)?(?:senior\\s+|subordinated\\s+)?(?:notes|bonds|debentures|(frns?))' +
  '|(fixed[\\s-]rate\\s+|floating[\\s-]rate\\s+)?(?:senior\\s+|subordinated\\s+)?(?:notes|bonds|debentures)\\s+due\\s+(\\d{4}))';

function keyOf(m: RegExpExecArray, offset = 0): string {
  const year = m[1 + offset] ?? m[5 + offset] ?? '';
  const floating = /floating/i.test(m[2 + offset] ?? '') || m[3 + offset] !== undefined || /floating/i.test(m[4 + offset] ?? '');
  return year + (floating ? 'F' : '');
}

const PREFIX = new RegExp(`(?:^|[\\s;,.])(?:in\\s+the\\s+case\\s+of\\s+)?${NAME}\\s*(?::|,(?=\\s*(?:\\$|us\\$|€|£|\\d)))`, 'gi');
const SUFFIX = new RegExp(`(?:\\(\\s*${NAME}\\s*\\)|\\b(?:for|of|on|and)\\s+${NAME})`, 'gi');
const ANY_NAME = new RegExp(NAME, 'gi');

/** Every tranche key a text names, in order, without repeats. */
export function trancheKeysIn(text: string): string[] {
  const keys: string[] = [];
  ANY_NAME.lastIndex = 0;
  for (let m = ANY_NAME.exec(text); m !== null; m = ANY_NAME.exec(text)) {
    const key = keyOf(m);
    if (key !== '' && !keys.includes(key)) keys.push(key);
  }
  return keys;
}

/**
 * "Fixed-Rate Notes due 2022, 2026 and 2031": the tranches a headline lists by year. Two years
 * or more after one "due".
 */
export function yearsListedIn(text: string): string[] {
  const m = /\bdue\s+((?:\d{4}\s*(?:,\s*(?:and\s+)?|and\s+)){1,9}\d{4})\b/i.exec(text);
  if (m === null) return [];
  return [...new Set(m[1]!.match(/\d{4}/g) ?? [])];
}

/**
 * The value of each tranche a text names, or null when it names fewer than two (a value for one
 * tranche, or for all). A part naming no tranche is returned under the key "" (it applies to all).
 */
export function splitByTranche(text: string): Map<string, string> | null {
  return splitByPrefix(text) ?? splitByLine(text);
}

function splitByPrefix(text: string): Map<string, string> | null {
  PREFIX.lastIndex = 0;
  const marks: { key: string; start: number; end: number }[] = [];
  for (let m = PREFIX.exec(text); m !== null; m = PREFIX.exec(text)) {
    const key = keyOf(m);
    if (key !== '') marks.push({ key, start: m.index, end: m.index + m[0].length });
  }
  if (new Set(marks.map((m) => m.key)).size < 2) return null;
  const out = new Map<string, string>();
  const before = text.slice(0, marks[0]!.start).trim();
  if (before !== '') out.set('', before);
  marks.forEach((mark, k) => {
    const value = text
      .slice(mark.end, marks[k + 1]?.start ?? text.length)
      .replace(/^[\s:,]+|[\s;,]+$/g, '')
      .replace(/\s+and$/i, '');
    out.set(mark.key, out.has(mark.key) ? `${out.get(mark.key)!}\n${value}` : value);
  });
  return out;
}

/** One line (or ';'-separated part) per tranche, each naming its tranche after the value or as a heading. */
function splitByLine(text: string): Map<string, string> | null {
  const parts = text
    .split(/\n|;\s+|,?\s+and\s+(?=(?:the\s+)?\d{1,2}\.\d{1,4}%\s)/)
    .map((p) => p.trim())
    .filter((p) => p !== '');
  if (parts.length < 2) return null;
  const out = new Map<string, string>();
  // A value wrapping over lines before the name that ends it: "Make-whole call … and par call\non or after … (2024 Notes)".
  let pending: string[] = [];
  for (const part of parts) {
    SUFFIX.lastIndex = 0;
    const keys: string[] = [];
    let value = part;
    for (let m = SUFFIX.exec(part); m !== null; m = SUFFIX.exec(part)) {
      // The name in parentheses is groups 1-5, after "for"/"of" groups 6-10.
      const key = m[1] !== undefined || m[5] !== undefined ? keyOf(m) : keyOf(m, 5);
      if (key !== '' && !keys.includes(key)) keys.push(key);
    }
    if (keys.length > 0)
      value = part
        .replace(SUFFIX, ' ')
        .replace(/\s+/g, ' ')
        .replace(/\s+(?:and|,)\s*$/i, '')
        .trim();
    else {
      // A securities list: "1.125% Notes due 2022" names its tranche and is its value.
      const heading =
        /^(?:\$[\d,.]+\s+|€[\d,.]+\s+)?(?:\d{1,2}\.\d{1,4}%|floating\s+rate)\s.{0,60}?\bdue\s+(?:[a-z]+\.?\s+\d{1,2},?\s+)?(\d{4})(?:\s*\([^()]{0,60}\))?\W*$/i.exec(
          part,
        );
      if (heading !== null) keys.push(heading[1]! + (/floating/i.test(part) ? 'F' : ''));
    }
    if (keys.length === 0) {
      pending.push(value);
      continue;
    }
    const whole = [...pending, value].join(' ');
    pending = [];
    for (const key of keys) out.set(key, out.has(key) ? `${out.get(key)!}\n${whole}` : whole);
  }
  if (pending.length > 0) out.set('', pending.join('\n'));
  return [...out.keys()].filter((k) => k !== '').length >= 2 ? out : null;
}
