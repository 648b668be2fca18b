/**
 * /bw/admin/support: the "Contact support" requests people sent from the account menu (each also
 * e-mailed to the support address), newest first, open or closed; close one once it is answered.
 */
import { Alert, Badge, Button, Card, Group, SegmentedControl, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { SUPPORT_PATHS, type SupportRequestList } from '@common/api/support';
import { formatDate } from '@common/format';
import { api } from '../../../api/client';
import { apiErrorText } from '../../../api/errorText';
import { useApiMutation, useApiQuery } from '../../../api/queries';
import { PageTitle } from '../../../components/PageTitle';

export default function AdminSupportPage() {
  const [status, setStatus] = useState<'open' | 'closed'>('open');
  const list = useApiQuery<SupportRequestList>(SUPPORT_PATHS.adminRequests, { query: { status } });
  const close = useApiMutation((id: number) => api.post(SUPPORT_PATHS.adminClose({ id })), {
    invalidates: [SUPPORT_PATHS.adminRequests],
  });
  const { error } = close;
  return (
    <Stack gap="sm" maw={900} data-testid="admin-support-page">
      <PageTitle />
      <SegmentedControl
        size="xs"
        w={200}
        value={status}
        onChange={(v) => setStatus(v as 'open' | 'closed')}
        data={[
          { value: 'open', label: 'Open' },
          { value: 'closed', label: 'Closed' },
        ]}
      />
      {(list.isError || error) && <Alert color="red">{list.isError ? apiErrorText(list.error) : error}</Alert>}
      {list.data?.requests.length === 0 && (
        <Text size="sm" c="dimmed">
          No {status} requests.
        </Text>
      )}
      {list.data?.requests.map((r) => (
        <Card key={r.id} withBorder padding="sm" data-testid="support-request">
          <Group justify="space-between" mb={4}>
            <Group gap="xs">
              <Badge variant="light">#{r.id}</Badge>
              <Text fw={600}>{r.subject}</Text>
            </Group>
            {r.status === 'open' && (
              <Button size="xs" variant="light" loading={close.busy && close.variables === r.id} onClick={() => void close.run(r.id)}>
                Mark answered
              </Button>
            )}
          </Group>
          <Text size="xs" c="dimmed">
            {formatDate(r.createdAt)} · {r.email} · support token {r.supportToken}
            {r.page ? ` · on ${r.page}` : ''}
          </Text>
          <Text size="sm" mt={4} style={{ whiteSpace: 'pre-wrap' }}>
            {r.message}
          </Text>
        </Card>
      ))}
    </Stack>
  );
}
