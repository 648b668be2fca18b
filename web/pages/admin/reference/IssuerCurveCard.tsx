/** The issuer's curve as the market screens draw it: G-spread of each bond by remaining maturity. */
import { Card, Text, Title } from '@mantine/core';
import type { AdminIssuerDetail } from '@common/api/adminIssuers';
import { formatSpreadLevel } from '@common/format';
import { TimeSeriesChart } from '../../../components/TimeSeriesChart';
import type { AdminIssuerState } from './useAdminIssuer';
import { curveCaption } from './issuerText';

export function IssuerCurveCard({ issuer, points }: { issuer: AdminIssuerDetail; points: AdminIssuerState['points'] }) {
  return (
    <Card withBorder padding="sm">
      <Title order={2} size="h4" mb={4}>
        Curve
      </Title>
      <Text size="xs" c="dimmed" mb={4}>
        {curveCaption(issuer)}
      </Text>
      {points.length > 0 ? (
        <TimeSeriesChart
          series={[
            { name: 'G-spread', color: '#ff922b', style: 'points', points },
            { name: '', color: '#ff922b55', points },
          ]}
          axis="months"
          height={200}
          formatValue={formatSpreadLevel as (v: number) => string}
          testId="admin-issuer-curve"
        />
      ) : (
        <Text size="xs" c="dimmed">
          No priced bonds.
        </Text>
      )}
    </Card>
  );
}
