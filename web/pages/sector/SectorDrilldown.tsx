import { Alert, Anchor, Button, Card, Center, Grid, Group, Loader, Text } from '@mantine/core';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { SECTOR_CODES, type SectorCode } from '@common/market';
import { createAlertLink } from '../../components/alertLink';
import { DataTable, heightForRows } from '../../components/DataTable';
import { IssuerPanel } from './IssuerPanel';
import { issuerColumns, statsColumns, type IssuerRow, type SectorStats, type Stats } from './sectorStats';
import type { SectorOverviewState } from './useSectorOverview';

/**
 * A chosen sector: its industries, the issuers of the sector or chosen industry, links to their
 * bonds and (with market hawk) to an alert on the sector's new deals, and the chosen issuer's curve.
 */
export function SectorDrilldown({ state, sector }: { state: SectorOverviewState; sector: SectorStats }) {
  const { industry, issuers, issuer, hawk, weighting, drill } = state;
  // Never null here: the scope is the chosen industry, else this sector.
  const scope = state.scope!;
  const industryColumns = useMemo(() => statsColumns('Industry', weighting), [weighting]);
  const issuerCols = useMemo(() => issuerColumns(sector.industries), [sector]);
  return (
    <Grid gap="sm" data-testid="sector-drilldown">
      <Grid.Col span={{ base: 12, lg: 7 }}>
        <Card withBorder padding="sm">
          <Group justify="space-between" mb={4}>
            <Text fw={600} size="sm" data-testid="drill-title">
              <Anchor size="sm" onClick={() => drill({ industry: null, issuer: null })}>
                {sector.name}
              </Anchor>
              {industry && <> › {industry.name}</>} · industries
            </Text>
            <Group gap={4}>
              <Button
                component={Link}
                to={`/bw/bond?sector=${encodeURIComponent(scope.code)}`}
                size="compact-xs"
                variant="light"
                data-testid="sector-bonds-link"
              >
                Bonds in {scope.name} →
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
              onRowClick={(r) => drill({ industry: r.code, issuer: null })}
              testId="industry-table"
            />
          )}
        </Card>
      </Grid.Col>
      <Grid.Col span={{ base: 12, lg: 5 }}>
        <Card withBorder padding="sm">
          <Text fw={600} size="sm" mb={4}>
            Issuers in {scope.name}{' '}
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
              columns={issuerCols}
              rowId={(r) => String(r.id)}
              height={260}
              onRowClick={(r) => drill({ issuer: String(r.id) })}
              testId="issuer-table"
            />
          )}
        </Card>
      </Grid.Col>
      {issuer && (
        <Grid.Col span={12}>
          <IssuerPanel issuer={issuer} onClose={() => drill({ issuer: null })} />
        </Grid.Col>
      )}
    </Grid>
  );
}
