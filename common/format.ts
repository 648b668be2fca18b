/**
 * THE value formatter (DESIGN.md: one `<Value>` for prices, yields, spreads, sizes, dates).
 * Framework-free so the server (e-mails, xlsx) formats exactly like the screens.
 *
 * Units (chosen to match the analytics engine):
 * - price: per 100 of face, 3 decimals           101.25    → "101.250"
 * - priceChange: per 100, signed, 3 decimals       0.125     → "+0.125"
 * - yield: a decimal fraction, shown in %, 3 dp   0.051234  → "5.123%"
 * - spread: basis points, signed, 1 dp            12.34     → "+12.3 bp"
 * - spreadLevel: basis points, unsigned, 1 dp     123.45    → "123.5 bp"
 * - yieldChange: a yield change (decimal) in bp    0.000312  → "+3.1 bp"
 * - size: currency units, shown in millions (MM)  500000000 → "500MM"
 * - tenor: years                                  5         → "5Y"
 * - multiple: 1 dp (a book's cover)               3.24      → "3.2x"
 * - date: en-US short month/day/year + hour:minute, 12-hour clock (spec §9)
 * Missing values (null, undefined, NaN) show as an em dash.
 */

export const MISSING = '—';

export type ValueKind =
  | 'price'
  | 'yield'
  | 'priceChange'
  | 'yieldChange'
  | 'spread'
  | 'spreadLevel'
  | 'size'
  | 'tenor'
  | 'multiple'
  | 'date'
  | 'day'
  | 'percent'
  | 'share'
  | 'number'
  | 'duration';

const isMissing = (v: unknown): v is null | undefined => v === null || v === undefined || (typeof v === 'number' && Number.isNaN(v));

// signDisplay 'negative': a value that rounds to zero shows as "0.000", never "-0.000".
const fixed = (digits: number) =>
  new Intl.NumberFormat('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits, signDisplay: 'negative' });
const fixed3 = fixed(3);
const fixed1 = fixed(1);

/** Price per 100, 3 decimals: 101.25 → "101.250". */
export function formatPrice(value: number | null | undefined): string {
  return isMissing(value) ? MISSING : fixed3.format(value);
}

/** A price change per 100, signed, 3 decimals: 0.125 → "+0.125", -1.5 → "-1.500". */
export function formatPriceChange(value: number | null | undefined): string {
  return isMissing(value) ? MISSING : `${signOf(value, 3)}${fixed3.format(Math.abs(value))}`;
}

/** Yield (decimal fraction) in percent, 3 decimals: 0.051234 → "5.123%". */
export function formatYield(value: number | null | undefined): string {
  return isMissing(value) ? MISSING : `${fixed3.format(value * 100)}%`;
}

/** Percentage already in percent units, signed: 12.5 → "+12.5%" (e.g. volume % change). */
export function formatPercent(value: number | null | undefined, digits = 1): string {
  if (isMissing(value)) return MISSING;
  const text = fixed(digits).format(Math.abs(value));
  return `${signOf(value, digits)}${text}%`;
}

/** A share (0–1) in percent, unsigned: 0.7412 → "74.1%" (e.g. trades within a threshold). */
export function formatShare(value: number | null | undefined, digits = 1): string {
  return isMissing(value) ? MISSING : `${fixed(digits).format(value * 100)}%`;
}

function signOf(value: number, digits: number): string {
  const rounded = Number(value.toFixed(digits));
  return rounded > 0 ? '+' : rounded < 0 ? '-' : '';
}

/** Spread in basis points with sign, 1 decimal: 12.34 → "+12.3 bp", -3 → "-3.0 bp", 0 → "0.0 bp". */
export function formatSpread(value: number | null | undefined): string {
  if (isMissing(value)) return MISSING;
  return `${signOf(value, 1)}${fixed1.format(Math.abs(value))} bp`;
}

/** A spread level in basis points, unsigned: 123.45 → "123.5 bp" (a change uses {@link formatSpread}). */
export function formatSpreadLevel(value: number | null | undefined): string {
  if (isMissing(value)) return MISSING;
  return `${value < 0 ? '-' : ''}${fixed1.format(Math.abs(value))} bp`;
}

/** A yield change (decimal fraction) in basis points, signed: 0.000312 → "+3.1 bp" (desks read yield moves in bp). */
export function formatYieldChange(value: number | null | undefined): string {
  return isMissing(value) ? MISSING : formatSpread(value * 10_000);
}

const upTo2 = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });
const whole = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/**
 * Par amounts as a desk reads them: millions from 1MM up (500_000_000 → "500MM", 1_250_000 →
 * "1.25MM", 2_500_000_000 → "2,500MM"), thousands below (50_000 → "50K"), units under 1K; never
 * "0MM" or "0.05MM" beside "37.42MM".
 */
export function formatSize(value: number | null | undefined): string {
  if (isMissing(value)) return MISSING;
  const sign = value < 0 ? '-' : '';
  const abs = Math.abs(value);
  if (abs >= 999_995) return `${sign}${upTo2.format(abs / 1_000_000)}MM`;
  if (abs >= 999.5) return `${sign}${whole.format(abs / 1_000)}K`;
  return abs < 0.5 ? '0' : `${sign}${whole.format(abs)}`;
}

