/**
 * /bw/primary/new-issues: this market week's deals, one row per tranche grouped by day (newest
 * first), refreshed every 15 s so a deal moving from IPT to guidance to launch to pricing updates
 * in place; filters in the URL (?from=&to=&rating=IG&sector=FINL&status=priced&minSize=1000000000); below,
 * past deals by week with their average concession, tightening and cover. Arrows move, Enter
 * (or a click) opens the deal. Beside the calendar, the deal messages of a picked deal, with
 * unread counts (messages/CalendarMessages.tsx).
 */
import { Stack, Text } from '@mantine/core';
import { apiErrorText } from '../../api/errorText';
import { DataTable, heightForRows } from '../../components/DataTable';
import { PageTitle } from '../../components/PageTitle';
import { CalendarMessages } from './messages/CalendarMessages';
import { NewIssuesFilters } from './NewIssuesFilters';
import { CALENDAR_COLUMNS, WEEK_COLUMNS } from './newIssuesView';
import { useNewIssues } from './useNewIssues';

export default function NewIssuesPage() {
  const state = useNewIssues();
  const { deals, weeks, rows, messagesDeal, setFilter, openDeal } = state;
  return (
    <Stack gap="sm" data-testid="new-issues-page">
      <PageTitle />
      <NewIssuesFilters state={state} />
      {deals.error ? (
        <Text c="red">{apiErrorText(deals.error)}</Text>
      ) : (
        <DataTable
          rows={rows}
          columns={CALENDAR_COLUMNS}
          rowId={(r) => String(r.id)}
          loading={deals.isLoading}
          height={heightForRows(rows.length, 420)}
          onRowClick={(r) => openDeal(r.dealId)}
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
