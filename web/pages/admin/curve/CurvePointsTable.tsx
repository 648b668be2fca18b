/**
 * A day's curve points, each correctable in place (typed in %, sent as a decimal with the point's
 * version); a yield the contract refuses is refused under its input before anything is sent.
 */
import { Button, Group, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import type { CurvePoint } from '@common/api/adminCurve';
import { DecimalInput } from '../../../components/DecimalInput';
import { SimpleTable, type CellProps, type Column } from '../../../components/SimpleTable';
import { useCurvePointForm, type CorrectPoint } from './useCurvePointForm';

interface Props {
  points: CurvePoint[];
  busy: boolean;
  onCorrect: CorrectPoint;
  /** A refusal that names no field of the correction (a stale version, a missing point). */
  refused: (failure: unknown) => void;
}

/** A point as its row shows it: being corrected or not, with what its buttons and input do. */
interface PointRow {
  point: CurvePoint;
  editing: boolean;
  value: number | null;
  error: ReactNode;
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
      error={row.error}
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

export function CurvePointsTable({ points, busy, onCorrect, refused }: Props) {
  const edit = useCurvePointForm(onCorrect, refused);
  const rows = points.map((point): PointRow => ({
    point,
    editing: edit.editing === point.tenor,
    value: edit.value,
    error: edit.error,
    busy: busy || edit.submitting,
    setValue: edit.setValue,
    start: () => edit.start(point),
    save: () => edit.save(),
    cancel: edit.cancel,
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
