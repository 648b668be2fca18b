import { useState } from 'react';
import { ADMIN_PATHS, type OrganizationListResponse } from '@common/api/admin';
import { api } from '../../api/client';
import { useApiMutation, useApiQuery } from '../../api/queries';
import { EMPTY_ORGANIZATION_DRAFT, organizationBodyOf, type OrganizationDraft } from './organizationDrafts';

/**
 * The organisations list and its edits: the new organisation's draft, the one row being edited,
 * the one row opened on its members and features, and the last refusal (a domain another
 * organisation holds is a 409 whose reason is shown). Each edit reads the list again.
 */
export function useAdminOrganizations() {
  const list = useApiQuery<OrganizationListResponse>(ADMIN_PATHS.adminOrganizations);
  const [created, setCreated] = useState<OrganizationDraft>(EMPTY_ORGANIZATION_DRAFT);
  const [editing, setEditing] = useState<{ id: string; draft: OrganizationDraft } | null>(null);
  const [opened, setOpened] = useState<string | null>(null);
  const invalidates = [ADMIN_PATHS.adminOrganizations];
  const createOne = useApiMutation((draft: OrganizationDraft) => api.post(ADMIN_PATHS.adminOrganizations, organizationBodyOf(draft)), {
    invalidates,
    onDone: () => setCreated(EMPTY_ORGANIZATION_DRAFT),
  });
  const saveOne = useApiMutation(
    ({ id, draft }: { id: string; draft: OrganizationDraft }) => api.put(ADMIN_PATHS.adminOrganization({ id }), organizationBodyOf(draft)),
    { invalidates, onDone: () => setEditing(null) },
  );
  return {
    list,
    organizations: list.data?.organizations ?? [],
    created,
    setCreated,
    editing,
    setEditing,
    opened,
    toggleOpened: (id: string) => setOpened(opened === id ? null : id),
    // One refusal line for the page: each edit forgets the other's refusal as it starts.
    error: createOne.error ?? saveOne.error,
    create: () => {
      saveOne.reset();
      void createOne.run(created);
    },
    save: (id: string, draft: OrganizationDraft) => {
      createOne.reset();
      void saveOne.run({ id, draft });
    },
  };
}

export type AdminOrganizationsState = ReturnType<typeof useAdminOrganizations>;
