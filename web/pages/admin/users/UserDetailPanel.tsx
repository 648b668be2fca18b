/**
 * One person on the users admin page: who they are, their sessions, second factors (kind and when
 * added), features and trial, with the actions — lock/unlock, force logout, reset second factors,
 * change role, set features. Each action asks first, sends the version it was shown, and a 409
 * (someone else changed the person meanwhile) is shown and the person re-read.
 */
import { Alert, Badge, Button, CloseButton, Group, Modal, Paper, Select, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ADMIN_USER_PATHS, type AdminUserDetail, USER_ROLES, type UserRole } from '@common/api/adminUsers';
import { formatDate } from '@common/format';
import { api } from '../../../api/client';
import { apiErrorText } from '../../../api/errorText';
import { apiKey } from '../../../api/queries';
import { DataTable, type Column } from '../../../components/DataTable';
import { USER_STATUS_LABELS } from './userStatus';

type Session = AdminUserDetail['sessions'][number];
const SESSION_COLUMNS: Column<Session>[] = [
  { header: 'Started', field: 'createdAt', kind: 'date', flex: 1 },
  { header: 'Last used', field: 'lastUsedAt', kind: 'date', flex: 1 },
  { field: 'ip', header: 'Address', flex: 1 },
  { field: 'userAgent', header: 'Browser', flex: 2 },
];
type Feature = AdminUserDetail['features'][number];
const LEVELS = [
  { value: 'inherit', label: 'as organisation/global' },
  { value: '0', label: '0 off' },
  { value: '1', label: '1 non-production' },
  { value: '2', label: '2 on' },
];

interface PendingAction {
  label: string;
  warning: string;
  send: (version: number) => Promise<AdminUserDetail>;
}

