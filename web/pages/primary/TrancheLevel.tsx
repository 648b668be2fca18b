import { Group, Text } from '@mantine/core';

/** One level of a tranche card: its name on the left, the figure on the right. */
export function TrancheLevel({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Group justify="space-between" gap="xs">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={600} className="bw-stat" data-testid={testId}>
        {value}
      </Text>
    </Group>
  );
}
