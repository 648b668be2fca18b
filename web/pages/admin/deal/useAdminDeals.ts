import { useState } from 'react';
import { ADMIN_DEAL_PATHS, type AdminDealList, type AdminDealListQuery } from '@common/api/adminDeals';
import { useApiQuery } from '../../../api/queries';
import { useUrlChoices } from '../../../routing/urlChoices';
import { issuerText, listQueryFromParams } from './adminDeals';

type ListFilter = Exclude<keyof AdminDealListQuery, 'q'>;

/**
 * The deals list's filters, held in the URL (?q, ?status, ?from, ?to) so a reload, a shared link
 * and the back button keep them; the issuer box's text (applied on Enter or leaving the field,
 * not on each key); the deals they ask for; and whether the new-deal dialog is open.
 */
export function useAdminDeals() {
  const { params, setChoices } = useUrlChoices();
  const query = listQueryFromParams(params);
  const applied = query.q ?? '';
  // What is typed but not applied, with the URL text it was typed over: once the URL's text
  // changes (applied, Back, a link) the box shows the URL's again. Derived, so no effect to sync.
  const [draft, setDraft] = useState({ text: applied, over: applied });
  const q = draft.over === applied ? draft.text : applied;
  const [creating, setCreating] = useState(false);
  const deals = useApiQuery<AdminDealList>(ADMIN_DEAL_PATHS.deals, { query });
  return {
    query,
    /** A filter edit replaces the history entry: the back button leaves the page, not each choice. */
    setFilter: (key: ListFilter, value: string | null) => setChoices({ [key]: value || null }),
    q,
    setQ: (text: string) => setDraft({ text, over: applied }),
    applyIssuerText: () => setChoices({ q: issuerText(q) }),
    creating,
    setCreating,
    deals,
  };
}

export type AdminDealsState = ReturnType<typeof useAdminDeals>;
