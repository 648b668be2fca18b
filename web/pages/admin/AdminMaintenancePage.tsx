/**
 * /bw/admin/maintenance: maintenance on or off now, the message people read, and an optional
 * scheduled window (GET/PUT /admin/maintenance). While it is in force, product APIs answer 503
 * to everyone but admins with the message, and open tabs switch to the maintenance page on their
 * next call; the page previews what people then see. Each change is audited.
 */
import { Alert, Badge, Button, Card, Group, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import {
  ADMIN_PATHS,
  MAINTENANCE_MESSAGE_MAX,
  type MaintenanceBody,
  type MaintenanceState,
  maintenanceBodySchema,
} from '@common/api/admin';
import { formatDate } from '@common/format';
import { api } from '../../api/client';
import { apiErrorText } from '../../api/errorText';
import { apiKey, useApiQuery, useApiSend } from '../../api/queries';
import { PageTitle } from '../../components/PageTitle';
import { useContractForm } from '../../components/forms/useContractForm';
import { MAINTENANCE_NOTICE } from '../../components/maintenanceNotice';
import { fromLocalInput, toLocalInput } from '../../components/localDateTime';

/** The notice as typed: the message people read, and the window's ends as `datetime-local` values. */
type NoticeDraft = { message: string; startsAt: string; endsAt: string };
const EMPTY_NOTICE: NoticeDraft = { message: '', startsAt: '', endsAt: '' };

/** A `datetime-local` value as the instant sent; one no date reads as is sent as typed, for the contract to refuse. */
const instantOf = (value: string): string | null => {
  if (!value) return null;
  return Number.isNaN(new Date(value).getTime()) ? value : fromLocalInput(value);
};

/** The notice's part of the PUT body: an empty message is the standard notice (null), an empty end no end. */
const noticeOf = (draft: NoticeDraft) => ({
  message: draft.message.trim() || null,
  startsAt: instantOf(draft.startsAt),
  endsAt: instantOf(draft.endsAt),
});

export default function AdminMaintenancePage() {
  const client = useQueryClient();
  const key = apiKey(ADMIN_PATHS.adminMaintenance);
  const state = useApiQuery<MaintenanceState>(ADMIN_PATHS.adminMaintenance);
  // The switch and the notice's save are one edit (a PUT of the whole state), checked against the
  // PUT's contract: a refused message or window says so under its field before anything is sent.
  // `via` says which button shows the spinner. The answer is the new state, so it is kept rather
  // than read again.
  const save = useApiSend((body: MaintenanceBody) => api.put<MaintenanceState>(ADMIN_PATHS.adminMaintenance, body), {
    onDone: (saved) => client.setQueryData(key, saved),
  });
  const [via, setVia] = useState<'toggle' | 'save' | null>(null);
  const saving = (button: 'toggle' | 'save') => via === button;
  const s = state.data;
  const on = s?.maintenanceMode ?? false;
  const { form, formError, onSubmit } = useContractForm({
    schema: maintenanceBodySchema.omit({ maintenanceMode: true }),
    initialValues: EMPTY_NOTICE,
    toBody: noticeOf,
  });
  const send = (button: 'toggle' | 'save') =>
    onSubmit(async (notice) => {
      setVia(button);
      try {
        await save({ maintenanceMode: button === 'toggle' ? !on : on, ...notice });
      } finally {
        setVia(null);
      }
    });
  useEffect(() => {
    if (!s) return;
    const shown = { message: s.message ?? '', startsAt: toLocalInput(s.startsAt), endsAt: toLocalInput(s.endsAt) };
    form.setInitialValues(shown);
    form.setValues(shown);
    // The form is filled from each state the server answers, not on each render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [s]);
  const notice = noticeOf(form.values);
  return (
    <Stack gap="sm" maw={800} data-testid="admin-maintenance-page">
      <PageTitle />
      {state.isError && <Alert color="red">{apiErrorText(state.error)}</Alert>}
      {formError && (
        <Alert color="red" data-testid="maintenance-error">
          {formError}
        </Alert>
      )}
      {s && (
        <Group>
          <Badge color={s.active ? 'red' : 'teal'} variant="light" size="lg" data-testid="maintenance-state">
            {s.active ? 'Maintenance is on' : 'Open'}
          </Badge>
          <Button color={on ? 'teal' : 'red'} loading={saving('toggle')} onClick={() => send('toggle')()} data-testid="maintenance-toggle">
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
            {...form.getInputProps('message')}
            data-testid="maintenance-message-input"
          />
          <Group align="flex-end">
            <TextInput type="datetime-local" label="Scheduled start" {...form.getInputProps('startsAt')} data-testid="maintenance-starts" />
            <TextInput type="datetime-local" label="Scheduled end" {...form.getInputProps('endsAt')} data-testid="maintenance-ends" />
            <Button variant="light" loading={saving('save')} onClick={() => send('save')()} data-testid="maintenance-save">
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
