/**
 * /bw/admin/users/onboarding: sign-ups whose e-mail domain belongs to no organisation, oldest
 * first. Approve one as they are, assign them an organisation (they are e-mailed), or reject them
 * with a message that is e-mailed to them (their account is locked). A person changed meanwhile
 * is refused by the server (409) and the queue re-read.
 */
import { Alert, Button, Group, Modal, Select, Stack, Text, Textarea } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ADMIN_PATHS, type OrganizationListResponse } from '@common/api/admin';
import { ADMIN_ONBOARDING_PATHS, ONBOARDING_MESSAGE_MAX, type OnboardingEntry, type OnboardingQueue } from '@common/api/adminOnboarding';
import { api } from '../../../api/client';
import { apiErrorText } from '../../../api/errorText';
import { apiKey } from '../../../api/queries';
import { DataTable, type Column } from '../../../components/DataTable';
import { PageTitle } from '../../../components/PageTitle';

export default function AdminOnboardingPage() {
  const client = useQueryClient();
  const key = apiKey(ADMIN_ONBOARDING_PATHS.queue);
  const queue = useQuery({ queryKey: key, queryFn: () => api.get<OnboardingQueue>(ADMIN_ONBOARDING_PATHS.queue) });
  const organizations = useQuery({
    queryKey: apiKey(ADMIN_PATHS.adminOrganizations),
    queryFn: () => api.get<OrganizationListResponse>(ADMIN_PATHS.adminOrganizations),
  });
  const options = (organizations.data?.organizations ?? []).map((o) => ({ value: o.id, label: o.name }));
  const [error, setError] = useState<string | null>(null);
  const [assigning, setAssigning] = useState<Record<string, string | null>>({});
  const [rejecting, setRejecting] = useState<OnboardingEntry | null>(null);
  const [message, setMessage] = useState('');
  const run = async (work: () => Promise<OnboardingQueue>) => {
    setError(null);
    try {
      client.setQueryData(key, await work());
      return true;
    } catch (err) {
      setError(apiErrorText(err));
      await client.invalidateQueries({ queryKey: key });
      return false;
    }
  };
  const columns: Column<OnboardingEntry>[] = [
    { field: 'email', header: 'E-mail', flex: 2 },
    { field: 'name', header: 'Name', flex: 1.5 },
    { header: 'Signed up', field: 'signedUpAt', kind: 'date', flex: 1.2 },
    {
      header: 'Actions',
      flex: 3,
      minWidth: 420,
      cell: ({ row: person }) => (
        <Group gap={4} wrap="nowrap">
          <Button
            size="compact-xs"
            onClick={() => void run(() => api.post(ADMIN_ONBOARDING_PATHS.approve({ userId: person.id }), { version: person.version }))}
          >
            Approve
          </Button>
          <Select
            size="xs"
            w={170}
            placeholder="Organisation"
            data={options}
            searchable
            value={assigning[person.id] ?? null}
            onChange={(v) => setAssigning({ ...assigning, [person.id]: v })}
            aria-label={`Organisation for ${person.email}`}
          />
          <Button
            size="compact-xs"
            variant="light"
            disabled={!assigning[person.id]}
            onClick={() =>
              void run(() =>
                api.post(ADMIN_ONBOARDING_PATHS.assign({ userId: person.id }), {
                  version: person.version,
                  organizationId: assigning[person.id],
                }),
              )
            }
          >
            Assign
          </Button>
          <Button size="compact-xs" variant="subtle" color="red" onClick={() => setRejecting(person)}>
            Reject…
          </Button>
        </Group>
      ),
    },
  ];
  return (
    <Stack gap="sm" data-testid="admin-onboarding-page">
      <PageTitle />
      <Text size="sm">
        {queue.data ? `${queue.data.total} waiting` : ''} — sign-ups on a domain no organisation holds. Give a domain to an organisation on
        the domains page to let its people join at sign-up.
      </Text>
      {error && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}
      {queue.isError && <Alert color="red">{apiErrorText(queue.error)}</Alert>}
      <DataTable<OnboardingEntry>
        rows={queue.data?.people}
        columns={columns}
        rowId={(p) => p.id}
        height={460}
        testId="onboarding-queue"
        rowHeight={34}
      />
      <Modal opened={rejecting !== null} onClose={() => setRejecting(null)} title={`Reject ${rejecting?.email ?? ''}`}>
        <Stack gap="sm">
          <Textarea
            label="Message (e-mailed to them)"
            autosize
            minRows={3}
            maxLength={ONBOARDING_MESSAGE_MAX}
            value={message}
            onChange={(e) => setMessage(e.currentTarget.value)}
          />
          <Text size="xs" c="dimmed">
            Their account is locked; they cannot sign in.
          </Text>
          <Group justify="flex-end">
            <Button size="xs" variant="default" onClick={() => setRejecting(null)}>
              Cancel
            </Button>
            <Button
              size="xs"
              color="red"
              disabled={!message.trim()}
              onClick={async () => {
                const person = rejecting;
                if (!person) return;
                if (await run(() => api.post(ADMIN_ONBOARDING_PATHS.reject({ userId: person.id }), { version: person.version, message }))) {
                  setRejecting(null);
                  setMessage('');
                }
              }}
            >
              Reject and send
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
