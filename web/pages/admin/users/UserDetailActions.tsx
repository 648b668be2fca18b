import { Button, Group, Select } from '@mantine/core';
import { USER_ROLES, type AdminUserDetail, type UserRole } from '@common/api/adminUsers';
import type { UserDetailState } from './useUserDetail';

/** The person's action buttons; each only asks (the panel's dialog confirms). */
export function UserDetailActions({ user, state }: { user: AdminUserDetail; state: UserDetailState }) {
  const { ask, role, setRole } = state;
  return (
    <Group gap="xs" mb="sm">
      {user.status !== 'active' ? (
        <Button size="xs" data-testid="user-unlock" onClick={ask.unlock}>
          Unlock
        </Button>
      ) : (
        <Button size="xs" color="red" data-testid="user-lock" onClick={ask.lock}>
          Lock
        </Button>
      )}
      <Button size="xs" variant="default" disabled={user.sessions.length === 0} onClick={ask.logout}>
        Force logout
      </Button>
      <Button size="xs" variant="default" disabled={user.secondFactors.length === 0} onClick={ask.resetSecondFactors}>
        Reset second factors
      </Button>
      <Select
        size="xs"
        w={110}
        data={[...USER_ROLES]}
        value={role ?? user.role}
        onChange={(v) => setRole(v as UserRole)}
        aria-label="Role"
      />
      <Button size="xs" variant="default" disabled={!role || role === user.role} onClick={ask.role}>
        Change role
      </Button>
    </Group>
  );
}
