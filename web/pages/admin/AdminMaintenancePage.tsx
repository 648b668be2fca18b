/**
 * /bw/admin/maintenance: maintenance mode on or off (GET/PUT /admin/maintenance). While it is on,
 * product APIs answer 503 to everyone but admins, and open tabs switch to the maintenance page on
 * their next call; the page previews what people then see. Each switch is audited.
 */
import { Alert, Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ADMIN_PATHS, type MaintenanceState } from '@common/api/admin';
import { api } from '../../api/client';
import { apiErrorText } from '../../api/errorText';
import { apiKey } from '../../api/queries';
import { PageTitle } from '../../components/PageTitle';
import { MAINTENANCE_NOTICE } from '../special/MaintenancePage';

export default function AdminMaintenancePage() {
  const client = useQueryClient();
  const key = apiKey(ADMIN_PATHS.adminMaintenance);
  const state = useQuery({ queryKey: key, queryFn: () => api.get<MaintenanceState>(ADMIN_PATHS.adminMaintenance) });
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const on = state.data?.maintenanceMode ?? false;
  const toggle = async () => {
    setBusy(true);
    setError(null);
    try {
      client.setQueryData(key, await api.put<MaintenanceState>(ADMIN_PATHS.adminMaintenance, { maintenanceMode: !on }));
    } catch (err) {
      setError(apiErrorText(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack gap="sm" maw={800} data-testid="admin-maintenance-page">
      <PageTitle />
      {state.isError && <Alert color="red">{apiErrorText(state.error)}</Alert>}
      {error && <Alert color="red">{error}</Alert>}
      {state.data && (
        <Group>
          <Badge color={on ? 'red' : 'teal'} variant="light" size="lg" data-testid="maintenance-state">
            {on ? 'Maintenance is on' : 'Open'}
          </Badge>
          <Button color={on ? 'teal' : 'red'} loading={busy} onClick={() => void toggle()} data-testid="maintenance-toggle">
            {on ? 'End maintenance' : 'Start maintenance'}
          </Button>
        </Group>
      )}
      <Text size="sm" c="dimmed">
        While maintenance is on, every product call answers 503 to everyone but administrators (sign-in, health and the admin pages stay
        open), and each open tab shows the maintenance page at its next call. Switching is recorded in the audit log.
      </Text>
      <Card withBorder padding="md" data-testid="maintenance-preview">
        <Text size="xs" c="dimmed" mb={4}>
          What people see
        </Text>
        <Text fw={700}>Down for maintenance</Text>
        <Text size="sm">{MAINTENANCE_NOTICE}</Text>
      </Card>
    </Stack>
  );
}
