import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ADMIN_PATHS, type OrganizationListResponse } from '@common/api/admin';
import { api } from '../../api/client';
import { apiErrorText } from '../../api/errorText';
import { apiKey } from '../../api/queries';
import { EMPTY_ORGANIZATION_DRAFT, organizationBodyOf, type OrganizationDraft } from './organizationDrafts';

/**
 * The organisations list and its edits: the new organisation's draft, the one row being edited,
 * the one row opened on its members and features, and the last refusal (a domain another
 * organisation holds is a 409 whose reason is shown). Each edit reads the list again.
 */
export function useAdminOrganizations() {
  const client = useQueryClient();
  const key = apiKey(ADMIN_PATHS.adminOrganizations);
  const list = useQuery({ queryKey: key, queryFn: () => api.get<OrganizationListResponse>(ADMIN_PATHS.adminOrganizations) });
  const [created, setCreated] = useState<OrganizationDraft>(EMPTY_ORGANIZATION_DRAFT);
  const [editing, setEditing] = useState<{ id: string; draft: OrganizationDraft } | null>(null);
  const [opened, setOpened] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const run = async (work: () => Promise<unknown>, after: () => void) => {
    setError(null);
    try {
      await work();
      after();
      await client.invalidateQueries({ queryKey: key });
    } catch (err) {
      setError(apiErrorText(err));
    }
  };
  return {
    list,
    organizations: list.data?.organizations ?? [],
    created,
    setCreated,
    editing,
    setEditing,
    opened,
    toggleOpened: (id: string) => setOpened(opened === id ? null : id),
    error,
    create: () =>
      void run(
        () => api.post(ADMIN_PATHS.adminOrganizations, organizationBodyOf(created)),
        () => setCreated(EMPTY_ORGANIZATION_DRAFT),
      ),
    save: (id: string, draft: OrganizationDraft) =>
      void run(
        () => api.put(ADMIN_PATHS.adminOrganization({ id }), organizationBodyOf(draft)),
        () => setEditing(null),
      ),
  };
}

export type AdminOrganizationsState = ReturnType<typeof useAdminOrganizations>;
