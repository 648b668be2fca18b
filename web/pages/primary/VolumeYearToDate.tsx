import { Card, SimpleGrid, Text } from '@mantine/core';
import type { VolumeResponse } from '@common/api/primary';
import { formatNumber, formatPercent, formatSize } from '@common/format';
import { toneClass } from '../../components/tone';
import { yearOnYearChange } from './volumeView';

/** The year to date's par and deal and bond counts, beside the same span of last year. */
export function VolumeYearToDate({ ytd }: { ytd: VolumeResponse['yearToDate'] }) {
  const change = yearOnYearChange(ytd);
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }} data-testid="year-to-date">
      <Card withBorder padding="sm">
        <Text size="xs" c="dimmed">
          {ytd.year} year to date
        </Text>
        <Text fw={700} className="bw-stat">
          {formatSize(ytd.volume)}
        </Text>
      </Card>
      <Card withBorder padding="sm">
        <Text size="xs" c="dimmed">
          Same span of {ytd.year - 1}
        </Text>
        <Text fw={700} className="bw-stat">
          {formatSize(ytd.priorVolume)}
        </Text>
        <Text size="xs" className={toneClass('volume', change)}>
          {change === null ? '—' : formatPercent(change * 100)} vs last year
        </Text>
      </Card>
      <Card withBorder padding="sm">
        <Text size="xs" c="dimmed">
          Deals priced / bonds issued
        </Text>
        <Text fw={700} className="bw-stat">
          {formatNumber(ytd.deals, 0)} / {formatNumber(ytd.bonds, 0)}
        </Text>
        <Text size="xs" c="dimmed">
          {formatNumber(ytd.priorDeals, 0)} / {formatNumber(ytd.priorBonds, 0)} in {ytd.year - 1}
        </Text>
      </Card>
    </SimpleGrid>
  );
}
