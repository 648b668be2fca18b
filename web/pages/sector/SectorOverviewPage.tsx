/**
 * /bw/sector/overview: sectors by weighted G-spread, yield to worst, volume and daily change
 * (GET /v2/market/sectors) as a sortable table and a bar chart; drill-down in the URL
 * (?sector=FINL&industry=BANK&issuer=12, so the back button walks back up): a sector's
 * industries and issuers (GET /v2/issuer?sector=), an issuer's curve (GET /v2/issuer/{id}/curve),
 * and links to the bond table filtered by sector (/bw/bond?sector=) or issuer (/bw/bond?issuerId=),
 * and "create alert" on the issuer (its bonds) or the sector (its new deals) for accounts with
 * market hawk (components/alertLink.ts).
 */
import { Alert, Box, Center, Group, Loader, Stack, Text } from '@mantine/core';
import { MarketAsOf } from '../../components/MarketAsOf';
import { PageTitle } from '../../components/PageTitle';
import '../../components/market/market.css';
import { SectorDrilldown } from './SectorDrilldown';
import { SectorList } from './SectorList';
import { useSectorOverview } from './useSectorOverview';

export default function SectorOverviewPage() {
  const state = useSectorOverview();
  const { sectors, list, sectorCode, sector } = state;
  return (
    <Stack gap={6} data-testid="sector-overview-page">
      <Group justify="space-between" align="flex-end">
        <PageTitle />
        <Box mb="sm">{sectors.data && <MarketAsOf asOf={sectors.data.asOf} />}</Box>
      </Group>
      {sectors.isPending && (
        <Center h={300}>
          <Loader size="sm" type="dots" />
        </Center>
      )}
      {sectors.isError && (
        <Alert color="red" data-testid="sectors-error">
          Sectors could not be loaded.
        </Alert>
      )}
      {sectors.data && list.length === 0 && (
        <Text c="dimmed" size="sm" data-testid="sectors-empty">
          No sectors yet.
        </Text>
      )}
      {list.length > 0 && <SectorList state={state} />}
      {sectorCode && sectors.data && !sector && <Alert color="yellow">Unknown sector {sectorCode}.</Alert>}
      {sector && <SectorDrilldown state={state} sector={sector} />}
    </Stack>
  );
}
