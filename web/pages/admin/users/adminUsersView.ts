/** What the users admin page builds from its choices and answers: columns, filters, options. Pure. */
import type { OrganizationListResponse } from '@common/api/admin';
import type { AdminUserRow, UserListQuery } from '@common/api/adminUsers';
import type { Column } from '../../../components/DataTable';
import { USER_STATUS_LABELS } from './userStatus';

export const PAGE_SIZE = 50;

export const COLUMNS: Column<AdminUserRow>[] = [
  { field: 'email', header: 'E-mail', flex: 2, sortable: false },
  { field: 'name', header: 'Name', flex: 1.5, sortable: false },
  { header: 'Organisation', value: (r) => r.organization?.name ?? '—', flex: 1.5, sortable: false },
  { field: 'role', header: 'Role', width: 80, sortable: false },
  { header: 'Status', value: (r) => USER_STATUS_LABELS[r.status], width: 120, sortable: false },
  { header: 'Trial', value: (r) => r.trial.state ?? '—', width: 120, sortable: false },
  { header: 'Last sign-in', field: 'lastLoginAt', kind: 'date', flex: 1.2, sortable: false },
  { header: 'Created', field: 'created', kind: 'date', flex: 1.2, sortable: false },
];

export type Filters = Omit<UserListQuery, 'page' | 'limit'>;
/** The filter form's inputs as typed, before Find applies them. */
export type Draft = Record<string, string | undefined>;

/** A date input's value (yyyy-mm-dd, the browser's day) as the instant it starts, or nothing. */
const dayStart = (day: string | undefined) => (day ? new Date(`${day}T00:00`).toISOString() : undefined);

/** The list query's filters from the form: a blank search is none, days become instants, e-mail is the default sort. */
export const filtersFromDraft = (draft: Draft): Filters => ({
  q: draft.q?.trim() || undefined,
  organizationId: draft.organizationId,
  role: draft.role as Filters['role'],
  status: draft.status as Filters['status'],
  trial: draft.trial as Filters['trial'],
  lastLoginFrom: dayStart(draft.lastLoginFrom),
  lastLoginBefore: dayStart(draft.lastLoginBefore),
  sort: (draft.sort as Filters['sort']) ?? 'email',
  descending: draft.descending === 'true' ? 'true' : undefined,
});

/** The organisation filter's choices: people without one, then each organisation. */
export const organizationOptions = (data: OrganizationListResponse | undefined) => [
  { value: 'none', label: '(no organisation)' },
  ...(data?.organizations ?? []).map((o) => ({ value: o.id, label: o.name })),
];

export const pageCount = (total: number) => Math.max(1, Math.ceil(total / PAGE_SIZE));
