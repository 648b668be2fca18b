import { Alert, Button, Card, Group, Stack, Text, TextInput } from '@mantine/core';
import type { AdminDeal } from '@common/api/adminDeals';
import { DealAuditTrail } from './DealAuditTrail';
import { DealTimeline } from './DealTimeline';
import { TrancheEditor } from './TrancheEditor';
import { useDealEditor } from './useAdminDeal';

/** The deal's editable parts: details, tranches, timeline, and the audit trail of what changed. */
export function DealEditor({ deal }: { deal: AdminDeal }) {
  const state = useDealEditor(deal);
  const { error, details } = state;
  return (
    <Stack gap="sm">
      {error && (
        <Alert color="red" role="alert" data-testid="admin-deal-error">
          {error}
        </Alert>
      )}
      <Card withBorder padding="sm">
        <Group align="end">
          <TextInput label="Bookrunners (comma-separated)" {...details.getInputProps('bookrunners')} w={360} />
          <TextInput label="Use of proceeds" {...details.getInputProps('useOfProceeds')} w={360} />
          <Button size="xs" onClick={() => state.saveDetails()}>
            Save
          </Button>
        </Group>
      </Card>
      <Card withBorder padding="sm">
        <Text fw={700} mb="xs">
          Tranches
        </Text>
        <TrancheEditor tranches={deal.tranches} onSave={state.saveTranche} onRemove={state.removeTranche} onAdd={state.addTranche} />
      </Card>
      <DealTimeline state={state} />
      <DealAuditTrail audit={deal.audit} />
    </Stack>
  );
}
