/**
 * /bw/bond/{bondId}/pricing: the bond's terms and today's analytics from the API, and an
 * interactive calculator running the analytics engine in the browser — price → yield, spreads
 * and risk; yield or G-spread → price; what-if settlement date; yields to each call and to worst.
 * The calculator prices on the Treasury curve the server's analytics used (the bond detail's
 * `analyticsCurve`), not the market's latest one, so at the bond's own price it shows the same
 * yields and spreads as the analytics beside it.
 */
import { Grid, Stack } from '@mantine/core';
import { useParams } from 'react-router';
import { PageTitle } from '../../../components/PageTitle';
import { BondHeader, BondLoadState, useBondDetail } from '../../../components/bond/bondPageFrame';
import { Terms } from './BondFacts';
import { TodaysAnalytics } from './TodaysAnalytics';
import { Calculator } from './CalculatorCard';
import '../bond.css';

export default function BondPricingPage() {
  const { bondId } = useParams();
  const detail = useBondDetail(bondId);
  return (
    <Stack gap={6} data-testid="bond-pricing-page">
      <PageTitle />
      <BondLoadState bondId={bondId} query={detail} />
      {detail.data && (
        <>
          <BondHeader detail={detail.data} active="pricing" />
          <Grid gap="sm">
            <Grid.Col span={{ base: 12, lg: 3 }}>
              <Terms detail={detail.data} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, lg: 3 }}>
              <TodaysAnalytics detail={detail.data} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, lg: 6 }}>
              <Calculator key={detail.data.id} detail={detail.data} />
            </Grid.Col>
          </Grid>
        </>
      )}
    </Stack>
  );
}
