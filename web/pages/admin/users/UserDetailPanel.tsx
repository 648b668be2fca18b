/**
 * One person on the users admin page: who they are, their sessions, second factors (kind and when
 * added), features and trial, with the actions — lock/unlock, force logout, reset second factors,
 * change role, set features. Each action asks first, sends the version it was shown, and a 409
 * (someone else changed the person meanwhile) is shown and the person re-read.
 */
import { Alert, Badge, Button, CloseButton, Group, Modal, Paper, Stack, Text, Title } from '@mantine/core';
import { formatDate } from '@common/format';
import { apiErrorText } from '../../../api/errorText';
import { UserDetailActions } from './UserDetailActions';
import { UserDetailSections } from './UserDetailSections';
import { trialText } from './userDetailView';
import { useUserDetail } from './useUserDetail';
import { USER_STATUS_LABELS } from './userStatus';

export function UserDetailPanel({ userId, onClose }: { userId: string; onClose: () => void }) {
  const state = useUserDetail(userId);
  const { detail, user: u, pending, error } = state;
  if (!u) return detail.isError ? <Alert color="red">{apiErrorText(detail.error)}</Alert> : null;
  const locked = u.status !== 'active';
  return (
    <Paper withBorder p="sm" data-testid="user-detail">
      <Group justify="space-between">
        <Title order={3} size="h4">
          {u.name ?? u.email}{' '}
          <Text span c="dimmed" size="sm">
            {u.email}
          </Text>
        </Title>
        <CloseButton onClick={onClose} aria-label="Close" />
      </Group>
      <Group gap="xs" my="xs">
        <Badge color={locked ? 'red' : 'green'} data-testid="user-status">
          {USER_STATUS_LABELS[u.status]}
        </Badge>
        <Badge variant="light">{u.role}</Badge>
        <Text size="sm">Organisation: {u.organization?.name ?? '—'}</Text>
        <Text size="sm">{trialText(u.trial)}</Text>
        <Text size="sm">Last sign-in: {formatDate(u.lastLoginAt)}</Text>
        {u.lockedAt && <Text size="sm">Locked {formatDate(u.lockedAt)}</Text>}
      </Group>
      {error && (
        <Alert color="red" role="alert" mb="xs" data-testid="user-error">
          {error}
        </Alert>
      )}
      <UserDetailActions user={u} state={state} />
      <UserDetailSections user={u} state={state} />
      <Modal opened={pending !== null} onClose={state.cancel} title={`${pending?.label ?? ''}: ${u.email}`} size="sm">
        <Stack gap="sm">
          <Text size="sm">{pending?.warning}</Text>
          <Group justify="flex-end" gap="xs">
            <Button size="xs" variant="default" onClick={state.cancel}>
              Cancel
            </Button>
            <Button size="xs" loading={state.busy} onClick={() => void state.confirm()} data-testid="user-action-confirm">
              {pending?.label}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Paper>
  );
}
