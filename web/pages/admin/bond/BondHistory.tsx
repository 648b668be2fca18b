/** A bond's change history from the audit log: who, when, what — each changed term before → after. */
import { Text } from '@mantine/core';
import type { BondHistoryEntry } from '@common/api/adminBonds';
import { SimpleTable, type CellProps, type Column } from '../../../components/SimpleTable';

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

/** A long change list breaks anywhere rather than widening the table. */
function WhatCell({ text }: CellProps<BondHistoryEntry>) {
  return <span style={{ wordBreak: 'break-word' }}>{text}</span>;
}

const COLUMNS: Column<BondHistoryEntry>[] = [
  { header: 'When', field: 'at', kind: 'date', width: 170 },
  { header: 'Who', id: 'who', value: (h) => h.actorEmail ?? h.actor ?? 'system', width: 220 },
  { header: 'Action', field: 'action', width: 140 },
  { header: 'What', id: 'what', value: what, cell: WhatCell },
];

export function BondHistory({ history }: { history: BondHistoryEntry[] }) {
  if (history.length === 0)
    return (
      <Text size="sm" c="dimmed" data-testid="bond-history-empty">
        No admin changes yet (imports are in the audit log under market.import).
      </Text>
    );
  return (
    <SimpleTable rows={history} columns={COLUMNS} rowKey={(h) => String(h.id)} rowTestId="bond-history-row" fz="sm" testId="bond-history" />
  );
}
