/**
 * The market summary's bond market index panel (flag `bond_market_index`). The summary's other
 * side panels: TreasuryCurvePanel.tsx (today vs the previous close), MostActivePanel.tsx and
 * CommentaryPanel.tsx.
 */
import { Alert, Card, Center, Group, Loader, Stack, Text, Tooltip } from '@mantine/core';
import type { MarketIndexResponse, MarketWeighting } from '@common/api/market';
import { formatNumber } from '@common/format';
import { TimeSeriesChart } from '../../components/TimeSeriesChart';
import { changeTone } from '../../components/tone';
import { indexWeightingText } from '../../components/market/weighting';
import { indexLevel, indexStat } from './marketPanelsView';
import { useMarketIndex } from './useMarketIndex';

function IndexStat({ label, points, pick }: { label: string; points: MarketIndexResponse['points']; pick: 'ig' | 'hy' }) {
  const { last, day, range } = indexStat(points, pick);
  return (
    <Stack gap={0} data-testid={`index-${pick}`}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="lg" fw={600} className="bw-stat" data-value={last ?? undefined}>
        {last === null ? '—' : indexLevel(last)}
      </Text>
      <Text size="xs" className={`bw-stat bw-tone-${changeTone('index', day) ?? ''}`} title="Total return today, %">
        {day === null ? '—' : `${day >= 0 ? '+' : ''}${formatNumber(day, 2)}% 1d`}
        <Text span size="xs" c="dimmed" className="bw-stat" title="Total return over the chart's range, %">
          {' '}
          · {range === null ? '—' : `${range >= 0 ? '+' : ''}${formatNumber(range, 2)}%`} range
        </Text>
      </Text>
    </Stack>
  );
}

/** The index's unit line, as the summary's: the weighting the server used for this answer. */
export function IndexWeighting({ weighting }: { weighting: MarketWeighting }) {
  return (
    <Text size="xs" c="dimmed" data-testid="index-weighting" data-weighting={weighting}>
      Total return, {indexWeightingText(weighting)}
    </Text>
  );
}

/** IG and HY active-bond indexes (total return, from 100). */
export function MarketIndexPanel() {
  const { help, index, points, series } = useMarketIndex();
  return (
    <Card withBorder padding="sm" data-testid="market-index">
      <Tooltip
        label={`Each month the 100 IG and 100 HY bonds with the most trailing 30-day volume; daily total return ${indexWeightingText(index.data?.weighting ?? 'amountOutstanding')}, chained from 100`}
        multiline
        w={300}
        withinPortal
        disabled={!help}
      >
        <Text fw={600} size="sm" mb={4}>
          Bond market index
        </Text>
      </Tooltip>
      {index.isPending && (
        <Center h={180}>
          <Loader size="sm" type="dots" />
        </Center>
      )}
      {index.isError && (
        <Alert color="red" p="xs">
          The index could not be loaded.
        </Alert>
      )}
      {index.data && points.length === 0 && (
        <Text size="xs" c="dimmed">
          No index history yet.
        </Text>
      )}
      {points.length > 0 && (
        <>
          <Group grow mb={4}>
            <IndexStat label="IG index" points={points} pick="ig" />
            <IndexStat label="HY index" points={points} pick="hy" />
          </Group>
          <TimeSeriesChart series={series} height={150} formatValue={indexLevel} testId="market-index-chart" />
          {index.data && <IndexWeighting weighting={index.data.weighting} />}
        </>
      )}
    </Card>
  );
}
