/**
 * /bw/admin/users/onboarding: sign-ups whose e-mail domain belongs to no organisation, oldest
 * first. Approve one as they are, assign them an organisation (they are e-mailed), or reject them
 * with a message that is e-mailed to them (their account is locked). A person changed meanwhile
 * is refused by the server (409) and the queue re-read.
 */
import { Alert, Button, Group, Modal, Select, Stack, Text, Textarea } from '@mantine/core';
import { ONBOARDING_MESSAGE_MAX, type OnboardingEntry } from '@common/api/adminOnboarding';
import { apiErrorText } from '../../../api/errorText';
import { DataTable, type Column } from '../../../components/DataTable';
import { PageTitle } from '../../../components/PageTitle';
import { useOnboardingQueue } from './useOnboardingQueue';

export default function AdminOnboardingPage() {
  const state = useOnboardingQueue();
  const { queue, options, error, rejecting, setRejecting, message, setMessage } = state;
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
          <Button size="compact-xs" onClick={() => state.approve(person)}>
            Approve
          </Button>
          <Select
            size="xs"
            w={170}
            placeholder="Organisation"
            data={options}
            searchable
            value={state.assigningFor(person)}
            onChange={(v) => state.setAssigningFor(person, v)}
            aria-label={`Organisation for ${person.email}`}
          />
          <Button size="compact-xs" variant="light" disabled={!state.assigningFor(person)} onClick={() => state.assign(person)}>
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
            <Button size="xs" color="red" disabled={!message.trim()} onClick={state.reject}>
              Reject and send
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
