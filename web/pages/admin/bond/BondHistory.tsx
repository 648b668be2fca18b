/** A bond's change history from the audit log: who, when, what — each changed term before → after. */
import { Table, Text } from '@mantine/core';
import type { BondHistoryEntry } from '@common/api/adminBonds';
import { formatDate } from '@common/format';

const show = (v: unknown): string => (v === null || v === undefined ? '—' : typeof v === 'object' ? JSON.stringify(v) : String(v));

function what(entry: BondHistoryEntry): string {
  const d = entry.details;
  if (entry.action === 'bond.update' && Array.isArray(d.changed)) {
    const before = (d.before ?? {}) as Record<string, unknown>;
    const after = (d.after ?? {}) as Record<string, unknown>;
    return (d.changed as string[]).map((k) => `${k}: ${show(before[k])} → ${show(after[k])}`).join('; ');
  }
  if (entry.action === 'bond.merge') return `merged bond(s) ${show((d.mergedIds as unknown[] | undefined)?.join(', '))} into this one`;
  if (entry.action === 'bond.merged_into') return `merged into bond ${show(d.survivorId)} (${show(d.survivorCusip)})`;
  return JSON.stringify(d);
}

export function BondHistory({ history }: { history: BondHistoryEntry[] }) {
  if (history.length === 0)
    return (
      <Text size="sm" c="dimmed" data-testid="bond-history-empty">
        No admin changes yet (imports are in the audit log under market.import).
      </Text>
    );
  return (
    <Table fz="sm" data-testid="bond-history">
      <Table.Thead>
        <Table.Tr>
          <Table.Th w={170}>When</Table.Th>
          <Table.Th w={220}>Who</Table.Th>
          <Table.Th w={140}>Action</Table.Th>
          <Table.Th>What</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {history.map((h) => (
          <Table.Tr key={h.id} data-testid="bond-history-row">
            <Table.Td>{formatDate(h.at)}</Table.Td>
            <Table.Td>{h.actorEmail ?? h.actor ?? 'system'}</Table.Td>
            <Table.Td>{h.action}</Table.Td>
            <Table.Td style={{ wordBreak: 'break-word' }}>{what(h)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
