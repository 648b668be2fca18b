/**
 * Sparse dated points (a bond's payment dates) on a time axis proportional to time: the chart
 * library spaces points by their index, so a handful of payments would be a handful of bars as
 * wide as the gaps between them. Empty slots every `step` days in the gaps (and from `from`, the
 * axis's start, to the first point) make each payment a narrow bar at its date. The step is a day
 * for a short span and at most a month, so the axis has about MIN_SLOTS slots. Charts opt in
 * (TimeSeriesChart's `timeAxisFrom`): series of regular periods are better drawn as they are.
 */

const MIN_SLOTS = 60;
const MAX_STEP_DAYS = 30;
const DAY_MS = 86_400_000;

const isDay = (t: number | string): t is string => typeof t === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(t);
const dayMs = (day: string) => Date.parse(`${day}T00:00:00Z`);
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** `points` (ascending by date) with empty `{ time }` slots in their gaps, starting at `from` when given. */
export function spacedByTime<P extends { time: number | string }>(points: readonly P[], from?: string): Array<P | { time: string }> {
  const first = points[0];
  const last = points.at(-1);
  if (!first || !last || !points.every((p) => isDay(p.time))) return [...points];
  const start = from && isDay(from) && from < (first.time as string) ? from : (first.time as string);
  const spanDays = (dayMs(last.time as string) - dayMs(start)) / DAY_MS;
  const step = Math.min(MAX_STEP_DAYS, Math.max(1, Math.floor(spanDays / MIN_SLOTS)));
  const out: Array<P | { time: string }> = [];
  const fill = (fromDay: string, toDay: string, includeFrom: boolean) => {
    const end = dayMs(toDay);
    if ((end - dayMs(fromDay)) / DAY_MS <= step) return includeFrom ? [fromDay] : [];
    const days: string[] = [];
    for (let t = dayMs(fromDay) + (includeFrom ? 0 : step * DAY_MS); t < end; t += step * DAY_MS) days.push(dayOf(t));
    return days;
  };
  if (start !== first.time) for (const day of fill(start, first.time as string, true)) out.push({ time: day });
  points.forEach((p, i) => {
    out.push(p);
    const next = points[i + 1];
    if (next) for (const day of fill(p.time as string, next.time as string, false)) out.push({ time: day });
  });
  return out;
}
