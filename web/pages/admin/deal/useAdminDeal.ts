import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useParams } from 'react-router';
import { ADMIN_DEAL_PATHS, type AdminDeal, type AdminTrancheInput } from '@common/api/adminDeals';
import { DEAL_STATUSES, type DealStatus } from '@common/market';
import { apiErrorText } from '../../../api/errorText';
import { apiKey, useApiQuery } from '../../../api/queries';
import { useNow } from '../../../clock/clock';
import { commaList } from '../commaList';
import { adminDealsApi } from './adminDealsApi';

/** The deal of the URL (/bw/admin/deal/{dealId}) as the admin API returns it. */
export function useAdminDeal() {
  const id = Number(useParams().dealId);
  return useApiQuery<AdminDeal>(ADMIN_DEAL_PATHS.deal({ id }));
}

export type AdminDealState = ReturnType<typeof useAdminDeal>;

/**
 * One deal's edits: the bookrunners and use-of-proceeds fields, the next stage and its time, and
 * the calls that change the deal. Each call's answer is the deal as it now stands, written into
 * the query cache; a refusal is kept as the error to show.
 */
export function useDealEditor(deal: AdminDeal) {
  const client = useQueryClient();
  const now = useNow();
  const [error, setError] = useState<string | null>(null);
  const [bookrunners, setBookrunners] = useState(deal.bookrunners.join(', '));
  const [useOfProceeds, setUseOfProceeds] = useState(deal.useOfProceeds ?? '');
  const later = DEAL_STATUSES.filter((s) => DEAL_STATUSES.indexOf(s) > DEAL_STATUSES.indexOf(deal.status));
  const [nextStatus, setNextStatus] = useState<DealStatus | null>(later[0] ?? null);
  /** A datetime-local value in the browser's time; empty: the moment the step is added. */
  const [at, setAt] = useState('');
  /** Runs a change; the answer is the deal as it now stands. */
  const change = async (work: () => Promise<AdminDeal>) => {
    setError(null);
    try {
      client.setQueryData(apiKey(ADMIN_DEAL_PATHS.deal({ id: deal.id })), await work());
    } catch (err) {
      setError(apiErrorText(err));
    }
  };
  return {
    deal,
    error,
    bookrunners,
    setBookrunners,
    useOfProceeds,
    setUseOfProceeds,
    saveDetails: () =>
      void change(() =>
        adminDealsApi.update(deal.id, {
          bookrunners: commaList(bookrunners),
          useOfProceeds: useOfProceeds.trim() || null,
        }),
      ),
    saveTranche: (trancheId: number, c: Partial<AdminTrancheInput>) => change(() => adminDealsApi.updateTranche(deal.id, trancheId, c)),
    removeTranche: (trancheId: number) => change(() => adminDealsApi.removeTranche(deal.id, trancheId)),
    addTranche: (t: AdminTrancheInput) => change(() => adminDealsApi.addTranche(deal.id, t)),
    later,
    nextStatus,
    setNextStatus,
    at,
    setAt,
    addStep: () =>
      nextStatus &&
      void change(() => adminDealsApi.addStatus(deal.id, { status: nextStatus, at: (at ? new Date(at) : new Date(now())).toISOString() })),
    undoStep: () => void change(() => adminDealsApi.undoStatus(deal.id)),
  };
}

export type DealEditorState = ReturnType<typeof useDealEditor>;
