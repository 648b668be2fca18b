import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { type MergeBondsState } from './useMergeBonds';

/** The merge button and the confirmation that names what moves and is deleted. */
export function MergeControls({ state }: { state: MergeBondsState }) {
  const { survivor, others, asking, setAsking, busy, merge } = state;
  return (
    <>
      <Group>
        <Button size="xs" color="red" disabled={survivor === null} onClick={() => setAsking(true)} data-testid="compare-merge">
          Merge the others into the kept bond
        </Button>
        <Text size="xs" c="dimmed">
          Only when they are the same security: the others’ trades, ratings and deal tranches move to the kept bond and they are deleted.
        </Text>
      </Group>
      <Modal opened={asking} onClose={() => setAsking(false)} title="Merge bonds?" size="md">
        <Stack gap="sm">
          <Text size="sm">
            Keep bond {survivor} and merge {others.map((b) => `${b.id} (${b.cusip}, ${b.tradeCount} trades)`).join(', ')} into it? Their
            trades and references move to bond {survivor} and they are deleted. This cannot be undone.
          </Text>
          <Group justify="flex-end" gap="xs">
            <Button size="xs" variant="default" onClick={() => setAsking(false)}>
              Cancel
            </Button>
            <Button size="xs" color="red" loading={busy} onClick={() => void merge()} data-testid="compare-merge-confirm">
              Merge
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
