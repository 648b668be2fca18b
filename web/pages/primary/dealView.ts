/**
 * Pure helpers of the primary-market pages: the calendar's rows (one per tranche,
 * newest day first) and its URL filters.
 */
import type { DealSummary, Tranche } from '@common/api/primary';
import { isCalendarDate } from '@common/api/dates';
import { newYorkToday } from '@common/calendar';
import { formatRatings } from '@common/format';
import { DEAL_STATUSES, RATING_CLASSES, SECTOR_CODES, type DealStatus, type RatingClass, type SectorCode } from '@common/market';

/** One calendar row: a tranche with its deal's columns. */
export interface CalendarRow extends Tranche {
  dealId: number;
  /** New York day of the announcement (the calendar groups by it). */
  day: string;
  issuer: string;
  ticker: string;
  rating: string;
  sector: string;
  status: DealStatus;
  /** When the deal reached its current stage. */
  statusAt: string;
  bookrunners: string;
}

/** Rows of the calendar: newest day first, then deal announcement time, then tenor. */
export function calendarRows(deals: readonly DealSummary[]): CalendarRow[] {
  return deals.flatMap((d) =>
    d.tranches.map((t) => ({
      ...t,
      dealId: d.id,
      day: newYorkToday(new Date(d.announcedAt)),
      issuer: d.issuer.displayName,
      ticker: d.issuer.ticker,
      rating: formatRatings(d.ratingMoody, d.ratingSp, 'NR'),
      sector: d.sector.name,
      status: d.status,
      statusAt: d.timeline.at(-1)?.at ?? d.announcedAt,
      bookrunners: d.bookrunners.join(', '),
    })),
  );
}

export interface CalendarFilters {
  /** The calendar's days (default: this market week). */
  from?: string;
  to?: string;
  rating?: RatingClass;
  sector?: SectorCode;
  status?: DealStatus;
  minSize?: number;
}

/** The filters a URL carries (unknown values are dropped, as a mistyped link should not break the page). */
export function filtersFromParams(params: URLSearchParams): CalendarFilters {
  const out: CalendarFilters = {};
  for (const key of ['from', 'to'] as const) {
    const day = params.get(key);
    if (day && isCalendarDate(day)) out[key] = day;
  }
  const rating = params.get('rating');
  if (rating && (RATING_CLASSES as readonly string[]).includes(rating)) out.rating = rating as RatingClass;
  const sector = params.get('sector');
  if (sector && (SECTOR_CODES as readonly string[]).includes(sector)) out.sector = sector as SectorCode;
  const status = params.get('status');
  if (status && (DEAL_STATUSES as readonly string[]).includes(status)) out.status = status as DealStatus;
  const minSize = Number(params.get('minSize'));
  if (Number.isFinite(minSize) && minSize > 0) out.minSize = minSize;
  return out;
}

/** The API query of the filters (only the ones set). */
export function filterQuery(f: CalendarFilters): Record<string, string> {
  const q: Record<string, string> = {};
  if (f.from) q.from = f.from;
  if (f.to) q.to = f.to;
  if (f.rating) q.rating = f.rating;
  if (f.sector) q.sector = f.sector;
  if (f.status) q.status = f.status;
  if (f.minSize) q.minSize = String(f.minSize);
  return q;
}
