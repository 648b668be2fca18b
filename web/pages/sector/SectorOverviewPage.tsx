/**
 * /bw/sector/overview: sectors by weighted G-spread, yield to worst, volume and daily change
 * (GET /v2/market/sectors) as a sortable table and a bar chart; drill-down in the URL
 * (?sector=FINL&industry=BANK&issuer=12, so the back button walks back up): a sector's
 * industries and issuers (GET /v2/issuer?sector=), an issuer's curve (GET /v2/issuer/{id}/curve),
 * and links to the bond table filtered by sector (/bw/bond?sector=) or issuer (/bw/bond?issuerId=),
 * and "create alert" on the issuer (its bonds) or the sector (its new deals) for accounts with
 * market hawk (components/alertLink.ts).
 */
import { Alert, Anchor, Box, Button, Card, Center, Grid, Group, Loader, SegmentedControl, Stack, Text, Tooltip } from '@mantine/core';
import { useMemo } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ISSUER_PATHS, type IssuerSearchResponse } from '@common/api/issuer';
import { MARKET_PATHS, type MarketSectorsResponse } from '@common/api/market';
import { SECTOR_CODES, type SectorCode } from '@common/market';
import { useApiQuery } from '../../api/queries';
import { DataTable, heightForRows, type Column } from '../../components/DataTable';
import { MarketAsOf } from '../../components/MarketAsOf';
import { PageTitle } from '../../components/PageTitle';
import '../../components/market/market.css';
import { useFeature } from '../../features/useFeature';
import { createAlertLink } from '../../components/alertLink';
import { IssuerPanel } from './IssuerPanel';
import { SectorBars } from './SectorBars';
import { MEASURES, measureUnit, statsColumns, type IssuerRow, type Measure, type Stats } from './sectorStats';

