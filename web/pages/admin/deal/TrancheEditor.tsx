/** A deal's tranches as an admin edits them: one row each, saved on its own, plus a new one. */
import { Button, Group, NumberInput, Table } from '@mantine/core';
import { useState } from 'react';
import type { AdminTranche, AdminTrancheInput } from '@common/api/adminDeals';
import { DecimalInput } from '../../../components/DecimalInput';

type Draft = Omit<AdminTranche, 'id' | 'bondId'>;
/** Editable fields: [key, label, % (shown ×100), width]. */
const FIELDS: Array<[keyof Draft, string, boolean, number]> = [
  ['tenorYears', 'Tenor (y)', false, 80],
  ['sizeMm', 'Size (mm)', false, 100],
  ['coupon', 'Coupon %', true, 90],
  ['iptSpreadBp', 'IPT bp', false, 80],
  ['guidanceSpreadBp', 'Guidance bp', false, 90],
  ['launchSpreadBp', 'Launch bp', false, 85],
  ['pricedSpreadBp', 'Priced bp', false, 85],
  ['orderBookMm', 'Book (mm)', false, 100],
];

/** The fields of `draft` that differ from `saved`. */
export function changedFields(saved: Draft, draft: Draft): Partial<AdminTrancheInput> {
  const out: Record<string, number | null> = {};
  for (const [key] of FIELDS) if (saved[key] !== draft[key]) out[key] = draft[key];
  return out as Partial<AdminTrancheInput>;
}

function TrancheRow({
  tranche,
  canRemove,
  onSave,
  onRemove,
}: {
  tranche: AdminTranche;
  canRemove: boolean;
  onSave: (change: Partial<AdminTrancheInput>) => Promise<void>;
  onRemove: () => Promise<void>;
}) {
  const [draft, setDraft] = useState<Draft>(tranche);
  const change = changedFields(tranche, draft);
  const dirty = Object.keys(change).length > 0;
  return (
    <Table.Tr data-testid={`admin-tranche-${tranche.id}`}>
      {FIELDS.map(([key, label, pct, w]) => (
        <Table.Td key={key}>
          <DecimalInput
            size="xs"
            aria-label={label}
            w={w}
            percent={pct}
            decimalScale={pct ? 4 : 2}
            value={draft[key]}
            onChange={(v) => setDraft({ ...draft, [key]: key === 'tenorYears' || key === 'sizeMm' ? (v ?? 0) : v })}
          />
        </Table.Td>
      ))}
      <Table.Td>{tranche.bondId === null ? '—' : `bond ${tranche.bondId}`}</Table.Td>
      <Table.Td>
        <Group gap={4} wrap="nowrap">
          <Button size="compact-xs" disabled={!dirty} onClick={() => void onSave(change)}>
            Save
          </Button>
          <Button
            size="compact-xs"
            variant="subtle"
            color="red"
            disabled={!canRemove || tranche.bondId !== null}
            onClick={() => void onRemove()}
          >
            Remove
          </Button>
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}

export function TrancheEditor({
  tranches,
  onSave,
  onRemove,
  onAdd,
}: {
  tranches: AdminTranche[];
  onSave: (trancheId: number, change: Partial<AdminTrancheInput>) => Promise<void>;
  onRemove: (trancheId: number) => Promise<void>;
  onAdd: (tranche: AdminTrancheInput) => Promise<void>;
}) {
  const [tenor, setTenor] = useState<number | string>(5);
  const [size, setSize] = useState<number | string>(500);
  return (
    <>
      <Table data-testid="admin-tranches">
        <Table.Thead>
          <Table.Tr>
            {FIELDS.map(([key, label]) => (
              <Table.Th key={key}>{label}</Table.Th>
            ))}
            <Table.Th>Bond</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {tranches.map((t) => (
            // Keyed by the saved values too: a row starts again from what the server now has.
            <TrancheRow
              key={`${t.id}:${JSON.stringify(t)}`}
              tranche={t}
              canRemove={tranches.length > 1}
              onSave={(change) => onSave(t.id, change)}
              onRemove={() => onRemove(t.id)}
            />
          ))}
        </Table.Tbody>
      </Table>
      <Group align="end">
        <NumberInput size="xs" label="New tranche: tenor (y)" min={1} max={50} value={tenor} onChange={setTenor} w={150} />
        <NumberInput size="xs" label="Size (mm)" min={1} value={size} onChange={setSize} w={120} />
        <Button size="xs" variant="light" onClick={() => void onAdd({ tenorYears: Number(tenor), sizeMm: Number(size) })}>
          Add tranche
        </Button>
      </Group>
    </>
  );
}
