import { Button, Card, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { formatMarketTime } from '@common/format';
import type { DealStatus } from '@common/market';
import { STATUS_LABELS } from '../../../components/dealStatus';
import type { DealEditorState } from './useAdminDeal';

/** The deal's stages so far, a later stage to add (at a chosen time or now), and undoing the last one. */
export function DealTimeline({ state }: { state: DealEditorState }) {
  const { deal, later, step } = state;
  const nextStatus = step.getValues().status;
  return (
    <Card withBorder padding="sm" data-testid="admin-deal-timeline">
      <Text fw={700} mb="xs">
        Timeline
      </Text>
      <Stack gap={2} mb="xs">
        {deal.timeline.map((s, k) => (
          <Text key={k} size="sm">
            {STATUS_LABELS[s.status]} · {formatMarketTime(s.at)}
          </Text>
        ))}
      </Stack>
      <Group align="end">
        {later.length > 0 && (
          <>
            <Select
              label="Next stage"
              value={nextStatus}
              onChange={(v) => step.setFieldValue('status', v as DealStatus | null)}
              error={step.errors.status}
              data={later.map((s) => ({ value: s, label: STATUS_LABELS[s] }))}
              w={160}
              data-testid="admin-deal-next-status"
            />
            <TextInput label="At (empty: now)" type="datetime-local" {...step.getInputProps('at')} />
            <Button size="xs" disabled={!nextStatus} onClick={() => state.addStep()} data-testid="admin-deal-add-status">
              Add step
            </Button>
          </>
        )}
        <Button size="xs" variant="default" disabled={deal.timeline.length < 2} onClick={state.undoStep}>
          Undo last step
        </Button>
      </Group>
    </Card>
  );
}
