/** The calculator's yields to each call and to maturity, the worst of them marked. */
import { Badge, Text } from '@mantine/core';
import { SimpleTable, type CellProps, type Column } from '../../../components/SimpleTable';
import type { RedemptionRow } from './calculatorView';

function RedemptionDateCell({ row, text }: CellProps<RedemptionRow>) {
  return <>{row.maturity ? `${text} (maturity)` : text}</>;
}

function WorstCell({ row }: CellProps<RedemptionRow>) {
  return row.worst ? (
    <Badge size="xs" color="yellow">
      worst
    </Badge>
  ) : null;
}

const CALL_COLUMNS: Column<RedemptionRow>[] = [
  { header: 'Call date', field: 'date', kind: 'day', cell: RedemptionDateCell },
  { header: 'Call price', field: 'price', kind: 'price', className: 'bw-num' },
  { header: 'Yield', field: 'yield', kind: 'yield', className: 'bw-num' },
  { header: '', id: 'worst', cell: WorstCell },
];

export function YieldsToCallTable({ rows }: { rows: RedemptionRow[] }) {
  return (
    <>
      <Text fw={600} size="sm" mt="sm" mb={4}>
        Yields to call
      </Text>
      <SimpleTable
        rows={rows}
        columns={CALL_COLUMNS}
        rowKey={(r) => (r.maturity ? 'maturity' : r.date)}
        fz="xs"
        verticalSpacing={2}
        testId="calc-calls"
      />
    </>
  );
}