/** A tenor in years as a desk says it: 5 → "5Y", 2.5 → "2.5Y". */
export function formatTenor(value: number | null | undefined): string {
  return isMissing(value) ? MISSING : `${value}Y`;
}

/** A multiple, 1 decimal (a deal's book cover): 3.24 → "3.2x". */
export function formatMultiple(value: number | null | undefined): string {
  return isMissing(value) ? MISSING : `${fixed1.format(value)}x`;
}

/** Plain number with fixed decimals (DV01, duration…). */
export function formatNumber(value: number | null | undefined, digits = 2): string {
  return isMissing(value) ? MISSING : fixed(digits).format(value);
}

function toDate(value: Date | string | number): Date {
  return value instanceof Date ? value : new Date(value);
}

/** Date and time (spec §9): "Nov 21, 2026, 5:48 PM". `timeZone` defaults to the browser's. */
export function formatDate(value: Date | string | number | null | undefined, timeZone?: string): string {
  if (isMissing(value) || value === '') return MISSING;
  const date = toDate(value);
  if (Number.isNaN(date.getTime())) return MISSING;
  return new Intl.DateTimeFormat('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    hour12: true,
    ...(timeZone ? { timeZone } : {}),
  }).format(date);
}

/**
 * A market event's date and time (a trade, a deal step, an alert firing) in New York time, labelled:
 * "Nov 21, 2026, 5:48 PM ET". Every screen shows market events this way, never in the browser's zone.
 */
export function formatMarketTime(value: Date | string | number | null | undefined): string {
  const text = formatDate(value, 'America/New_York');
  return text === MISSING ? text : `${text} ET`;
}

/** Time of day: "5:48 PM" (`timeZone` defaults to the browser's; New York for market events). */
export function formatTime(value: Date | string | number | null | undefined, timeZone?: string): string {
  if (isMissing(value) || value === '') return MISSING;
  const date = toDate(value);
  if (Number.isNaN(date.getTime())) return MISSING;
  return new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit', hour12: true, ...(timeZone ? { timeZone } : {}) }).format(
    date,
  );
}

/** Calendar day (maturities, issue dates): "Nov 21, 2026". Plain dates ("2030-05-15") are taken as UTC days. */
export function formatDay(value: Date | string | number | null | undefined): string {
  if (isMissing(value) || value === '') return MISSING;
  const date = toDate(value);
  if (Number.isNaN(date.getTime())) return MISSING;
  const plainDay = typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value);
  return new Intl.DateTimeFormat('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    ...(plainDay ? { timeZone: 'UTC' } : {}),
  }).format(date);
}

/** Duration in days, hours, minutes, seconds (spec §9): 93_784_000 ms → "1d 2h 3m 4s". */
export function formatDuration(ms: number | null | undefined): string {
  if (isMissing(ms)) return MISSING;
  let rest = Math.round(Math.abs(ms) / 1000);
  const parts: string[] = [];
  for (const [unit, size] of [
    ['d', 86_400],
    ['h', 3_600],
    ['m', 60],
  ] as const) {
    const n = Math.floor(rest / size);
    rest -= n * size;
    if (n > 0) parts.push(`${n}${unit}`);
  }
  if (rest > 0 || parts.length === 0) parts.push(`${rest}s`);
  return `${ms < 0 ? '-' : ''}${parts.join(' ')}`;
}

/** Formats by kind (what `<Value kind=…>` uses). */
export function formatValue(kind: ValueKind, value: number | string | Date | null | undefined): string {
  switch (kind) {
    case 'date':
      return formatDate(value as Date | string | number | null | undefined);
    case 'day':
      return formatDay(value as Date | string | number | null | undefined);
    default: {
      const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : (value as number | null | undefined);
      if (typeof n !== 'number' && !isMissing(n)) return MISSING;
      switch (kind) {
        case 'price':
          return formatPrice(n);
        case 'yield':
          return formatYield(n);
        case 'priceChange':
          return formatPriceChange(n);
        case 'spread':
          return formatSpread(n);
        case 'spreadLevel':
          return formatSpreadLevel(n);
        case 'tenor':
          return formatTenor(n);
        case 'multiple':
          return formatMultiple(n);
        case 'yieldChange':
          return formatYieldChange(n);
        case 'size':
          return formatSize(n);
        case 'percent':
          return formatPercent(n);
        case 'share':
          return formatShare(n);
        case 'duration':
          return formatDuration(n);
        default:
          return formatNumber(n);
      }
    }
  }
}

/**
 * A bond's two ratings as a desk writes them, Moody's first: "Baa3 / BBB-". A missing one shows
 * as `missing` (the dash; deals say "NR"). IG/HY classes use the lower of the two (compositeRating).
 */
export function formatRatings(moody: string | null | undefined, sp: string | null | undefined, missing = MISSING): string {
  return [moody, sp].map((r) => r || missing).join(' / ');
}

/** The tooltip of a column of `formatRatings` values. */
export const RATINGS_HELP = "Moody's / S&P long-term ratings; IG, HY and the rating filters use the lower of the two";
