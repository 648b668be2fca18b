import { Alert, Button, Card, Center, Group, Loader, Text } from '@mantine/core';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { ISSUER_PATHS, type IssuerCurveResponse } from '@common/api/issuer';
import { formatDate, formatSpreadLevel } from '@common/format';
import { useApiQuery } from '../../api/queries';
import { TimeSeriesChart, type ChartSeries } from '../../components/TimeSeriesChart';
import { useFeature } from '../../features/useFeature';
import { createAlertLink } from '../../components/alertLink';
import { monthPoints } from '../../components/market/curvePoints';
import type { IssuerRow } from './sectorStats';

/** The issuer's bonds as points (G-spread by remaining maturity) joined by a faint line. */
function curveSeries(curve: IssuerCurveResponse): ChartSeries[] {
  const points = monthPoints(
    curve.points,
    (p) => p.tenor,
    (p) => p.gSpread,
  );
  return [
    { name: 'G-spread', color: '#ff922b', style: 'points', points },
    { name: '', color: '#ff922b55', points },
  ];
}

export function IssuerPanel({ issuer, onClose }: { issuer: IssuerRow; onClose: () => void }) {
  const curve = useApiQuery<IssuerCurveResponse>(ISSUER_PATHS.issuerCurve({ id: issuer.id }), {
    meta: { errorToast: 'Loading the issuer curve failed:' },
  });
  const series = useMemo(() => (curve.data ? curveSeries(curve.data) : []), [curve.data]);
  const hawk = useFeature('market_hawk_basic');
  return (
    <Card withBorder padding="sm" data-testid="issuer-panel">
      <Group justify="space-between" mb={4}>
        <Text fw={600} size="sm">
          {issuer.displayName} ({issuer.ticker}) · issuer curve
        </Text>
        <Group gap={4}>
          <Button component={Link} to={`/bw/bond?issuerId=${issuer.id}`} size="compact-xs" variant="light" data-testid="issuer-bonds-link">
            Bonds of {issuer.ticker} →
          </Button>
          <Button component={Link} to={`/bw/term-structure-change?issuer=${issuer.id}`} size="compact-xs" variant="default">
            Term structure change
          </Button>
          {hawk && (
            <Button
              component={Link}
              to={createAlertLink({ kind: 'issuer', issuerId: issuer.id, label: `${issuer.displayName} (${issuer.ticker})` })}
              size="compact-xs"
              variant="default"
              data-testid="issuer-create-alert"
            >
              Create alert
            </Button>
          )}
          <Button size="compact-xs" variant="subtle" onClick={onClose}>
            ×
          </Button>
        </Group>
      </Group>
      <Text size="xs" c="dimmed" mb={4}>
        G-spread (bp) of each outstanding bond against its remaining maturity{curve.data?.asOf ? ` · ${formatDate(curve.data.asOf)}` : ''}
      </Text>
      {curve.isPending && (
        <Center h={200}>
          <Loader size="sm" type="dots" />
        </Center>
      )}
      {curve.isError && (
        <Alert color="red" p="xs">
          The curve could not be loaded.
        </Alert>
      )}
      {curve.data && series[0]!.points.length === 0 && (
        <Text size="xs" c="dimmed">
          No priced bonds for this issuer.
        </Text>
      )}
      {series.length > 0 && series[0]!.points.length > 0 && (
        <TimeSeriesChart
          series={series}
          axis="months"
          height={220}
          formatValue={formatSpreadLevel as (v: number) => string}
          testId="issuer-curve-chart"
        />
      )}
    </Card>
  );
}
