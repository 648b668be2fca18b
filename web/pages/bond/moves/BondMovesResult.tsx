import { Card, Grid, Text } from '@mantine/core';
import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import { SimpleTable } from '../../../components/SimpleTable';
import { moveColumns, type Metric, type Move } from './bondMovesView';
import { MoveBars } from './MoveBars';

/** The moves side by side: bars on the left, the table on the right; either opens a bond's pricing. */
export function BondMovesResult({ metric, unit, list }: { metric: Metric; unit: string; list: Move[] }) {
  const navigate = useNavigate();
  const columns = useMemo(() => moveColumns(metric, unit), [metric, unit]);
  return (
    <Grid gap="sm">
      <Grid.Col span={{ base: 12, lg: 5 }}>
        <Card withBorder padding="sm">
          <Text fw={600} size="sm" mb={6}>
            Biggest {metric} moves ({unit})
          </Text>
          <MoveBars metric={metric} moves={list} />
        </Card>
      </Grid.Col>
      <Grid.Col span={{ base: 12, lg: 7 }}>
        <Card withBorder padding="sm">
          <SimpleTable
            rows={list}
            columns={columns}
            rowKey={(m) => String(m.bondId)}
            onRowClick={(m) => void navigate(`/bw/bond/${m.bondId}/pricing`)}
            rowLabel={(m) => `Open ${m.description}`}
            rowTestId="moves-row"
            fz="xs"
            verticalSpacing={3}
            striped
            highlightOnHover
            testId="moves-table"
          />
        </Card>
      </Grid.Col>
    </Grid>
  );
}
