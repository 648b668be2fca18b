/**
 * Security codes and rating scales shared by the simulator, importers and APIs: CUSIP and ISIN check
 * digits, bond descriptions, rating scales, IG/HY and tenor buckets.
 */
import {
  compositeRating,
  LAST_IG_NOTCH,
  MOODY_RATINGS,
  type RatingBucket,
  ratingClassOf,
  SP_RATINGS,
  type Segment,
  type CouponType,
} from '../../../common/market';

/** Value of one CUSIP character: digits 0–9, letters A=10…Z=35, * 36, @ 37, # 38. */
function cusipCharValue(ch: string): number {
  const c = ch.charCodeAt(0);
  if (c >= 48 && c <= 57) return c - 48;
  if (c >= 65 && c <= 90) return c - 55;
  if (ch === '*') return 36;
  if (ch === '@') return 37;
  if (ch === '#') return 38;
  return -1;
}

/**
 * The CUSIP check digit of an 8-character base (modulus 10 "double-add-double": every second
 * character's value is doubled, and the digits of each value are summed).
 * Throws on a malformed base.
 */
export function cusipCheckDigit(base: string): string {
  const b = base.toUpperCase();
  if (b.length !== 8) throw new Error(`CUSIP base must be 8 characters, got "${base}"`);
  let sum = 0;
  for (let i = 0; i < 8; i++) {
    let v = cusipCharValue(b[i]!);
    if (v < 0) throw new Error(`CUSIP base has an invalid character "${b[i]}"`);
    if (i % 2 === 1) v *= 2;
    sum += Math.floor(v / 10) + (v % 10);
  }
  return String((10 - (sum % 10)) % 10);
}

/** True when `cusip` is 9 characters whose last is the right check digit. */
export function isValidCusip(cusip: string): boolean {
  if (typeof cusip !== 'string' || !/^[0-9A-Z*@#]{8}[0-9]$/i.test(cusip)) return false;
  return cusipCheckDigit(cusip.slice(0, 8)) === cusip[8];
}

/** ISIN check digit of an 11-character base: letters become two-digit numbers, then Luhn. */
export function isinCheckDigit(base: string): string {
  const b = base.toUpperCase();
  if (!/^[A-Z]{2}[0-9A-Z]{9}$/.test(b)) throw new Error(`ISIN base must be a country code and 9 characters, got "${base}"`);
  let digits = '';
  for (const ch of b) digits += /[0-9]/.test(ch) ? ch : String(ch.charCodeAt(0) - 55);
  // Luhn: double every second digit counting from the rightmost (the check digit is appended after).
  let sum = 0;
  for (let i = digits.length - 1, double = true; i >= 0; i--, double = !double) {
    let d = digits.charCodeAt(i) - 48;
    if (double) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return String((10 - (sum % 10)) % 10);
}

/** ISIN of a US CUSIP: "US" + CUSIP + check digit. */
export function isinFromCusip(cusip: string, country = 'US'): string {
  const base = `${country}${cusip}`.toUpperCase();
  return base + isinCheckDigit(base);
}

/** True when `isin` is 12 characters with a valid check digit. */
export function isValidIsin(isin: string): boolean {
  if (typeof isin !== 'string' || !/^[A-Z]{2}[0-9A-Z]{9}[0-9]$/i.test(isin)) return false;
  return isinCheckDigit(isin.slice(0, 11)) === isin[11];
}

/**
 * Street description `TICKER c.cc MM/DD/YY` (coupon in percent, two decimals trimmed to at
 * least two; zeros show 0; floaters show FRN then the maturity).
 */
export function bondDescription(ticker: string, couponType: CouponType, coupon: number, maturity: string): string {
  const [y, m, d] = maturity.split('-');
  const date = `${m}/${d}/${y!.slice(2)}`;
  if (couponType === 'floating') return `${ticker} FRN ${date}`;
  const pct = Math.round(coupon * 1e6) / 1e4;
  let text = pct.toFixed(3).replace(/0$/, '');
  if (couponType === 'zero') text = '0';
  return `${ticker} ${text} ${date}`;
}

/** Notch index (0 = AAA/Aaa) of an S&P or Moody's rating, or null if not on either scale. */
export function ratingNotch(rating: string | null | undefined): number | null {
  if (!rating) return null;
  const r = rating.trim();
  const sp = (SP_RATINGS as readonly string[]).indexOf(r.toUpperCase());
  if (sp >= 0) return sp;
  const moody = (MOODY_RATINGS as readonly string[]).indexOf(r.charAt(0).toUpperCase() + r.slice(1).toLowerCase());
  return moody >= 0 ? moody : null;
}

/** The S&P rating of a notch index (clamped to the scale). */
export function spRating(notch: number): string {
  return SP_RATINGS[Math.max(0, Math.min(SP_RATINGS.length - 1, Math.round(notch)))]!;
}

/** The Moody's rating of a notch index (clamped to the scale). */
export function moodyRating(notch: number): string {
  return MOODY_RATINGS[Math.max(0, Math.min(MOODY_RATINGS.length - 1, Math.round(notch)))]!;
}

/** S&P ↔ Moody's equivalent, either direction; null for unknown ratings. */
export function equivalentRating(rating: string): string | null {
  const notch = ratingNotch(rating);
  if (notch === null) return null;
  return (SP_RATINGS as readonly string[]).includes(rating.toUpperCase()) ? moodyRating(notch) : spRating(notch);
}

/** IG when the notch is BBB-/Baa3 or better, HY otherwise; null when unrated. */
export function ratingSegment(rating: string | null | undefined): Segment | null {
  const notch = ratingNotch(rating);
  if (notch === null) return null;
  return notch <= LAST_IG_NOTCH ? 'IG' : 'HY';
}

/** Segment of a bond from both ratings: the class of its composite rating (the lower of the two). */
export function bondSegment(sp: string | null | undefined, moody: string | null | undefined): Segment | null {
  return ratingClassOf(compositeRating(sp, moody));
}

/** Letter bucket (AAA, AA, A, BBB, BB, B, CCC) of a rating; CCC covers CCC+ down to D. */
export function ratingBucket(rating: string | null | undefined): RatingBucket | null {
  const notch = ratingNotch(rating);
  if (notch === null) return null;
  if (notch === 0) return 'AAA';
  if (notch <= 3) return 'AA';
  if (notch <= 6) return 'A';
  if (notch <= 9) return 'BBB';
  if (notch <= 12) return 'BB';
  if (notch <= 15) return 'B';
  return 'CCC';
}

/** Dissemination cap on reported quantity: 5MM for IG, 1MM for HY (and unrated). */
export function disseminationCap(segment: Segment | null): number {
  return segment === 'IG' ? 5_000_000 : 1_000_000;
}
