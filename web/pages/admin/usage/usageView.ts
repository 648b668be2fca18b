import type { UsageResponse } from '@common/api/usage';
import { formatNumber } from '@common/format';
import type { Column } from '../../../components/DataTable';
import type { ChartSeries } from '../../../components/TimeSeriesChart';

type Org = UsageResponse['byOrganization'][number];
type Role = UsageResponse['byRole'][number];
type PageRow = UsageResponse['pages'][number];
type Feature = UsageResponse['features'][number];

export const ORG_COLUMNS: Column<Org>[] = [
  { header: 'Organisation', value: (r) => r.name ?? '(none)', flex: 1 },
  { header: 'Active users', field: 'activeUsers', kind: 'count', width: 120 },
  { header: 'Events', field: 'events', kind: 'count', width: 110 },
];
export const ROLE_COLUMNS: Column<Role>[] = [
  { header: 'Role type', value: (r) => r.roleType ?? '(not given)', flex: 1 },
  { header: 'Role function', value: (r) => r.roleFunction ?? '(not given)', flex: 1 },
  { header: 'Active users', field: 'activeUsers', kind: 'count', width: 120 },
];
export const PAGE_COLUMNS: Column<PageRow>[] = [
  { header: 'Page', field: 'route', flex: 1 },
  { header: 'Views', field: 'views', kind: 'count', width: 100 },
  { header: 'People', field: 'users', kind: 'count', width: 100 },
];
export const FEATURE_COLUMNS: Column<Feature>[] = [
  { header: 'Event', field: 'name', flex: 1 },
  { header: 'Times', field: 'events', kind: 'count', width: 100 },
  { header: 'People', field: 'users', kind: 'count', width: 100 },
];

export const isDay = (v: string | null): v is string => !!v && /^\d{4}-\d{2}-\d{2}$/.test(v);
export const percent = (v: number) => `${formatNumber(v * 100, 0)}%`;

/** Daily active users as one line. */
export function dailyActiveSeries(u: UsageResponse | undefined): ChartSeries[] {
  return u ? [{ name: 'Active users', points: u.daily.map((d) => ({ time: d.day, value: d.activeUsers })) }] : [];
}

/** The line beside the range: events, and the active people of the busiest week. */
export function usageSummaryText(u: UsageResponse): string {
  return `${formatNumber(u.events, 0)} events from ${formatNumber(Math.max(0, ...u.weekly.map((w) => w.activeUsers)), 0)} people in the busiest week`;
}

/** The funnel's steps as label and count. */
export function funnelSteps(f: UsageResponse['funnel']): [string, number][] {
  return [
    ['Signed up', f.signedUp],
    ['Logged in', f.loggedIn],
    ['Created an alert', f.createdAlert],
  ];
}
