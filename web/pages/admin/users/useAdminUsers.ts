import { keepPreviousData } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { ADMIN_PATHS, type OrganizationListResponse } from '@common/api/admin';
import { ADMIN_USER_PATHS, type UserListPage } from '@common/api/adminUsers';
import { useApiQuery } from '../../../api/queries';
import { type Draft, type Filters, filtersFromDraft, organizationOptions, PAGE_SIZE, pageCount } from './adminUsersView';

/**
 * The users page's choices — the filter form's draft, the applied filters, the page, the person
 * opened — and the answers: one server page of people and the organisations to filter by.
 */
export function useAdminUsers() {
  const [draft, setDraft] = useState<Draft>({});
  const [filters, setFilters] = useState<Filters>({});
  const [page, setPage] = useState(0);
  const [selected, setSelected] = useState<string | null>(null);
  const query = { ...filters, page, limit: PAGE_SIZE };
  const users = useApiQuery<UserListPage>(ADMIN_USER_PATHS.users, { query, placeholderData: keepPreviousData });
  const organizations = useApiQuery<OrganizationListResponse>(ADMIN_PATHS.adminOrganizations);
  const organizationChoices = useMemo(() => organizationOptions(organizations.data), [organizations.data]);
  /** Find: the draft becomes the filters, from the first page. */
  const apply = () => {
    setPage(0);
    setFilters(filtersFromDraft(draft));
  };
  const total = users.data?.total ?? 0;
  return {
    draft,
    setDraftValue: (key: string, value: string | undefined) => setDraft({ ...draft, [key]: value }),
    apply,
    users,
    organizationChoices,
    page,
    setPage,
    total,
    pages: pageCount(total),
    selected,
    setSelected,
  };
}
export type AdminUsersState = ReturnType<typeof useAdminUsers>;
