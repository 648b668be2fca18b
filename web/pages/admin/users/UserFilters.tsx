import { Button, Checkbox, Group, Select, TextInput } from '@mantine/core';
import { USER_ROLES, USER_SORTS, USER_STATUSES, USER_TRIAL_FILTERS } from '@common/api/adminUsers';
import type { AdminUsersState } from './useAdminUsers';

/** The users page's filter form; nothing is asked of the server before Find. */
export function UserFilters({ state }: { state: AdminUsersState }) {
  const { draft, setDraftValue, apply, organizationChoices } = state;
  const pick = (key: string, label: string, data: readonly string[] | { value: string; label: string }[], w = 140) => (
    <Select
      size="xs"
      label={label}
      clearable={key !== 'sort'}
      data={data as string[]}
      value={draft[key] ?? (key === 'sort' ? 'email' : null)}
      onChange={(v) => setDraftValue(key, v ?? undefined)}
      w={w}
      data-testid={`users-filter-${key}`}
    />
  );
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        apply();
      }}
    >
      <Group align="end" gap="xs">
        <TextInput
          size="xs"
          label="E-mail or name"
          value={draft.q ?? ''}
          onChange={(e) => setDraftValue('q', e.currentTarget.value)}
          w={220}
          data-testid="users-search"
        />
        {pick('organizationId', 'Organisation', organizationChoices, 180)}
        {pick('role', 'Role', USER_ROLES, 100)}
        {pick('status', 'Status', USER_STATUSES, 130)}
        {pick('trial', 'Trial', USER_TRIAL_FILTERS, 140)}
        {(['lastLoginFrom', 'lastLoginBefore'] as const).map((key) => (
          <TextInput
            key={key}
            size="xs"
            type="date"
            label={key === 'lastLoginFrom' ? 'Signed in since' : 'Not signed in since'}
            value={draft[key] ?? ''}
            onChange={(e) => setDraftValue(key, e.currentTarget.value || undefined)}
          />
        ))}
        {pick('sort', 'Sort by', USER_SORTS, 110)}
        <Checkbox
          size="xs"
          label="Descending"
          checked={draft.descending === 'true'}
          onChange={(e) => setDraftValue('descending', e.currentTarget.checked ? 'true' : undefined)}
        />
        <Button size="xs" type="submit" data-testid="users-apply">
          Find
        </Button>
      </Group>
    </form>
  );
}
