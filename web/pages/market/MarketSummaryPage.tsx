/**
 * /bw/market/summary — the landing page after login: the market at a glance. A metric × tenor
 * × segment grid (levels and daily changes; columns from the `market` preferences
 * visibleTenors / visibleSlopeTenors), the bond market index (flag `bond_market_index`), the
 * Treasury curve today vs the previous close, the most active bonds and the platform
 * commentary slot. The metric is in the URL (?metric=yield); cells open the detail series.
 */
import { Box, Grid, Group, Stack } from '@mantine/core';
import { MarketAsOf } from '../../components/MarketAsOf';
import { PageTitle } from '../../components/PageTitle';
import { WelcomePanel } from '../../components/content/HelpBanner';
import { CommentaryPanel } from './CommentaryPanel';
import { MarketIndexPanel } from './MarketPanels';
import { MostActivePanel } from './MostActivePanel';
import { SummaryCard } from './SummaryCard';
import { TreasuryCurvePanel } from './TreasuryCurvePanel';
import { useMarketSummary } from './useMarketSummary';

export default function MarketSummaryPage() {
  const state = useMarketSummary();
  const { data, showIndex } = state;
  return (
    <Stack gap={6} data-testid="market-summary-page">
      <Group justify="space-between" align="flex-end">
        <PageTitle />
        <Box mb="sm" data-testid="summary-asof">
          {data && <MarketAsOf asOf={data.asOf} />}
        </Box>
      </Group>
      <WelcomePanel />
      <Grid gap="sm">
        <Grid.Col span={{ base: 12, lg: 8 }}>
          <Stack gap="sm">
            <SummaryCard state={state} />
            {data && <MostActivePanel bonds={data.mostActive} />}
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <Stack gap="sm">
            {showIndex && <MarketIndexPanel />}
            {data && <TreasuryCurvePanel treasury={data.treasury} />}
            <CommentaryPanel />
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
