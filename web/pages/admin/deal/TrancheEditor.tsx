/** A deal's tranches as an admin edits them: one row each, saved on its own, plus a new one. */
import { Button, Group, NumberInput } from '@mantine/core';
import { useState } from 'react';
import type { AdminTranche, AdminTrancheInput } from '@common/api/adminDeals';
import { DecimalInput } from '../../../components/DecimalInput';
import { SimpleTable, type CellProps, type Column } from '../../../components/SimpleTable';

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

/** A tranche as its row shows it: the saved values, the draft being typed, and what its buttons do. */
interface TrancheLine {
  tranche: AdminTranche;
  draft: Draft;
  setDraft: (draft: Draft) => void;
  canRemove: boolean;
  save: (change: Partial<AdminTrancheInput>) => void;
  remove: () => void;
}

/** The input of one editable field; made once per field, so typing never remounts it. */
function fieldCell(key: keyof Draft, label: string, pct: boolean, w: number) {
  function FieldCell({ row }: CellProps<TrancheLine>) {
    return (
      <DecimalInput
        size="xs"
        aria-label={label}
        w={w}
        percent={pct}
        decimalScale={pct ? 4 : 2}
        value={row.draft[key]}
        onChange={(v) => row.setDraft({ ...row.draft, [key]: key === 'tenorYears' || key === 'sizeMm' ? (v ?? 0) : v })}
      />
    );
  }
  return FieldCell;
}

function ActionsCell({ row }: CellProps<TrancheLine>) {
  const change = changedFields(row.tranche, row.draft);
  return (
    <Group gap={4} wrap="nowrap">
      <Button size="compact-xs" disabled={Object.keys(change).length === 0} onClick={() => row.save(change)}>
        Save
      </Button>
      <Button size="compact-xs" variant="subtle" color="red" disabled={!row.canRemove || row.tranche.bondId !== null} onClick={row.remove}>
        Remove
      </Button>
    </Group>
  );
}

const COLUMNS: Column<TrancheLine>[] = [
  ...FIELDS.map(([key, label, pct, w]): Column<TrancheLine> => ({
    header: label,
    id: key,
    cell: fieldCell(key, label, pct, w),
    control: true,
  })),
  { header: 'Bond', id: 'bond', value: (l) => (l.tranche.bondId === null ? '—' : `bond ${l.tranche.bondId}`) },
  { header: '', id: 'actions', cell: ActionsCell, control: true },
];

/** A tranche's draft is kept under its saved values too: a row starts again from what the server now has. */
const draftKey = (t: AdminTranche) => `${t.id}:${JSON.stringify(t)}`;

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
  const [drafts, setDrafts] = useState<Record<string, Draft>>({});
  const lines = tranches.map((tranche): TrancheLine => ({
    tranche,
    draft: drafts[draftKey(tranche)] ?? tranche,
    setDraft: (draft) => setDrafts((all) => ({ ...all, [draftKey(tranche)]: draft })),
    canRemove: tranches.length > 1,
    save: (change) => void onSave(tranche.id, change),
    remove: () => void onRemove(tranche.id),
  }));
  return (
    <>
      <SimpleTable
        rows={lines}
        columns={COLUMNS}
        rowKey={(l) => draftKey(l.tranche)}
        rowTestId={(l) => `admin-tranche-${l.tranche.id}`}
        testId="admin-tranches"
      />
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
