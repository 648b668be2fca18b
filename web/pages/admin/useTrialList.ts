/**
 * The data of one trial list on /bw/admin/trial: its people, the organisations a person without
 * one can subscribe under, the days and organisation typed per person, and the extend/convert
 * actions. After either action every user list is read again (a person moves between lists).
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ADMIN_PATHS, type OrganizationListResponse } from '@common/api/admin';
import { ADMIN_USER_PATHS, type AdminUserRow, type UserListPage } from '@common/api/adminUsers';
import { api } from '../../api/client';
import { apiErrorText } from '../../api/errorText';
import { apiKey } from '../../api/queries';
import { useNow } from '../../clock/clock';
import { DEFAULT_EXTEND_DAYS, extendBody, subscribeBody, trialListQuery, type TrialListSpec } from './trialLists';

export function useTrialList(spec: TrialListSpec, onError: (e: string | null) => void) {
  const client = useQueryClient();
  const now = useNow();
  const query = trialListQuery(spec);
  const list = useQuery({
    queryKey: apiKey(ADMIN_USER_PATHS.users, query),
    queryFn: () => api.get<UserListPage>(ADMIN_USER_PATHS.users, { query }),
  });
  const organizations = useQuery({
    queryKey: apiKey(ADMIN_PATHS.adminOrganizations),
    queryFn: () => api.get<OrganizationListResponse>(ADMIN_PATHS.adminOrganizations),
  });
  const options = (organizations.data?.organizations ?? []).map((o) => ({ value: o.id, label: o.name }));
  const [days, setDays] = useState<Record<string, number>>({});
  const [orgFor, setOrgFor] = useState<Record<string, string | null>>({});
  const run = async (work: () => Promise<unknown>) => {
    onError(null);
    try {
      await work();
    } catch (err) {
      onError(apiErrorText(err));
    }
    await client.invalidateQueries({ queryKey: apiKey(ADMIN_USER_PATHS.users) });
  };
  const daysFor = (u: AdminUserRow) => days[u.id] ?? DEFAULT_EXTEND_DAYS;
  return {
    list,
    options,
    daysFor,
    setDaysFor: (u: AdminUserRow, v: number) => setDays({ ...days, [u.id]: v || DEFAULT_EXTEND_DAYS }),
    orgFor: (u: AdminUserRow) => orgFor[u.id] ?? null,
    setOrgFor: (u: AdminUserRow, v: string | null) => setOrgFor({ ...orgFor, [u.id]: v }),
    extend: (u: AdminUserRow) => run(() => api.put(ADMIN_PATHS.adminUserTrial({ userId: u.id }), extendBody(u, daysFor(u), now()))),
    subscribe: (u: AdminUserRow) => run(() => api.post(ADMIN_USER_PATHS.subscribe({ userId: u.id }), subscribeBody(u, orgFor[u.id]))),
  };
}

export type TrialListState = ReturnType<typeof useTrialList>;
