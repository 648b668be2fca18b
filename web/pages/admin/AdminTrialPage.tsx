/**
 * /bw/admin/trial: trials ending soon (within 3 days) and ended, each by its end, over
 * /admin/users?trial=…. Extend one by some days (the running end moves, or an ended trial gets
 * an extension — PUT /admin/users/{id}/trial), or convert it to a subscription (the person's, or
 * a named, organisation subscribes — POST /admin/users/{id}/subscribe). The person is e-mailed
 * either way. A person changed meanwhile is refused by the server (409) and the lists re-read.
 */
import { Alert, Button, Group, NumberInput, Select, Stack, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ADMIN_PATHS, type OrganizationListResponse } from '@common/api/admin';
import { ADMIN_USER_PATHS, type AdminUserRow, type UserListPage, type UserTrialFilter } from '@common/api/adminUsers';
import { api } from '../../api/client';
import { apiErrorText } from '../../api/errorText';
import { apiKey } from '../../api/queries';
import { DataTable, type Column } from '../../components/DataTable';
import { PageTitle } from '../../components/PageTitle';
import { useNow } from '../../clock/clock';

const DAY_MS = 24 * 3600 * 1000;
const LISTS: Array<{ trial: UserTrialFilter; title: string; descending: boolean }> = [
  { trial: 'trialEnding', title: 'Ending within 3 days', descending: false },
  { trial: 'trialEnded', title: 'Ended', descending: true },
  { trial: 'trialExtension', title: 'Running on an extension', descending: false },
];

function TrialList({ trial, title, descending, onError }: (typeof LISTS)[number] & { onError: (e: string | null) => void }) {
  const client = useQueryClient();
  const now = useNow();
  const query = { trial, sort: 'trialEnds', descending: String(descending), limit: 200 };
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
  const extend = (u: AdminUserRow) => {
    const by = (days[u.id] ?? 14) * DAY_MS;
    // A running trial's end moves; an ended one gets an extension from now (or from its current extension).
    const body =
      u.trial.state === 'trialEnding' || u.trial.state === 'trial'
        ? { endsAt: new Date(Date.parse(u.trial.endsAt!) + by).toISOString() }
        : { extendedUntil: new Date(Math.max(now(), Date.parse(u.trial.extendedUntil ?? '') || 0) + by).toISOString() };
    return run(() => api.put(ADMIN_PATHS.adminUserTrial({ userId: u.id }), { ...body, version: u.version }));
  };
  const columns: Column<AdminUserRow>[] = [
    { field: 'email', header: 'E-mail', flex: 2 },
    { header: 'Organisation', value: (r) => r.organization?.name ?? '—', flex: 1.3 },
    { header: 'Trial ends', value: (r) => r.trial.endsAt, kind: 'date', flex: 1.2 },
    { header: 'Extended to', value: (r) => r.trial.extendedUntil, kind: 'date', flex: 1.2 },
    { header: 'Last sign-in', field: 'lastLoginAt', kind: 'date', flex: 1.2 },
    {
      header: 'Extend / convert',
      minWidth: 480,
      flex: 3,
      cell: ({ row: u }) => (
        <Group gap={4} wrap="nowrap">
          <NumberInput
            size="xs"
            w={70}
            min={1}
            max={365}
            value={days[u.id] ?? 14}
            onChange={(v) => setDays({ ...days, [u.id]: Number(v) || 14 })}
            aria-label={`Days to extend ${u.email}`}
          />
          <Button size="compact-xs" onClick={() => void extend(u)} data-testid={`trial-extend-${u.email}`}>
            Extend
          </Button>
          {!u.organization && (
            <Select
              size="xs"
              w={150}
              placeholder="Organisation"
              data={options}
              value={orgFor[u.id] ?? null}
              onChange={(v) => setOrgFor({ ...orgFor, [u.id]: v })}
              aria-label={`Organisation for ${u.email}`}
            />
          )}
          <Button
            size="compact-xs"
            variant="light"
            disabled={!u.organization && !orgFor[u.id]}
            onClick={() =>
              window.confirm(
                `Subscribe ${u.organization?.name ?? 'the chosen organisation'}? Every member's trial ends in the subscription.`,
              ) &&
              void run(() =>
                api.post(ADMIN_USER_PATHS.subscribe({ userId: u.id }), {
                  version: u.version,
                  ...(u.organization ? {} : { organizationId: orgFor[u.id] }),
                }),
              )
            }
          >
            Convert to subscription
          </Button>
        </Group>
      ),
    },
  ];
  return (
    <Stack gap={4}>
      <Title order={3} size="h5">
        {title} ({list.data?.total ?? '…'})
      </Title>
      {list.isError && <Alert color="red">{apiErrorText(list.error)}</Alert>}
      <DataTable<AdminUserRow>
        rows={list.data?.users}
        columns={columns}
        rowId={(u) => u.id}
        height={240}
        testId={`trials-${trial}`}
        rowHeight={34}
      />
    </Stack>
  );
}

export default function AdminTrialPage() {
  const [error, setError] = useState<string | null>(null);
  return (
    <Stack gap="md" data-testid="admin-trial-page">
      <PageTitle />
      <Text size="sm">The person is e-mailed when their trial is extended and when it becomes a subscription.</Text>
      {error && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}
      {LISTS.map((l) => (
        <TrialList key={l.trial} {...l} onError={setError} />
      ))}
    </Stack>
  );
}
