/**
 * /bw/primary/new-issues: this market week's deals, one row per tranche grouped by day (newest
 * first), refreshed every 15 s so a deal moving from IPT to guidance to launch to pricing updates
 * in place; filters in the URL (?from=&to=&rating=IG&sector=FINL&status=priced&minSize=1000000000); below,
 * past deals by week with their average concession, tightening and cover. Arrows move, Enter
 * (or a click) opens the deal. Beside the calendar, the deal messages of a picked deal, with
 * unread counts (messages/CalendarMessages.tsx).
 */
import { Group, Select, Stack, Text } from '@mantine/core';
import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import { PRIMARY_PATHS, type DealListResponse, type DealWeeksResponse } from '@common/api/primary';
import { formatDay, formatTime } from '@common/format';
import { DEAL_STATUSES, RATING_CLASSES, SECTORS } from '@common/market';
import { useApiQuery } from '../../api/queries';
import { useUrlChoices } from '../../routing/urlChoices';
import { DataTable, heightForRows, type CellProps, type Column } from '../../components/DataTable';
import { PageTitle } from '../../components/PageTitle';
import { STATUS_LABELS } from '../../components/dealStatus';
import { calendarRows, filterQuery, filtersFromParams, type CalendarRow } from './dealView';
import { trancheColumns } from './trancheColumns';
import { CalendarMessages } from './messages/CalendarMessages';
import { apiErrorText } from '../../api/errorText';

/** How often the calendar asks for news (the notifications work will push instead). */
const LIVE_REFRESH_MS = 15_000;
const SIZE_OPTIONS = [
  { value: '500000000', label: '≥ 500MM' },
  { value: '1000000000', label: '≥ 1bn' },
  { value: '3000000000', label: '≥ 3bn' },
];

const T = trancheColumns<CalendarRow>();

/** The deal's stage and when it was reached, New York time (the column sorts by the stage). */
function StageReached({ row }: CellProps<CalendarRow>) {
  return `${STATUS_LABELS[row.status]} ${formatTime(row.statusAt, 'America/New_York')} ET`;
}

const COLUMNS: Column<CalendarRow>[] = [
  { field: 'day', header: 'Announced', width: 115, sort: 'desc', kind: 'day' },
  { field: 'issuer', header: 'Issuer', minWidth: 150, flex: 1 },
  { field: 'rating', header: "Moody's / S&P", width: 120 },
  { field: 'sector', header: 'Sector', width: 150 },
  {
    field: 'status',
    header: 'Status',
    width: 150,
    cell: StageReached,
    headerTooltip: 'The current stage and when it was reached (New York time)',
  },
  T.tenor,
  T.size,
  T.ipt,
  T.guidance,
  T.launch,
  T.priced,
  T.tightening,
  T.book,
  T.cover,
  T.coupon,
  T.reofferYield,
  T.reofferPrice,
  T.concession,
  { field: 'bookrunners', header: 'Bookrunners', minWidth: 200, flex: 1 },
];

const WEEK_COLUMNS: Column<DealWeeksResponse['weeks'][number]>[] = [
  { field: 'weekStart', header: 'Week of', width: 120, kind: 'day' },
  { field: 'deals', header: 'Deals priced', width: 100, kind: 'count' },
  { field: 'tranches', header: 'Tranches', width: 90, kind: 'count' },
  { field: 'volume', header: 'Volume', width: 110, kind: 'size' },
  { field: 'avgConcessionBp', header: 'Avg NIC', width: 100, kind: 'spreadLevel' },
  { field: 'avgTighteningBp', header: 'Avg tightening', width: 125, kind: 'spreadLevel' },
  { field: 'avgCover', header: 'Avg cover', width: 100, kind: 'multiple' },
];

export default function NewIssuesPage() {
  const { params, setChoices } = useUrlChoices();
  const navigate = useNavigate();
  const filters = useMemo(() => filtersFromParams(params), [params]);
  const query = filterQuery(filters);
  // The deal whose messages are open (not a filter: the API query leaves it out).
  const picked = Number(params.get('messages'));
  const messagesDeal = Number.isInteger(picked) && picked > 0 ? picked : null;
  const deals = useApiQuery<DealListResponse>(PRIMARY_PATHS.deals, { query, refetchInterval: LIVE_REFRESH_MS });
  const { from: _from, to: _to, status: _status, ...weekFilters } = query;
  const weeks = useApiQuery<DealWeeksResponse>(PRIMARY_PATHS.dealWeeks, { query: { ...weekFilters, weeks: '12' } });
  const rows = useMemo(() => calendarRows(deals.data?.deals ?? []), [deals.data]);
  const setFilter = (key: string, value: string | null) => setChoices({ [key]: value || null });
  return (
    <Stack gap="sm" data-testid="new-issues-page">
      <PageTitle />
      <Group gap="sm" align="flex-end">
        <Select
          label="Credit"
          placeholder="IG and HY"
          clearable
          w={130}
          data={RATING_CLASSES.map((r) => ({ value: r, label: r }))}
          value={filters.rating ?? null}
          onChange={(v) => setFilter('rating', v)}
          data-testid="filter-rating"
        />
        <Select
          label="Sector"
          placeholder="All sectors"
          clearable
          w={220}
          data={SECTORS.map((s) => ({ value: s.code, label: s.name }))}
          value={filters.sector ?? null}
          onChange={(v) => setFilter('sector', v)}
        />
        <Select
          label="Status"
          placeholder="Any stage"
          clearable
          w={150}
          data={DEAL_STATUSES.map((s) => ({ value: s, label: STATUS_LABELS[s] }))}
          value={filters.status ?? null}
          onChange={(v) => setFilter('status', v)}
          data-testid="filter-status"
        />
        <Select
          label="Deal size"
          placeholder="Any size"
          clearable
          w={130}
          data={SIZE_OPTIONS}
          value={filters.minSize ? String(filters.minSize) : null}
          onChange={(v) => setFilter('minSize', v)}
        />
        <Text size="sm" c="dimmed" data-testid="deal-count">
          {deals.data
            ? `${deals.data.deals.length} deal${deals.data.deals.length === 1 ? '' : 's'}, ${formatDay(deals.data.from)} – ${formatDay(deals.data.to)}`
            : ''}
        </Text>
      </Group>
      {deals.error ? (
        <Text c="red">{apiErrorText(deals.error)}</Text>
      ) : (
        <DataTable
          rows={rows}
          columns={COLUMNS}
          rowId={(r) => String(r.id)}
          loading={deals.isLoading}
          height={heightForRows(rows.length, 420)}
          onRowClick={(r) => void navigate(`/bw/primary/pricing/${r.dealId}`)}
          testId="new-issues-grid"
        />
      )}
      <CalendarMessages
        deals={deals.data?.deals ?? []}
        selected={messagesDeal}
        onSelect={(id) => setFilter('messages', id === null ? null : String(id))}
      />
      <Text fw={600} mt="sm">
        Past deals by week
      </Text>
      <Text size="xs" c="dimmed">
        Deals priced in each week, grouped by priced date (New York; a weekend or holiday pricing counts on the next business day), as on
        the new-issue volume page.
      </Text>
      <DataTable
        rows={weeks.data?.weeks}
        columns={WEEK_COLUMNS}
        rowId={(w) => w.weekStart}
        loading={weeks.isLoading}
        height={360}
        testId="deal-weeks-grid"
      />
    </Stack>
  );
}
