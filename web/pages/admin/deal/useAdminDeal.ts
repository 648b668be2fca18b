import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useParams } from 'react-router';
import {
  ADMIN_DEAL_PATHS,
  type AdminDeal,
  type AdminTrancheInput,
  adminDealStatusSchema,
  adminDealUpdateSchema,
} from '@common/api/adminDeals';
import { DEAL_STATUSES, type DealStatus } from '@common/market';
import { apiErrorText } from '../../../api/errorText';
import { apiKey, useApiMutation, useApiQuery } from '../../../api/queries';
import { useNow } from '../../../clock/clock';
import { useContractForm } from '../../../components/forms/useContractForm';
import { commaList } from '../commaList';
import { adminDealsApi } from './adminDealsApi';

/** The deal of the URL (/bw/admin/deal/{dealId}) as the admin API returns it. */
export function useAdminDeal() {
  const id = Number(useParams().dealId);
  return useApiQuery<AdminDeal>(ADMIN_DEAL_PATHS.deal({ id }));
}

export type AdminDealState = ReturnType<typeof useAdminDeal>;

/** A datetime-local value typed in the browser's time as an instant; empty: `now`. One that is no time stays as typed, for the contract to refuse. */
export function stepInstant(typed: string, now: Date): string {
  const at = typed ? new Date(typed) : now;
  return Number.isNaN(at.getTime()) ? typed : at.toISOString();
}

/**
 * One deal's edits: the details form (bookrunners, use of proceeds) and the next-step form (a
 * later stage and its time), each a form on its contract whose refusals the server names land
 * under their field, and the calls that change tranches and undo a step. Each call's answer is
 * the deal as it now stands, written into the query cache; a refusal that names no field is kept
 * as the error to show.
 */
export function useDealEditor(deal: AdminDeal) {
  const client = useQueryClient();
  const now = useNow();
  const [error, setError] = useState<string | null>(null);
  const later = DEAL_STATUSES.filter((s) => DEAL_STATUSES.indexOf(s) > DEAL_STATUSES.indexOf(deal.status));
  /** A change that is no form's (a tranche, an undone step), through the one mutation idiom: its refusal is the error to show. */
  const changing = useApiMutation((work: () => Promise<AdminDeal>) => work(), {
    onDone: (changed) => client.setQueryData(apiKey(ADMIN_DEAL_PATHS.deal({ id: deal.id })), changed),
  });
  /** Writes the deal as it now stands; a refusal is thrown to the form that asked. */
  const apply = async (work: () => Promise<AdminDeal>) => {
    setError(null);
    changing.reset();
    client.setQueryData(apiKey(ADMIN_DEAL_PATHS.deal({ id: deal.id })), await work());
  };
  const change = async (work: () => Promise<AdminDeal>): Promise<void> => {
    setError(null);
    await changing.run(work);
  };
  // A refusal that names none of a form's fields goes on the deal's error line, as before.
  const refused = (failure: unknown) => setError(apiErrorText(failure));
  const details = useContractForm({
    schema: adminDealUpdateSchema,
    initialValues: { bookrunners: deal.bookrunners.join(', '), useOfProceeds: deal.useOfProceeds ?? '' },
    toBody: (v) => ({ bookrunners: commaList(v.bookrunners), useOfProceeds: v.useOfProceeds.trim() || null }),
    // "bookrunners.3" is the bookrunners field.
    fieldOf: (path) => path.split('.')[0] ?? '',
    refused,
  });
  const step = useContractForm({
    schema: adminDealStatusSchema,
    initialValues: { status: (later[0] ?? null) as DealStatus | null, at: '' },
    toBody: (v) => ({ status: v.status as DealStatus, at: stepInstant(v.at, new Date(now())) }),
    refused,
  });
  return {
    deal,
    // A form's own refusal of a part it has no field for (none expected) says itself on the same line.
    error: error ?? changing.error ?? details.formError ?? step.formError,
    details: details.form,
    saveDetails: details.onSubmit((body) => apply(() => adminDealsApi.update(deal.id, body))),
    saveTranche: (trancheId: number, c: Partial<AdminTrancheInput>) => change(() => adminDealsApi.updateTranche(deal.id, trancheId, c)),
    removeTranche: (trancheId: number) => change(() => adminDealsApi.removeTranche(deal.id, trancheId)),
    addTranche: (t: AdminTrancheInput) => change(() => adminDealsApi.addTranche(deal.id, t)),
    later,
    step: step.form,
    addStep: step.onSubmit((body) => apply(() => adminDealsApi.addStatus(deal.id, body))),
    undoStep: () => void change(() => adminDealsApi.undoStatus(deal.id)),
  };
}

export type DealEditorState = ReturnType<typeof useDealEditor>;
