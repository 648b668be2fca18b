import { Anchor, Card, Text } from '@mantine/core';
import { Link, useNavigate } from 'react-router';
import type { MarketSummaryResponse } from '@common/api/market';
import { formatRatings, RATINGS_HELP, type ValueKind } from '@common/format';
import { SimpleTable, type CellProps, type Column } from '../../components/SimpleTable';
import { Value } from '../../components/Value';

type ActiveBond = MarketSummaryResponse['mostActive'][number];

/**
 * A figure as `<Value>` shows it (its sign's colour where asked). These columns keep the panel's
 * own font rather than the grid's market font, as the panel always read.
 */
function valueCell(kind: ValueKind, signed?: boolean) {
  return function ValueCell({ value }: CellProps<ActiveBond>) {
    return <Value kind={kind} value={value as number | null} signed={signed} />;
  };
}

function HistoryLinkCell({ row }: CellProps<ActiveBond>) {
  return (
    <Anchor component={Link} to={`/bw/bond/${row.id}/history`} size="xs" title="Price and trade history">
      history
    </Anchor>
  );
}

const MOST_ACTIVE_COLUMNS: Column<ActiveBond>[] = [
  { header: 'Bond', field: 'description' },
  { header: 'Rating', id: 'rating', value: (b) => formatRatings(b.ratingMoody, b.ratingSP), headerTooltip: RATINGS_HELP },
  { header: 'Price', field: 'price', align: 'right', cell: valueCell('price'), headerTooltip: 'Evaluated clean price, per 100 face' },
  {
    header: 'Δ',
    field: 'changePrice',
    align: 'right',
    cell: valueCell('number', true),
    headerTooltip: 'Price change vs the previous close, points',
  },
  { header: 'YTW', field: 'yieldToWorst', align: 'right', cell: valueCell('yield'), headerTooltip: 'Yield to worst, %' },
  { header: 'Spread', field: 'gSpread', align: 'right', cell: valueCell('spreadLevel'), headerTooltip: 'G-spread, bp' },
  {
    header: 'Volume',
    field: 'volume',
    align: 'right',
    cell: valueCell('size'),
    headerTooltip: 'Par traded today, USD (MM = millions, K = thousands)',
  },
  { header: '', id: 'history', cell: HistoryLinkCell, control: true },
];

/** Today's most traded bonds, each linking to its pages. */
export function MostActivePanel({ bonds }: { bonds: MarketSummaryResponse['mostActive'] }) {
  const navigate = useNavigate();
  return (
    <Card withBorder padding="sm" data-testid="most-active">
      <Text fw={600} size="sm" mb={4}>
        Most active bonds today
      </Text>
      {bonds.length === 0 ? (
        <Text size="xs" c="dimmed" data-testid="most-active-empty">
          No trades reported today yet.
        </Text>
      ) : (
        <SimpleTable
          rows={bonds.slice(0, 10)}
          columns={MOST_ACTIVE_COLUMNS}
          rowKey={(b) => String(b.id)}
          onRowClick={(b) => void navigate(`/bw/bond/${b.id}/pricing`)}
          rowLabel={(b) => `Open ${b.description}`}
          rowTestId="most-active-row"
          fz="xs"
          verticalSpacing={2}
          horizontalSpacing={6}
          highlightOnHover
        />
      )}
    </Card>
  );
}
