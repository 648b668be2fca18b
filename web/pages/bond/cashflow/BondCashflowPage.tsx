/**
 * /bw/bond/{bondId}/cashflow: the future cash-flow schedule per 100 face (coupon, principal,
 * total) from the API's analytics engine run, with totals, a bar chart and a CSV download.
 * Floaters are projected at the assumed index level the API states.
 */
import { Alert, Grid, Stack } from '@mantine/core';
import { PageTitle } from '../../../components/PageTitle';
import { BondHeader, BondLoadState } from '../../../components/bond/bondPageFrame';
import '../bond.css';
import { CashflowChart } from './CashflowChart';
import { CashflowSchedule } from './CashflowSchedule';
import { useBondCashflow } from './useBondCashflow';

export default function BondCashflowPage() {
  const { bondId, detail, flows, totals, series } = useBondCashflow();
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
            <CashflowSchedule data={flows.data} totals={totals} csvName={`cashflows-${detail.data?.cusip ?? bondId}.csv`} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, lg: 7 }}>
            <CashflowChart series={series} settlementDate={flows.data.settlementDate} />
          </Grid.Col>
        </Grid>
      )}
    </Stack>
  );
}
