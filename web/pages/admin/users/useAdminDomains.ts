import { useState } from 'react';
import { ADMIN_PATHS, type OrganizationListResponse } from '@common/api/admin';
import { ADMIN_DOMAIN_PATHS, type AdminDomain, type AdminDomainList } from '@common/api/adminDomains';
import { api } from '../../../api/client';
import { useApiMutation, useApiQuery } from '../../../api/queries';
import { editsShown } from '../adminEdits';
import { type DomainDraft, EMPTY_DRAFT, organizationChoices } from './adminDomainsView';

type DomainChange = { organizationId: string } | { employee: boolean };

/**
 * The domains and organisations, the add form, and the edits. Each edit sends the `updatedAt` it
 * was shown; a refusal is shown, and the lists are re-read whatever the answer.
 */
export function useAdminDomains() {
  const list = useApiQuery<AdminDomainList>(ADMIN_DOMAIN_PATHS.domains);
  const organizations = useApiQuery<OrganizationListResponse>(ADMIN_PATHS.adminOrganizations);
  const [draft, setDraft] = useState<DomainDraft>(EMPTY_DRAFT);
  const invalidates = [ADMIN_DOMAIN_PATHS.domains, ADMIN_PATHS.adminOrganizations];
  const path = (row: AdminDomain) => ADMIN_DOMAIN_PATHS.domain({ domain: row.domain });
  const addDomain = useApiMutation((added: DomainDraft) => api.post(ADMIN_DOMAIN_PATHS.domains, added), {
    invalidates,
    rereadWhenRefused: invalidates,
    onDone: () => setDraft(EMPTY_DRAFT),
  });
  const changeDomain = useApiMutation(
    ({ row, changes }: { row: AdminDomain; changes: DomainChange }) => api.put(path(row), { updatedAt: row.updatedAt, ...changes }),
    { invalidates, rereadWhenRefused: invalidates },
  );
  const removeDomain = useApiMutation((row: AdminDomain) => api.delete(path(row), { query: { updatedAt: row.updatedAt } }), {
    invalidates,
    rereadWhenRefused: invalidates,
  });
  // One refusal line for the page: each edit forgets the others' refusal as it starts.
  const { error, start } = editsShown({ add: addDomain, change: changeDomain, remove: removeDomain });
  return {
    list,
    options: organizationChoices(organizations.data),
    draft,
    setDraft,
    error,
    add: async () => {
      await start(addDomain, draft);
    },
    change: (row: AdminDomain, changes: DomainChange) => void start(changeDomain, { row, changes }),
    remove: (row: AdminDomain) => void start(removeDomain, row),
  };
}
export type AdminDomainsState = ReturnType<typeof useAdminDomains>;
