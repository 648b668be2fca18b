import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { AdminDealListQuery } from '@common/api/adminDeals';
import { adminDealsApi, adminDealsKey } from './adminDealsApi';
import { withIssuerText } from './adminDeals';

/**
 * The deals list's filters (range, stage, issuer text — applied on Enter or leaving the field,
 * not on each key), the deals they ask for, and whether the new-deal dialog is open.
 */
export function useAdminDeals() {
  const [query, setQuery] = useState<AdminDealListQuery>({});
  const [q, setQ] = useState('');
  const [creating, setCreating] = useState(false);
  const deals = useQuery({ queryKey: adminDealsKey(query), queryFn: () => adminDealsApi.list(query) });
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
