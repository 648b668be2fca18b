/** A day's curve points, each correctable in place (typed in %, sent as a decimal with the point's version). */
import { Button, Group, Text } from '@mantine/core';
import { useState } from 'react';
import type { CurvePoint } from '@common/api/adminCurve';
import { DecimalInput } from '../../../components/DecimalInput';
import { SimpleTable, type CellProps, type Column } from '../../../components/SimpleTable';

interface Props {
  points: CurvePoint[];
  busy: boolean;
  onCorrect: (point: CurvePoint, value: number) => Promise<boolean>;
}

/** A point as its row shows it: being corrected or not, with what its buttons and input do. */
interface PointRow {
  point: CurvePoint;
  editing: boolean;
  value: number | null;
  busy: boolean;
  setValue: (value: number | null) => void;
  start: () => void;
  save: () => void;
  cancel: () => void;
}

function YieldCell({ row, text }: CellProps<PointRow>) {
  if (!row.editing) return text;
  return (
    <DecimalInput
      size="xs"
      w={110}
      percent
      value={row.value}
      onChange={row.setValue}
      aria-label={`${row.point.tenor} yield (%)`}
      data-testid="curve-point-input"
    />
  );
}

function ChangedCell({ text }: CellProps<PointRow>) {
  return (
    <Text size="xs" c="dimmed">
      {text}
    </Text>
  );
}

function ActionsCell({ row }: CellProps<PointRow>) {
  if (!row.editing)
    return (
      <Button size="compact-xs" variant="subtle" onClick={row.start} data-testid="curve-point-edit">
        Correct
      </Button>
    );
  return (
    <Group gap={4}>
      <Button size="compact-xs" loading={row.busy} disabled={row.value === null} onClick={row.save} data-testid="curve-point-save">
        Save
      </Button>
      <Button size="compact-xs" variant="default" onClick={row.cancel}>
        Cancel
      </Button>
    </Group>
  );
}

const COLUMNS: Column<PointRow>[] = [
  { header: 'Tenor', id: 'tenor', value: (r) => r.point.tenor },
  { header: 'Yield', id: 'yield', value: (r) => r.point.yield, kind: 'yield', cell: YieldCell, control: true },
  { header: 'Last changed', id: 'updatedAt', value: (r) => r.point.updatedAt, kind: 'date', cell: ChangedCell },
  { header: '', id: 'actions', cell: ActionsCell, control: true },
];

export function CurvePointsTable({ points, busy, onCorrect }: Props) {
  const [editing, setEditing] = useState<string | null>(null);
  const [value, setValue] = useState<number | null>(null);
  const rows = points.map((point): PointRow => ({
    point,
    editing: editing === point.tenor,
    value,
    busy,
    setValue,
    start: () => {
      setEditing(point.tenor);
      setValue(point.yield);
    },
    save: () => {
      if (value !== null) void onCorrect(point, value).then((ok) => ok && setEditing(null));
    },
    cancel: () => setEditing(null),
  }));
  return (
    <SimpleTable
      rows={rows}
      columns={COLUMNS}
      rowKey={(r) => r.point.tenor}
      rowTestId="curve-point"
      rowData={(r) => ({ tenor: r.point.tenor })}
      fz="sm"
      testId="curve-points"
    />
  );
}
