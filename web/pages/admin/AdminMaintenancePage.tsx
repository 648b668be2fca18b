/**
 * /bw/admin/maintenance: maintenance on or off now, the message people read, and an optional
 * scheduled window (GET/PUT /admin/maintenance). While it is in force, product APIs answer 503
 * to everyone but admins with the message, and open tabs switch to the maintenance page on their
 * next call; the page previews what people then see. Each change is audited.
 */
import { Alert, Badge, Button, Card, Group, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { ADMIN_PATHS, MAINTENANCE_MESSAGE_MAX, type MaintenanceBody, type MaintenanceState } from '@common/api/admin';
import { formatDate } from '@common/format';
import { api } from '../../api/client';
import { apiErrorText } from '../../api/errorText';
import { apiKey, useApiMutation, useApiQuery } from '../../api/queries';
import { PageTitle } from '../../components/PageTitle';
import { MAINTENANCE_NOTICE } from '../../components/maintenanceNotice';
import { fromLocalInput, toLocalInput } from '../../components/localDateTime';

export default function AdminMaintenancePage() {
  const client = useQueryClient();
  const key = apiKey(ADMIN_PATHS.adminMaintenance);
  const state = useApiQuery<MaintenanceState>(ADMIN_PATHS.adminMaintenance);
  // The switch and the notice's save are one edit (a PUT of the whole state); `via` says which
  // button shows the spinner. The answer is the new state, so it is kept rather than read again.
  const save = useApiMutation(
    ({ body }: { body: MaintenanceBody; via: 'toggle' | 'save' }) => api.put<MaintenanceState>(ADMIN_PATHS.adminMaintenance, body),
    { onDone: (saved) => client.setQueryData(key, saved) },
  );
  const saving = (via: 'toggle' | 'save') => save.busy && save.variables?.via === via;
  const [message, setMessage] = useState('');
  const [startsAt, setStartsAt] = useState('');
  const [endsAt, setEndsAt] = useState('');
  const s = state.data;
  useEffect(() => {
    if (!s) return;
    setMessage(s.message ?? '');
    setStartsAt(toLocalInput(s.startsAt));
    setEndsAt(toLocalInput(s.endsAt));
  }, [s]);
  const notice = { message: message.trim() || null, startsAt: fromLocalInput(startsAt), endsAt: fromLocalInput(endsAt) };
  const on = s?.maintenanceMode ?? false;
  return (
    <Stack gap="sm" maw={800} data-testid="admin-maintenance-page">
      <PageTitle />
      {state.isError && <Alert color="red">{apiErrorText(state.error)}</Alert>}
      {save.error && (
        <Alert color="red" data-testid="maintenance-error">
          {save.error}
        </Alert>
      )}
      {s && (
        <Group>
          <Badge color={s.active ? 'red' : 'teal'} variant="light" size="lg" data-testid="maintenance-state">
            {s.active ? 'Maintenance is on' : 'Open'}
          </Badge>
          <Button
            color={on ? 'teal' : 'red'}
            loading={saving('toggle')}
            onClick={() => void save.run({ body: { maintenanceMode: !on, ...notice }, via: 'toggle' })}
            data-testid="maintenance-toggle"
          >
            {on ? 'End maintenance' : 'Start maintenance'}
          </Button>
          {s.startsAt && (
            <Text size="sm" data-testid="maintenance-window">
              Scheduled: {formatDate(s.startsAt)} – {s.endsAt ? formatDate(s.endsAt) : 'until ended'}
            </Text>
          )}
        </Group>
      )}
      <Text size="sm" c="dimmed">
        While maintenance is on — switched on here, or inside the scheduled window — every product call answers 503 to everyone but
        administrators (sign-in, health and the admin pages stay open), and each open tab shows the maintenance page at its next call. Every
        change is recorded in the audit log.
      </Text>
      <Card withBorder padding="md">
        <Stack gap="xs">
          <Textarea
            label="Message to people"
            description="Shown on the maintenance page instead of the standard notice; leave empty for the standard notice."
            maxLength={MAINTENANCE_MESSAGE_MAX}
            autosize
            minRows={2}
            value={message}
            onChange={(e) => setMessage(e.currentTarget.value)}
            data-testid="maintenance-message-input"
          />
          <Group align="flex-end">
            <TextInput
              type="datetime-local"
              label="Scheduled start"
              value={startsAt}
              onChange={(e) => setStartsAt(e.currentTarget.value)}
              data-testid="maintenance-starts"
            />
            <TextInput
              type="datetime-local"
              label="Scheduled end"
              value={endsAt}
              onChange={(e) => setEndsAt(e.currentTarget.value)}
              data-testid="maintenance-ends"
            />
            <Button
              variant="light"
              loading={saving('save')}
              onClick={() => void save.run({ body: { maintenanceMode: on, ...notice }, via: 'save' })}
              data-testid="maintenance-save"
            >
              Save message and schedule
            </Button>
          </Group>
        </Stack>
      </Card>
      <Card withBorder padding="md" data-testid="maintenance-preview">
        <Text size="xs" c="dimmed" mb={4}>
          What people see
        </Text>
        <Text fw={700}>Down for maintenance</Text>
        <Text size="sm">{notice.message ?? MAINTENANCE_NOTICE}</Text>
      </Card>
    </Stack>
  );
}