export function UserDetailPanel({ userId, onClose }: { userId: string; onClose: () => void }) {
  const client = useQueryClient();
  const key = apiKey(ADMIN_USER_PATHS.user({ userId }));
  const detail = useQuery({ queryKey: key, queryFn: () => api.get<AdminUserDetail>(ADMIN_USER_PATHS.user({ userId })) });
  const [pending, setPending] = useState<PendingAction | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [role, setRole] = useState<UserRole | null>(null);
  const [features, setFeatures] = useState<Record<string, string>>({});

  const confirm = async () => {
    if (!pending || !detail.data) return;
    setBusy(true);
    setError(null);
    try {
      client.setQueryData(key, await pending.send(detail.data.version));
      setFeatures({});
      setRole(null);
    } catch (err) {
      setError(apiErrorText(err));
      await client.invalidateQueries({ queryKey: key });
    } finally {
      setBusy(false);
      setPending(null);
      await client.invalidateQueries({ queryKey: apiKey(ADMIN_USER_PATHS.users) });
    }
  };
  const post = (path: string) => (version: number) => api.post<AdminUserDetail>(path, { version });

  const u = detail.data;
  if (!u) return detail.isError ? <Alert color="red">{apiErrorText(detail.error)}</Alert> : null;
  const locked = u.status !== 'active';
  const featureChanges = Object.fromEntries(Object.entries(features).map(([name, v]) => [name, v === 'inherit' ? null : Number(v)]));
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
        <Text size="sm">
          Trial: {u.trial.state ?? 'none'}
          {u.trial.endsAt
            ? ` (ends ${formatDate(u.trial.endsAt)}${u.trial.extendedUntil ? `, extended to ${formatDate(u.trial.extendedUntil)}` : ''})`
            : ''}
        </Text>
        <Text size="sm">Last sign-in: {formatDate(u.lastLoginAt)}</Text>
        {u.lockedAt && <Text size="sm">Locked {formatDate(u.lockedAt)}</Text>}
      </Group>
      {error && (
        <Alert color="red" role="alert" mb="xs" data-testid="user-error">
          {error}
        </Alert>
      )}
      <Group gap="xs" mb="sm">
        {locked ? (
          <Button
            size="xs"
            data-testid="user-unlock"
            onClick={() =>
              setPending({ label: 'Unlock', warning: 'They can sign in again.', send: post(ADMIN_USER_PATHS.unlock({ userId })) })
            }
          >
            Unlock
          </Button>
        ) : (
          <Button
            size="xs"
            color="red"
            data-testid="user-lock"
            onClick={() =>
              setPending({
                label: 'Lock',
                warning: 'Every session ends and no sign-in works until an admin unlocks them.',
                send: post(ADMIN_USER_PATHS.lock({ userId })),
              })
            }
          >
            Lock
          </Button>
        )}
        <Button
          size="xs"
          variant="default"
          disabled={u.sessions.length === 0}
          onClick={() =>
            setPending({ label: 'Force logout', warning: 'Every session ends now.', send: post(ADMIN_USER_PATHS.logout({ userId })) })
          }
        >
          Force logout
        </Button>
        <Button
          size="xs"
          variant="default"
          disabled={u.secondFactors.length === 0}
          onClick={() =>
            setPending({
              label: 'Reset second factors',
              warning: 'Their authenticator and passkeys are removed; they set them up again.',
              send: post(ADMIN_USER_PATHS.resetSecondFactors({ userId })),
            })
          }
        >
          Reset second factors
        </Button>
        <Select
          size="xs"
          w={110}
          data={[...USER_ROLES]}
          value={role ?? u.role}
          onChange={(v) => setRole(v as UserRole)}
          aria-label="Role"
        />
        <Button
          size="xs"
          variant="default"
          disabled={!role || role === u.role}
          onClick={() =>
            role &&
            setPending({
              label: `Make ${role}`,
              warning: 'Their sessions end; they sign in again with the new role.',
              send: (version) => api.put<AdminUserDetail>(ADMIN_USER_PATHS.role({ userId }), { version, role }),
            })
          }
        >
          Change role
        </Button>
      </Group>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm">
        <Stack gap={4}>
          <Text fw={600} size="sm">
            Sessions ({u.sessions.length})
          </Text>
          <DataTable<Session> rows={u.sessions} columns={SESSION_COLUMNS} rowId={(s) => s.id} height={160} testId="user-sessions" />
          <Text fw={600} size="sm" mt="xs">
            Second factors
          </Text>
          {u.secondFactors.length === 0 && <Text size="sm">None</Text>}
          {u.secondFactors.map((f, k) => (
            <Text key={k} size="sm">
              {f.kind === 'totp' ? 'Authenticator app' : `Passkey “${f.name}”`}, added {formatDate(f.addedAt)}
              {f.lastUsedAt ? `, last used ${formatDate(f.lastUsedAt)}` : ''}
            </Text>
          ))}
        </Stack>
        <Stack gap={4}>
          <Group justify="space-between">
            <Text fw={600} size="sm">
              Features (level in effect; their own override)
            </Text>
            <Button
              size="compact-xs"
              disabled={Object.keys(features).length === 0}
              onClick={() =>
                setPending({
                  label: 'Save features',
                  warning: `Overrides: ${JSON.stringify(featureChanges)}`,
                  send: (version) => api.put<AdminUserDetail>(ADMIN_USER_PATHS.features({ userId }), { version, features: featureChanges }),
                })
              }
            >
              Save features
            </Button>
          </Group>
          <SimpleGrid cols={2} spacing={4}>
            {u.features.map((f: Feature) => (
              <Group key={f.name} gap={4} wrap="nowrap">
                <Text size="xs" w={150} truncate>
                  {f.name} ({f.level})
                </Text>
                <Select
                  size="xs"
                  w={170}
                  data={LEVELS}
                  value={features[f.name] ?? (f.override === null ? 'inherit' : String(f.override))}
                  onChange={(v) => v && setFeatures({ ...features, [f.name]: v })}
                  aria-label={`${f.name} override`}
                />
              </Group>
            ))}
          </SimpleGrid>
        </Stack>
      </SimpleGrid>
      <Modal opened={pending !== null} onClose={() => setPending(null)} title={`${pending?.label ?? ''}: ${u.email}`} size="sm">
        <Stack gap="sm">
          <Text size="sm">{pending?.warning}</Text>
          <Group justify="flex-end" gap="xs">
            <Button size="xs" variant="default" onClick={() => setPending(null)}>
              Cancel
            </Button>
            <Button size="xs" loading={busy} onClick={() => void confirm()} data-testid="user-action-confirm">
              {pending?.label}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Paper>
  );
}
