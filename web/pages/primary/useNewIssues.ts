import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import { PRIMARY_PATHS, type DealListResponse, type DealWeeksResponse } from '@common/api/primary';
import { useApiQuery } from '../../api/queries';
import { useUrlChoices } from '../../routing/urlChoices';
import { calendarRows, filterQuery, filtersFromParams } from './dealView';

/** How often the calendar asks for news (the notifications work will push instead). */
const LIVE_REFRESH_MS = 15_000;

/**
 * The calendar's filters and picked deal, held in the URL, and the answers they ask for: this
 * week's deals (read again every 15 s) and the past weeks' averages under the same filters.
 */
export function useNewIssues() {
  const { params, setChoices } = useUrlChoices();
  const navigate = useNavigate();
  const filters = useMemo(() => filtersFromParams(params), [params]);
  const query = filterQuery(filters);
  // The deal whose messages are open (not a filter: the API query leaves it out).
  const picked = Number(params.get('messages'));
  const messagesDeal = Number.isInteger(picked) && picked > 0 ? picked : null;
  const deals = useApiQuery<DealListResponse>(PRIMARY_PATHS.deals, { query, refetchInterval: LIVE_REFRESH_MS });
  // The weekly record spans twelve weeks of its own, so the days and the stage do not apply.
  const { from: _from, to: _to, status: _status, ...weekFilters } = query;
  const weeks = useApiQuery<DealWeeksResponse>(PRIMARY_PATHS.dealWeeks, { query: { ...weekFilters, weeks: '12' } });
  const rows = useMemo(() => calendarRows(deals.data?.deals ?? []), [deals.data]);
  const setFilter = (key: string, value: string | null) => setChoices({ [key]: value || null });
  return {
    filters,
    messagesDeal,
    deals,
    weeks,
    rows,
    setFilter,
    openDeal: (dealId: number) => void navigate(`/bw/primary/pricing/${dealId}`),
  };
}

export type NewIssuesState = ReturnType<typeof useNewIssues>;
