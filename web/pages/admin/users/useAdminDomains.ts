import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ADMIN_PATHS, type OrganizationListResponse } from '@common/api/admin';
import { ADMIN_DOMAIN_PATHS, type AdminDomain, type AdminDomainList } from '@common/api/adminDomains';
import { api } from '../../../api/client';
import { apiErrorText } from '../../../api/errorText';
import { apiKey } from '../../../api/queries';
import { type DomainDraft, EMPTY_DRAFT, organizationChoices } from './adminDomainsView';

/**
 * The domains and organisations, the add form, and the edits. Each edit sends the `updatedAt` it
 * was shown; a refusal is shown, and the lists are re-read whatever the answer.
 */
export function useAdminDomains() {
  const client = useQueryClient();
  const key = apiKey(ADMIN_DOMAIN_PATHS.domains);
  const list = useQuery({ queryKey: key, queryFn: () => api.get<AdminDomainList>(ADMIN_DOMAIN_PATHS.domains) });
  const organizations = useQuery({
    queryKey: apiKey(ADMIN_PATHS.adminOrganizations),
    queryFn: () => api.get<OrganizationListResponse>(ADMIN_PATHS.adminOrganizations),
  });
  const [draft, setDraft] = useState<DomainDraft>(EMPTY_DRAFT);
  const [error, setError] = useState<string | null>(null);
  /** Sends one edit; true when the server took it. */
  const run = async (work: () => Promise<unknown>) => {
    setError(null);
    try {
      await work();
      return true;
    } catch (err) {
      setError(apiErrorText(err));
      return false;
    } finally {
      await client.invalidateQueries({ queryKey: key });
      await client.invalidateQueries({ queryKey: apiKey(ADMIN_PATHS.adminOrganizations) });
    }
  };
  const path = (row: AdminDomain) => ADMIN_DOMAIN_PATHS.domain({ domain: row.domain });
  return {
    list,
    options: organizationChoices(organizations.data),
    draft,
    setDraft,
    error,
    add: async () => {
      if (await run(() => api.post(ADMIN_DOMAIN_PATHS.domains, draft))) setDraft(EMPTY_DRAFT);
    },
    change: (row: AdminDomain, changes: { organizationId: string } | { employee: boolean }) =>
      void run(() => api.put(path(row), { updatedAt: row.updatedAt, ...changes })),
    remove: (row: AdminDomain) => void run(() => api.delete(`${path(row)}?updatedAt=${encodeURIComponent(row.updatedAt)}`)),
  };
}
export type AdminDomainsState = ReturnType<typeof useAdminDomains>;
