import { Group, Text, TextInput } from '@mantine/core';
import type { AdminUsageState } from './useAdminUsage';
import { usageSummaryText } from './usageView';

/** The range's two days (the server's range until one is picked) and the report's one-line summary. */
export function UsageRange({ state }: { state: AdminUsageState }) {
  const { from, to, setDay, data: u } = state;
  return (
    <Group align="flex-end">
      <TextInput type="date" label="From" size="xs" value={from ?? u?.from ?? ''} onChange={(e) => setDay('from', e.currentTarget.value)} />
      <TextInput type="date" label="To" size="xs" value={to ?? u?.to ?? ''} onChange={(e) => setDay('to', e.currentTarget.value)} />
      {u && (
        <Text size="sm" c="dimmed" data-testid="usage-summary">
          {usageSummaryText(u)}
        </Text>
      )}
    </Group>
  );
}
