/** The bond's trades in the range, below its chart. */
import { Alert, Card, Text } from '@mantine/core';
import type { Trade } from '@common/api/trade';
import { apiErrorText } from '../../api/errorText';
import { DataTable } from '../../components/DataTable';
import { TRADE_COLUMNS } from './tradeColumns';
import type { BondHistoryState } from './useBondHistory';

export function TradesCard({ state: { trades, tradeList } }: { state: BondHistoryState }) {
  return (
    <Card withBorder padding="sm">
      <Text fw={600} size="sm" mb={4}>
        Trades in the range{' '}
        <Text span size="xs" c="dimmed">
          (TRACE-style dissemination; newest first)
        </Text>
      </Text>
      {trades.isError && (
        <Alert color="red" p="xs">
          Trades could not be loaded: {apiErrorText(trades.error)}
        </Alert>
      )}
      {trades.data && tradeList.length === 0 && (
        <Text size="xs" c="dimmed" data-testid="trades-empty">
          No trades in this range.
        </Text>
      )}
      {tradeList.length > 0 && (
        <DataTable<Trade> rows={tradeList} columns={TRADE_COLUMNS} rowId={(t) => t.id} height={240} testId="history-trades" />
      )}
    </Card>
  );
}
