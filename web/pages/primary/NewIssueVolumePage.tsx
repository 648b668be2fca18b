/**
 * /bw/primary/new-issue-volume: par issued by week or month (GET /v2/primary/volume), split by
 * credit class, sector or rating, as a bar chart of the total and a table of the split with the
 * deal count; the year to date against the same span of last year; CSV of the table. Period,
 * split and span live in the URL (?period=month&by=sector&periods=12).
 */
import { Card, Stack, Text } from '@mantine/core';
import { formatSize } from '@common/format';
import { apiErrorText } from '../../api/errorText';
import { DataTable } from '../../components/DataTable';
import { PageTitle } from '../../components/PageTitle';
import { TimeSeriesChart } from '../../components/TimeSeriesChart';
import { useNewIssueVolume } from './useNewIssueVolume';
import { VolumeControls } from './VolumeControls';
import { VolumeYearToDate } from './VolumeYearToDate';
import { volumeColumns } from './volumeView';

export default function NewIssueVolumePage() {
  const state = useNewIssueVolume();
  const { period, volume, data, rows } = state;
  return (
    <Stack gap="sm" data-testid="new-issue-volume-page">
      <PageTitle />
      <VolumeControls state={state} />
      {volume.error && <Text c="red">{apiErrorText(volume.error)}</Text>}
      {data && <VolumeYearToDate ytd={data.yearToDate} />}
      {data && (
        <Card withBorder>
          <Text fw={600}>Par issued per {period} (USD)</Text>
          <TimeSeriesChart
            series={[{ name: 'Issued', type: 'histogram', points: data.periods.map((p) => ({ time: p.start, value: p.volume })) }]}
            height={240}
            formatValue={(v) => formatSize(v)}
            testId="volume-chart"
          />
        </Card>
      )}
      {data && (
        <Text size="xs" c="dimmed">
          Volume and bonds by issue date; deals by priced date (New York; a weekend or holiday pricing counts on the next business day), as
          on the new-issues page.
        </Text>
      )}
      {data && (
        <DataTable
          rows={rows}
          columns={volumeColumns(data, period)}
          rowId={(r) => r.start}
          loading={volume.isLoading}
          height={420}
          testId="volume-grid"
        />
      )}
    </Stack>
  );
}
