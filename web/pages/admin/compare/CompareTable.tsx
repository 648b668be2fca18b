import { Anchor, Card, Radio, Text } from '@mantine/core';
import { useMemo, type ReactNode } from 'react';
import { Link } from 'react-router';
import { type CompareResponse } from '@common/api/adminBonds';
import { formatMarketTime, formatPrice, formatSize } from '@common/format';
import { SimpleTable, type CellProps, type Column } from '../../../components/SimpleTable';
import { ROWS, type Bond } from './compareRows';

/** A line of the comparison: its label, whether the bonds differ on it, and what each bond shows. */
interface CompareLine {
  label: string;
  differs: boolean;
  show: (b: Bond) => ReactNode;
}

function RecentTrades({ bond }: { bond: Bond }) {
  return (
    <div data-testid="compare-trades">
      {bond.trades.length === 0
        ? '—'
        : bond.trades.slice(0, 5).map((t, i) => (
            <Text key={i} size="xs">
              {formatMarketTime(t.executionTime)} · {formatPrice(t.price)} · {formatSize(t.quantity)} · {t.side}
            </Text>
          ))}
    </div>
  );
}

function LabelCell({ row }: CellProps<CompareLine>) {
  return (
    <Text span inherit fw={row.differs ? 700 : undefined}>
      {row.label}
    </Text>
  );
}

/** A bond's cell: what its column's `value` made of the line (text, or the recent trades). */
function ShownCell({ value }: CellProps<CompareLine>) {
  return <>{value as ReactNode}</>;
}

const bondColumnId = (b: Bond) => `bond-${b.id}`;

/** The bonds side by side, one column each with a radio to keep it; differing terms highlighted. */
export function CompareTable({
  data,
  differs,
  survivor,
  onKeep,
}: {
  data: CompareResponse;
  differs: Set<string>;
  survivor: number | null;
  onKeep: (id: number) => void;
}) {
  const lines = useMemo<CompareLine[]>(
    () => [
      ...ROWS.map((r) => ({ label: r.label, differs: r.term !== undefined && differs.has(r.term), show: r.value })),
      { label: 'Recent trades', differs: false, show: (b: Bond) => <RecentTrades bond={b} /> },
    ],
    [differs],
  );
  const columns = useMemo<Column<CompareLine>[]>(
    () => [
      { header: 'Keep', id: 'label', cell: LabelCell, width: 150 },
      ...data.bonds.map((b) => ({ header: `bond ${b.id}`, id: bondColumnId(b), value: (l: CompareLine) => l.show(b), cell: ShownCell })),
    ],
    [data.bonds],
  );
  const keepRadio = (column: Column<CompareLine>) => {
    const b = data.bonds.find((bond) => bondColumnId(bond) === column.id);
    if (!b) return null;
    return (
      <Radio
        label={
          <Anchor component={Link} to={`/bw/admin/bond/${b.id}`} size="sm">
            bond {b.id}
          </Anchor>
        }
        checked={survivor === b.id}
        onChange={() => onKeep(b.id)}
        data-testid={`compare-keep-${b.id}`}
      />
    );
  };
  return (
    <Card withBorder padding="xs">
      <SimpleTable
        rows={lines}
        columns={columns}
        rowKey={(l) => l.label}
        rowData={(l): Record<string, string> => (l.differs ? { differs: 'true' } : {})}
        rowClassName={(l) => (l.differs ? 'bw-row-marked' : undefined)}
        headerContent={keepRadio}
        fz="sm"
        withColumnBorders
        testId="compare-table"
      />
    </Card>
  );
}
