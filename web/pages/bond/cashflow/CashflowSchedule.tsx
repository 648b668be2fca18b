import { Button, Card, Group, Stack, Text } from '@mantine/core';
import type { CashflowsResponse } from '@common/api/bond';
import { formatDay, formatYield } from '@common/format';
import { SimpleTable } from '../../../components/SimpleTable';
import { saveText } from '../../../components/download';
import { COLUMNS, amount, cashflowCsv, type CashflowTotals } from './cashflowView';

/** The schedule card: settlement and index note, the CSV button, and the table with its totals row. */
export function CashflowSchedule({ data, totals, csvName }: { data: CashflowsResponse; totals: CashflowTotals; csvName: string }) {
  return (
    <Card withBorder padding="sm">
      <Group justify="space-between" mb={6}>
        <Stack gap={0}>
          <Text fw={600} size="sm">
            Schedule
          </Text>
          <Text size="xs" c="dimmed">
            Per 100 face, settling {formatDay(data.settlementDate)}
            {data.assumedIndexRate !== null && ` · floating coupons projected at an index of ${formatYield(data.assumedIndexRate)}`}
          </Text>
        </Stack>
        <Button
          size="xs"
          variant="default"
          data-testid="cashflow-csv"
          disabled={data.cashflows.length === 0}
          onClick={() => saveText(cashflowCsv(data), csvName, 'text/csv')}
        >
          CSV
        </Button>
      </Group>
      {data.cashflows.length === 0 ? (
        <Text size="sm" c="dimmed" data-testid="cashflow-empty">
          No future cash flows (the bond has matured).
        </Text>
      ) : (
        <SimpleTable
          rows={data.cashflows}
          columns={COLUMNS}
          rowKey={(f) => f.date}
          rowTestId="cashflow-row"
          footer={{
            testId: 'cashflow-totals',
            cells: [`Total (${data.cashflows.length} payments)`, amount(totals.coupon), amount(totals.principal), amount(totals.total)],
          }}
          scroll={{ minWidth: 360, maxHeight: 'calc(100vh - 300px)' }}
          fz="xs"
          verticalSpacing={2}
          striped
          stickyHeader
          testId="cashflow-table"
        />
      )}
    </Card>
  );
}