export default function SectorOverviewPage() {
  const [params, setParams] = useSearchParams();
  const measure = (MEASURES.some((m) => m.value === params.get('measure')) ? params.get('measure') : 'spread') as Measure;
  const sectorCode = params.get('sector');
  const industryCode = params.get('industry');
  const issuerId = params.get('issuer');
  const set = (changes: Record<string, string | null>, replace = false) =>
    setParams(
      (p) => {
        const n = new URLSearchParams(p);
        for (const [k, v] of Object.entries(changes)) {
          if (v === null) n.delete(k);
          else n.set(k, v);
        }
        return n;
      },
      { replace },
    );

  const sectors = useApiQuery<MarketSectorsResponse>(MARKET_PATHS.marketSectors, { meta: { errorToast: 'Loading sectors failed:' } });
  const sector = sectors.data?.sectors.find((s) => s.code === sectorCode) ?? null;
  const industry = sector?.industries.find((i) => i.code === industryCode) ?? null;
  const scope = industry ?? sector;
  const issuers = useApiQuery<IssuerSearchResponse>(scope ? ISSUER_PATHS.issuers : null, {
    query: { sector: scope?.code, limit: 100 },
    meta: { errorToast: 'Loading issuers failed:' },
  });
  const issuer = issuers.data?.issuers.find((i) => String(i.id) === issuerId) ?? null;
  const hawk = useFeature('market_hawk_basic');

  const weighting = sectors.data?.weighting;
  const sectorColumns = useMemo(() => statsColumns('Sector', weighting), [weighting]);
  const industryColumns = useMemo(() => statsColumns('Industry', weighting), [weighting]);
  const issuerColumns = useMemo<Column<IssuerRow>[]>(
    () => [
      // The columns share the card's width (it is narrow at 1280 px), so the Bonds column at the
      // right edge is never scrolled out of view: the names flex, the short columns fit their header.
      { field: 'displayName', header: 'Issuer', flex: 3, minWidth: 120 },
      { field: 'ticker', header: 'Ticker', width: 80 },
      {
        field: 'sectorCode',
        header: 'Industry',
        flex: 2,
        minWidth: 100,
        // The industry's name, sorted by its code.
        cell: ({ row }) => sector?.industries.find((i) => i.code === row.sectorCode)?.name ?? row.sectorCode,
      },
      {
        field: 'bondCount',
        header: 'Bonds',
        width: 80,
        kind: 'count',
        sort: 'desc',
        headerTooltip: 'Bonds issued (incl. matured)',
      },
    ],
    [sector],
  );
  const list = sectors.data?.sectors ?? [];

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
      {list.length > 0 && (
        <Grid gap="sm">
          <Grid.Col span={{ base: 12, lg: 7 }}>
            <Card withBorder padding="sm">
              <Text fw={600} size="sm" mb={4}>
                Sectors{' '}
                <Text span size="xs" c="dimmed">
                  · click a row to drill in
                </Text>
              </Text>
              <DataTable<Stats>
                rows={list}
                columns={sectorColumns}
                rowId={(r) => r.code}
                height={Math.min(40 + list.length * 26, 340)}
                onRowClick={(r) => set({ sector: r.code, industry: null, issuer: null })}
                testId="sector-table"
              />
            </Card>
          </Grid.Col>
          <Grid.Col span={{ base: 12, lg: 5 }}>
            <Card withBorder padding="sm">
              <Group justify="space-between" mb={6}>
                <Tooltip label={measureUnit(measure, weighting)} withinPortal>
                  <Text fw={600} size="sm">
                    By {MEASURES.find((m) => m.value === measure)!.label.toLowerCase()}
                  </Text>
                </Tooltip>
                <SegmentedControl
                  size="xs"
                  value={measure}
                  onChange={(v) => set({ measure: v }, true)}
                  data={MEASURES.map(({ value, label }) => ({ value, label }))}
                  data-testid="sector-measure"
                />
              </Group>
              <SectorBars
                sectors={list}
                measure={measure}
                selected={sectorCode}
                onSelect={(code) => set({ sector: code, industry: null, issuer: null })}
              />
            </Card>
          </Grid.Col>
        </Grid>
      )}
      {sectorCode && sectors.data && !sector && <Alert color="yellow">Unknown sector {sectorCode}.</Alert>}
      {sector && (
        <Grid gap="sm" data-testid="sector-drilldown">
          <Grid.Col span={{ base: 12, lg: 7 }}>
            <Card withBorder padding="sm">
              <Group justify="space-between" mb={4}>
                <Text fw={600} size="sm" data-testid="drill-title">
                  <Anchor size="sm" onClick={() => set({ industry: null, issuer: null })}>
                    {sector.name}
                  </Anchor>
                  {industry && <> › {industry.name}</>} · industries
                </Text>
                <Group gap={4}>
                  <Button
                    component={Link}
                    to={`/bw/bond?sector=${encodeURIComponent(scope!.code)}`}
                    size="compact-xs"
                    variant="light"
                    data-testid="sector-bonds-link"
                  >
                    Bonds in {scope!.name} →
                  </Button>
                  {hawk && (SECTOR_CODES as readonly string[]).includes(sector.code) && (
                    <Button
                      component={Link}
                      to={createAlertLink({ kind: 'sector', sector: sector.code as SectorCode, label: sector.name })}
                      size="compact-xs"
                      variant="default"
                      data-testid="sector-create-alert"
                    >
                      Alert on new deals in {sector.name}
                    </Button>
                  )}
                </Group>
              </Group>
              {sector.industries.length === 0 ? (
                <Text size="xs" c="dimmed">
                  No industries.
                </Text>
              ) : (
                <DataTable<Stats>
                  rows={sector.industries}
                  columns={industryColumns}
                  rowId={(r) => r.code}
                  height={heightForRows(sector.industries.length, 260, 1)}
                  onRowClick={(r) => set({ industry: r.code, issuer: null })}
                  testId="industry-table"
                />
              )}
            </Card>
          </Grid.Col>
          <Grid.Col span={{ base: 12, lg: 5 }}>
            <Card withBorder padding="sm">
              <Text fw={600} size="sm" mb={4}>
                Issuers in {scope!.name}{' '}
                <Text span size="xs" c="dimmed">
                  · click for the curve
                </Text>
              </Text>
              {issuers.isPending && (
                <Center h={120}>
                  <Loader size="sm" type="dots" />
                </Center>
              )}
              {issuers.isError && (
                <Alert color="red" p="xs">
                  Issuers could not be loaded.
                </Alert>
              )}
              {issuers.data && issuers.data.issuers.length === 0 && (
                <Text size="xs" c="dimmed" data-testid="issuers-empty">
                  No issuers in this sector.
                </Text>
              )}
              {issuers.data && issuers.data.issuers.length > 0 && (
                <DataTable<IssuerRow>
                  rows={issuers.data.issuers}
                  columns={issuerColumns}
                  rowId={(r) => String(r.id)}
                  height={260}
                  onRowClick={(r) => set({ issuer: String(r.id) })}
                  testId="issuer-table"
                />
              )}
            </Card>
          </Grid.Col>
          {issuer && (
            <Grid.Col span={12}>
              <IssuerPanel issuer={issuer} onClose={() => set({ issuer: null })} />
            </Grid.Col>
          )}
        </Grid>
      )}
    </Stack>
  );
}
