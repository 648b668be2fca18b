/**
 * The data of one trial list on /bw/admin/trial: its people, the organisations a person without
 * one can subscribe under, the days and organisation typed per person, and the extend/convert
 * actions. After either action every user list is read again (a person moves between lists).
 */
import { useEffect, useState } from 'react';
import { ADMIN_PATHS, type OrganizationListResponse } from '@common/api/admin';
import { ADMIN_USER_PATHS, type AdminUserRow, type UserListPage } from '@common/api/adminUsers';
import { api } from '../../api/client';
import { useApiMutation, useApiQuery } from '../../api/queries';
import { useNow } from '../../clock/clock';
import { DEFAULT_EXTEND_DAYS, extendBody, subscribeBody, trialListQuery, type TrialListSpec } from './trialLists';

export function useTrialList(spec: TrialListSpec, onError: (e: string | null) => void) {
  const now = useNow();
  const list = useApiQuery<UserListPage>(ADMIN_USER_PATHS.users, { query: trialListQuery(spec) });
  const organizations = useApiQuery<OrganizationListResponse>(ADMIN_PATHS.adminOrganizations);
  const options = (organizations.data?.organizations ?? []).map((o) => ({ value: o.id, label: o.name }));
  const [days, setDays] = useState<Record<string, number>>({});
  const [orgFor, setOrgFor] = useState<Record<string, string | null>>({});
  const daysFor = (u: AdminUserRow) => days[u.id] ?? DEFAULT_EXTEND_DAYS;
  const invalidates = [ADMIN_USER_PATHS.users];
  // A refusal is mostly a person changed meanwhile (409): the lists are read again then too.
  const extendTrial = useApiMutation(
    (u: AdminUserRow) => api.put(ADMIN_PATHS.adminUserTrial({ userId: u.id }), extendBody(u, daysFor(u), now())),
    { invalidates, rereadWhenRefused: invalidates },
  );
  const subscribe = useApiMutation(
    (u: AdminUserRow) => api.post(ADMIN_USER_PATHS.subscribe({ userId: u.id }), subscribeBody(u, orgFor[u.id])),
    { invalidates, rereadWhenRefused: invalidates },
  );
  // The page shows one refusal for all its lists: the latest one, cleared as the next action starts.
  const error = extendTrial.error ?? subscribe.error;
  useEffect(() => {
    if (error) onError(error);
  }, [error, onError]);
  const start = <Vars>(action: { run: (vars: Vars) => Promise<unknown> }, vars: Vars) => {
    onError(null);
    return action.run(vars);
  };
  return {
    list,
    options,
    daysFor,
    setDaysFor: (u: AdminUserRow, v: number) => setDays({ ...days, [u.id]: v || DEFAULT_EXTEND_DAYS }),
    orgFor: (u: AdminUserRow) => orgFor[u.id] ?? null,
    setOrgFor: (u: AdminUserRow, v: string | null) => setOrgFor({ ...orgFor, [u.id]: v }),
    extend: (u: AdminUserRow) => start(extendTrial, u),
    subscribe: (u: AdminUserRow) => start(subscribe, u),
  };
}

export type TrialListState = ReturnType<typeof useTrialList>;
