import { RowError } from './report';
import { defineProcessCache } from '../caches/registry';

/** Date layouts the importers understand. */
export type DateFormat = 'MM/DD/YYYY' | 'YYYYMMDD' | 'YYYY-MM-DD';

const DATE_PATTERNS: Record<DateFormat, RegExp> = {
  'MM/DD/YYYY': /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/,
  YYYYMMDD: /^(\d{4})(\d{2})(\d{2})$/,
  'YYYY-MM-DD': /^(\d{4})-(\d{2})-(\d{2})$/,
};

function listFormats(formats: readonly DateFormat[]): string {
  if (formats.length === 1) return formats[0]!;
  return `${formats.slice(0, -1).join(', ')} or ${formats[formats.length - 1]}`;
}

function isRealDate(y: number, m: number, d: number): boolean {
  if (m < 1 || m > 12 || d < 1 || y < 1900 || y > 2200) return false;
  const days = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return d <= days;
}

const pad2 = (n: number) => (n < 10 ? `0${n}` : String(n));

/**
 * Parses a calendar date in one of the given layouts and returns it as YYYY-MM-DD; throws a
 * RowError naming the column, the accepted layouts and the value (e.g. 2024-13-45 is refused).
 */
export function parseDate(value: string, column: string, formats: readonly DateFormat[]): string {
  const text = value.trim();
  for (const format of formats) {
    const match = DATE_PATTERNS[format].exec(text);
    if (!match) continue;
    const [y, m, d] =
      format === 'MM/DD/YYYY'
        ? [Number(match[3]), Number(match[1]), Number(match[2])]
        : [Number(match[1]), Number(match[2]), Number(match[3])];
    if (isRealDate(y, m, d)) return `${y}-${pad2(m)}-${pad2(d)}`;
  }
  throw new RowError(`"${column}" is not a date (${listFormats(formats)}): "${value}"`);
}

/** Parses a decimal number (thousands separators allowed); throws a RowError naming the column. */
export function parseNumber(value: string, column: string, opts: { positive?: boolean } = {}): number {
  const text = value.trim().replace(/,/g, '');
  const n = text === '' ? Number.NaN : Number(text);
  if (!Number.isFinite(n)) throw new RowError(`"${column}" is not a number: "${value}"`);
  if (opts.positive && n <= 0) throw new RowError(`"${column}" must be greater than 0: "${value}"`);
  return n;
}

/** Parses HHMMSS, HH:MM:SS or HH:MM into seconds after midnight. */
export function parseTime(value: string, column: string): number {
  const text = value.trim();
  const match = /^(\d{1,2}):?(\d{2})(?::?(\d{2}))?$/.exec(text);
  if (match) {
    const h = Number(match[1]);
    const m = Number(match[2]);
    const s = Number(match[3] ?? 0);
    if (h < 24 && m < 60 && s < 60) return h * 3600 + m * 60 + s;
  }
  throw new RowError(`"${column}" is not a time (HHMMSS or HH:MM:SS): "${value}"`);
}

const offsetCache = defineProcessCache(
  {
    name: 'importers.easternOffsets',
    home: 'server/services/importers/values.ts',
    per: 'process',
    key: 'UTC midnight of a date plus the hour',
    lifetime: 'until invalidated',
    invalidatedBy: ['nothing: a pure function of the time-zone rules (emptied when full)'],
    bound: 50_000,
  },
  new Map<number, number>(),
);
const midnightCache = defineProcessCache(
  {
    name: 'importers.utcMidnights',
    home: 'server/services/importers/values.ts',
    per: 'process',
    key: 'date',
    lifetime: 'until invalidated',
    invalidatedBy: ['nothing: a pure function of the date (emptied when full)'],
    bound: 50_000,
  },
  new Map<string, number>(),
);
const easternParts = new Intl.DateTimeFormat('en-US', {
  timeZone: 'America/New_York',
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
});

/** Minutes New York is behind UTC at the given UTC instant (300 in winter, 240 in summer). */
function easternOffsetMinutes(utcMillis: number): number {
  const parts = Object.fromEntries(easternParts.formatToParts(new Date(utcMillis)).map((p) => [p.type, p.value]));
  const wall = Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day), Number(parts.hour), Number(parts.minute));
  return Math.round((utcMillis - wall) / 60000);
}

/**
 * The UTC instant of a New York wall-clock time (TRACE reports execution times in Eastern time).
 * The offset is cached per date and hour, so a million rows cost a few hundred Intl calls.
 */
export function easternToUtc(date: string, secondsOfDay: number): Date {
  const hour = Math.floor(secondsOfDay / 3600);
  let midnight = midnightCache.get(date);
  if (midnight === undefined) {
    midnight = Date.parse(`${date}T00:00:00Z`);
    if (midnightCache.size > 50_000) midnightCache.clear();
    midnightCache.set(date, midnight);
  }
  const wallAsUtc = midnight + secondsOfDay * 1000;
  const key = midnight + hour;
  let offset = offsetCache.get(key);
  if (offset === undefined) {
    // Guess with the winter offset, then correct with the offset in force at that instant.
    offset = easternOffsetMinutes(wallAsUtc + 300 * 60000);
    offset = easternOffsetMinutes(wallAsUtc + offset * 60000);
    if (offsetCache.size > 50_000) offsetCache.clear();
    offsetCache.set(key, offset);
  }
  return new Date(wallAsUtc + offset * 60000);
}
