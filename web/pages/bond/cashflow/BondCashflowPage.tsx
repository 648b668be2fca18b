/**
 * /bw/bond/{bondId}/cashflow: the future cash-flow schedule per 100 face (coupon, principal,
 * total) from the API's analytics engine run, with totals, a bar chart and a CSV download.
 * Floaters are projected at the assumed index level the API states.
 */
import { Alert, Button, Card, Grid, Group, Stack, Text } from '@mantine/core';
import { useMemo } from 'react';
import { useParams } from 'react-router';
import { BOND_PATHS, type CashflowsResponse } from '@common/api/bond';
import { formatDay, formatNumber, formatYield } from '@common/format';
import { useApiQuery } from '../../../api/queries';
import { PageTitle } from '../../../components/PageTitle';
import { SimpleTable, type Column } from '../../../components/SimpleTable';
import { TimeSeriesChart, type ChartSeries } from '../../../components/TimeSeriesChart';
import { BondHeader, BondLoadState, useBondDetail } from '../../../components/bond/bondPageFrame';
import { saveText } from '../../../components/download';
import '../bond.css';
import { csvDocument } from '@common/csv';

const amount = (v: number) => formatNumber(v, 4);

type Flow = CashflowsResponse['cashflows'][number];

/** Amounts per 100 face to four places; a payment without principal leaves its cell blank. */
const COLUMNS: Column<Flow>[] = [
  { header: 'Date', field: 'date', kind: 'day' },
  {
    header: 'Coupon',
    field: 'coupon',
    format: (v) => amount(v as number),
    align: 'right',
    className: 'bw-num',
    headerTooltip: 'Coupon per 100 face',
  },
  {
    header: 'Principal',
    field: 'principal',
    format: (v) => (v ? amount(v as number) : ''),
    align: 'right',
    className: 'bw-num',
    headerTooltip: 'Principal per 100 face',
  },
  {
    header: 'Total',
    field: 'total',
    format: (v) => amount(v as number),
    align: 'right',
    className: 'bw-num',
    headerTooltip: 'Coupon + principal per 100 face',
  },
];

/** The schedule as CSV (per 100 face, unformatted numbers). */
export function cashflowCsv(flows: CashflowsResponse): string {
  return csvDocument(
    ['date', 'coupon', 'principal', 'total'],
    flows.cashflows.map((f) => [f.date, f.coupon, f.principal, f.total]),
  );
}

export default function BondCashflowPage() {
  const { bondId } = useParams();
  const detail = useBondDetail(bondId);
  const valid = bondId && /^\d+$/.test(bondId);
  const flows = useApiQuery<CashflowsResponse>(valid ? BOND_PATHS.bondCashflows({ id: bondId }) : null, {
    meta: { errorToast: 'Loading cash flows failed:' },
  });
  const totals = useMemo(() => {
    const list = flows.data?.cashflows ?? [];
    return {
      coupon: list.reduce((s, f) => s + f.coupon, 0),
      principal: list.reduce((s, f) => s + f.principal, 0),
      total: list.reduce((s, f) => s + f.total, 0),
    };
  }, [flows.data]);
  const series = useMemo<ChartSeries[]>(() => {
    const list = flows.data?.cashflows ?? [];
    return [
      { name: 'Coupon', type: 'histogram', color: '#4dabf7', points: list.map((f) => ({ time: f.date, value: f.coupon })) },
      ...(list.some((f) => f.principal > 0)
        ? [
            {
              name: 'Total incl. principal',
              type: 'histogram' as const,
              color: '#ff922b',
              points: list.filter((f) => f.principal > 0).map((f) => ({ time: f.date, value: f.total })),
            },
          ]
        : []),
    ];
  }, [flows.data]);

  return (
    <Stack gap={6} data-testid="bond-cashflow-page">
      <PageTitle />
      <BondLoadState bondId={bondId} query={detail} />
      {detail.data && <BondHeader detail={detail.data} active="cashflow" />}
      {flows.isError && (
        <Alert color="red" data-testid="cashflow-error">
          Cash flows could not be loaded.
        </Alert>
      )}
      {flows.data && (
        <Grid gap="sm">
          <Grid.Col span={{ base: 12, lg: 5 }}>
            <Card withBorder padding="sm">
              <Group justify="space-between" mb={6}>
                <Stack gap={0}>
                  <Text fw={600} size="sm">
                    Schedule
                  </Text>
                  <Text size="xs" c="dimmed">
                    Per 100 face, settling {formatDay(flows.data.settlementDate)}
                    {flows.data.assumedIndexRate !== null &&
                      ` · floating coupons projected at an index of ${formatYield(flows.data.assumedIndexRate)}`}
                  </Text>
                </Stack>
                <Button
                  size="xs"
                  variant="default"
                  data-testid="cashflow-csv"
                  disabled={flows.data.cashflows.length === 0}
                  onClick={() => saveText(cashflowCsv(flows.data!), `cashflows-${detail.data?.cusip ?? bondId}.csv`, 'text/csv')}
                >
                  CSV
                </Button>
              </Group>
              {flows.data.cashflows.length === 0 ? (
                <Text size="sm" c="dimmed" data-testid="cashflow-empty">
                  No future cash flows (the bond has matured).
                </Text>
              ) : (
                <SimpleTable
                  rows={flows.data.cashflows}
                  columns={COLUMNS}
                  rowKey={(f) => f.date}
                  rowTestId="cashflow-row"
                  footer={{
                    testId: 'cashflow-totals',
                    cells: [
                      `Total (${flows.data.cashflows.length} payments)`,
                      amount(totals.coupon),
                      amount(totals.principal),
                      amount(totals.total),
                    ],
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
          </Grid.Col>
          <Grid.Col span={{ base: 12, lg: 7 }}>
            <Card withBorder padding="sm">
              <Text fw={600} size="sm">
                Payments per 100 face
              </Text>
              <Text size="xs" c="dimmed" mb={4}>
                Blue: coupons; orange: the final payment with principal.
              </Text>
              <TimeSeriesChart
                series={series}
                height={420}
                formatValue={(v) => formatNumber(v, 2)}
                timeAxisFrom={flows.data?.settlementDate}
                testId="cashflow-chart"
              />
            </Card>
          </Grid.Col>
        </Grid>
      )}
    </Stack>
  );
}
