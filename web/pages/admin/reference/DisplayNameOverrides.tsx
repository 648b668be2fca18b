import { Alert, Button, Card, Text, Title } from '@mantine/core';
import type { DisplayNameOverride } from '@common/api/adminDisplayNames';
import { formatDate } from '@common/format';
import { SimpleTable, type CellProps, type Column } from '../../../components/SimpleTable';
import type { AdminDisplayNameState } from './useAdminDisplayName';

/** An override in force and what its Remove button does. */
interface OverrideRow {
  override: DisplayNameOverride;
  remove: AdminDisplayNameState['remove'];
}

function LabelCell({ text }: CellProps<OverrideRow>) {
  return (
    <Text span inherit ff="monospace">
      {text}
    </Text>
  );
}

function RemoveCell({ row: { override, remove } }: CellProps<OverrideRow>) {
  return (
    <Button size="compact-xs" variant="subtle" color="red" onClick={() => remove(override)}>
      Remove
    </Button>
  );
}

const COLUMNS: Column<OverrideRow>[] = [
  { header: 'Kind', field: 'override.subjectType' },
  { header: 'Label', field: 'override.label', cell: LabelCell },
  { header: 'Reference name', field: 'override.referenceName' },
  { header: 'Shown as', field: 'override.displayName' },
  { header: 'Changed', id: 'changed', value: ({ override: o }) => `${formatDate(o.updatedAt)} ${o.updatedBy}` },
  { header: '', id: 'remove', cell: RemoveCell, control: true },
];

/** The overrides in force, each removable. */
export function DisplayNameOverrides({ state }: { state: AdminDisplayNameState }) {
  const { overrides, removeError, remove } = state;
  return (
    <Card withBorder padding="xs">
      <Title order={2} size="h5" mb="xs">
        Overrides in force ({overrides.data?.total ?? '…'})
      </Title>
      {removeError && <Alert color="red">{removeError}</Alert>}
      <SimpleTable
        rows={(overrides.data?.overrides ?? []).map((override) => ({ override, remove }))}
        columns={COLUMNS}
        rowKey={({ override: o }) => `${o.subjectType}-${o.subjectId}`}
        fz="sm"
        striped
        testId="display-name-overrides"
      />
    </Card>
  );
}
