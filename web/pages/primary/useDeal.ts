import { useNavigate, useParams } from 'react-router';
import { PRIMARY_PATHS, type DealDetailResponse } from '@common/api/primary';
import { useApiQuery } from '../../api/queries';
import { performanceRows } from './dealDetailView';

/** How often a deal still in the market is read again, so its stages and spreads show as they move. */
const LIVE_REFRESH_MS = 15_000;

/**
 * The deal of the URL (/bw/primary/pricing/{dealId}): whether the id is valid, its detail
 * (read again every 15 s until it is priced), and the rows of trading since pricing.
 */
export function useDeal() {
  const { dealId } = useParams();
  const navigate = useNavigate();
  const id = Number(dealId);
  const valid = Number.isInteger(id) && id > 0;
  const detail = useApiQuery<DealDetailResponse>(valid ? PRIMARY_PATHS.deal({ id }) : null, {
    refetchInterval: (q) => (q.state.data?.deal.status === 'priced' ? false : LIVE_REFRESH_MS),
  });
  const data = detail.data;
  return {
    valid,
    detail,
    data,
    performance: data ? performanceRows(data) : [],
    openDeal: (otherId: number) => void navigate(`/bw/primary/pricing/${otherId}`),
  };
}

export type DealState = ReturnType<typeof useDeal>;
