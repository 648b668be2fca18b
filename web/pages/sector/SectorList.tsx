import { Card, Grid, Group, SegmentedControl, Text, Tooltip } from '@mantine/core';
import { useMemo } from 'react';
import { DataTable } from '../../components/DataTable';
import { SectorBars } from './SectorBars';
import { MEASURES, measureUnit, statsColumns, type Stats } from './sectorStats';
import type { SectorOverviewState } from './useSectorOverview';

/** All sectors: a table (click a row to drill in) beside a bar chart by the chosen measure. */
export function SectorList({ state }: { state: SectorOverviewState }) {
  const { list, measure, weighting, sectorCode, drill, choose } = state;
  const sectorColumns = useMemo(() => statsColumns('Sector', weighting), [weighting]);
  return (
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
            onRowClick={(r) => drill({ sector: r.code, industry: null, issuer: null })}
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
              onChange={(v) => choose({ measure: v })}
              data={MEASURES.map(({ value, label }) => ({ value, label }))}
              data-testid="sector-measure"
            />
          </Group>
          <SectorBars
            sectors={list}
            measure={measure}
            selected={sectorCode}
            onSelect={(code) => drill({ sector: code, industry: null, issuer: null })}
          />
        </Card>
      </Grid.Col>
    </Grid>
  );
}
