import { useState } from 'react';
import { ADMIN_DEAL_PATHS, type AdminDealList, type AdminDealListQuery } from '@common/api/adminDeals';
import { useApiQuery } from '../../../api/queries';
import { withIssuerText } from './adminDeals';

/**
 * The deals list's filters (range, stage, issuer text — applied on Enter or leaving the field,
 * not on each key), the deals they ask for, and whether the new-deal dialog is open.
 */
export function useAdminDeals() {
  const [query, setQuery] = useState<AdminDealListQuery>({});
  const [q, setQ] = useState('');
  const [creating, setCreating] = useState(false);
  const deals = useApiQuery<AdminDealList>(ADMIN_DEAL_PATHS.deals, { query });
  return {
    query,
    setQuery,
    q,
    setQ,
    applyIssuerText: () => setQuery(withIssuerText(query, q)),
    creating,
    setCreating,
    deals,
  };
}

export type AdminDealsState = ReturnType<typeof useAdminDeals>;
