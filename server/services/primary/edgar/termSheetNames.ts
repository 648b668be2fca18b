import { isValidCusip } from '../../market/codesAndRatings';

/**
 * Reading a term sheet's names and codes: the issuer, the banks, the ratings by agency, and the
 * CUSIP and ISIN. Nothing here throws; what cannot be read comes back empty.
 */

/** The issuer's name: the first line, without a defined-term note such as `(the "Company")`. */
export function parseIssuer(text: string): string | null {
  const first = (text.split('\n')[0] ?? '').trim();
  const note = first.search(/\s\((?:the\s+)?["']/i);
  const name = (note > 0 ? first.slice(0, note) : first).trim();
  return name === '' ? null : name;
}

/** A fragment that is a corporate suffix belongs to the name before it ("Woodgrove Securities, Inc."). */
const CORPORATE_SUFFIX = /^(?:inc|incorporated|llc|l\.l\.c|ltd|limited|corp|corporation|co|lp|l\.p|plc|n\.a|s\.a|ag|sa|nv|n\.v)\.?$/i;

/** A list of banks, one a line or separated by commas, semicolons or "and". */
export function parseBookrunners(text: string): string[] {
  const names: string[] = [];
  for (const fragment of text.split(/[\n;,]|\s+and\s+/i)) {
    const name = fragment.trim();
    if (name === '') continue;
    if (CORPORATE_SUFFIX.test(name) && names.length > 0) names[names.length - 1] += `, ${name}`;
    else names.push(name);
  }
  return [...new Set(names)];
}

export interface Ratings {
  moodys?: string;
  sp?: string;
  fitch?: string;
}

const MOODYS_SCALE = /^(?:Aaa|Aa[1-3]|A[1-3]|Baa[1-3]|Ba[1-3]|B[1-3]|Caa[1-3]|Ca|C)$/;
const LETTER_SCALE = /^(?:AAA|AA[+-]?|A[+-]?|BBB[+-]?|BB[+-]?|B[+-]?|CCC[+-]?|CC|C|D)$/;
type Agency = keyof Ratings;

function agencyOf(token: string): Agency | null {
  if (/^moody/i.test(token)) return 'moodys';
  if (/^(?:s&p|standard)$/i.test(token)) return 'sp';
  if (/^fitch/i.test(token)) return 'fitch';
  return null;
}

/**
 * "A2 / A / A+ (Moody's / S&P / Fitch)", "Moody's: A2; S&P: A; Fitch: A+", or three ratings with
 * the agencies named only in the label. With no agency named: a Moody's-scale rating is Moody's,
 * the letter-scale ones are S&P then Fitch (the order sheets list them in). Outlooks are ignored.
 */
export function parseRatings(text: string, label: string): Ratings {
  // Footnotes ("*A securities rating is not a recommendation…") are prose whose "A" is no rating.
  const statement = text
    .split('\n')
    .filter((line) => !/^\s*(?:\*|note\b)/i.test(line) && line.length <= 120)
    .join(' ');
  const tokens = `${label} ${statement}`.match(/[A-Za-z][A-Za-z0-9'&]*[+-]?/g) ?? [];
  const agencies: Agency[] = [];
  const ratings: string[] = [];
  const paired: Ratings = {};
  let lastAgency: Agency | null = null;
  let listed = false; // agencies named one after another: a list whose order the ratings follow
  for (const token of tokens) {
    const agency = agencyOf(token);
    if (agency !== null) {
      if (lastAgency !== null) listed = true;
      agencies.push(agency);
      lastAgency = agency;
      continue;
    }
    if (!MOODYS_SCALE.test(token) && !LETTER_SCALE.test(token)) continue;
    ratings.push(token);
    if (lastAgency !== null) paired[lastAgency] ??= token; // "Moody's: A2" names the agency right before its rating
    lastAgency = null;
  }
  if (!listed && Object.keys(paired).length > 0) return paired;
  const out: Ratings = {};
  if (agencies.length > 0) {
    agencies.forEach((agency, k) => {
      const rating = ratings[k];
      if (rating !== undefined) out[agency] ??= rating;
    });
    return out;
  }
  const letters: Agency[] = ['sp', 'fitch'];
  for (const rating of ratings) {
    if (MOODYS_SCALE.test(rating) && out.moodys === undefined) out.moodys = rating;
    else {
      const agency = letters.shift();
      if (agency !== undefined) out[agency] = rating;
    }
  }
  return out;
}

/** CUSIP- and ISIN-shaped codes in the text (check digits not checked here). */
export function findIdentifiers(text: string): { cusips: string[]; isins: string[] } {
  const cusips: string[] = [];
  const isins: string[] = [];
  // "66985N AA7": the issuer and issue parts of a CUSIP are sometimes written apart.
  // "US341081 FE25": an ISIN written with the same gap.
  const joined = text
    .toUpperCase()
    .replace(/\b([A-Z]{2}[0-9A-Z]{6}) ([0-9A-Z]{3}[0-9])\b/g, '$1$2')
    .replace(/\b([0-9A-Z]{6}) ([0-9A-Z]{2}[0-9])\b/g, '$1$2');
  // Euroclear's common code is nine digits too: beside one, an all-digit token is taken for a CUSIP only with a valid check digit.
  const commonCode = /common\s+code/i.test(text);
  for (const token of joined.split(/[^0-9A-Z*@#]+/)) {
    const digits = token.replace(/[^0-9]/g, '').length;
    if (commonCode && /^\d{9}$/.test(token) && !isValidCusip(token)) continue;
    if (token.length === 12 && /^[A-Z]{2}[0-9A-Z]{9}[0-9]$/.test(token)) isins.push(token);
    else if (token.length === 9 && digits >= 2 && /^[0-9A-Z*@#]{8}[0-9]$/.test(token)) cusips.push(token);
  }
  return { cusips, isins };
}
