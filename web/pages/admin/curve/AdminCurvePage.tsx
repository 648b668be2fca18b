/**
 * /bw/admin/curve: the Treasury par curve by date as a table and a tenor-spaced chart; a point
 * corrected (the server refuses a stale correction, audits it and reprices the bonds priced on
 * that curve); a Treasury file imported through the upload route; two dates compared tenor by
 * tenor (docs/admin.md).
 */
import { Alert, Button, Card, FileButton, Grid, Group, Stack, Table, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { ADMIN_CURVE_PATHS, type AdminCurve, type CurveCompare, type CurvePoint, type CurvePointSaved } from '@common/api/adminCurve';
import { type ImportReportBody, UPLOAD_PATH } from '@common/api/upload';
import { formatDate, formatDay, formatNumber, formatSpread, formatYield } from '@common/format';
import { api } from '../../../api/client';
import { apiErrorText } from '../../../api/errorText';
import { useApiQuery } from '../../../api/queries';
import { PageTitle } from '../../../components/PageTitle';
import { type ChartSeries, TimeSeriesChart } from '../../../components/TimeSeriesChart';
import { CurvePointsTable } from './CurvePointsTable';

const months = (years: number) => Math.round(years * 12 * 100) / 100;
const series = (name: string, points: Array<{ years: number; yield: number | null }>): ChartSeries => ({
  name,
  points: points.filter((p) => p.yield !== null).map((p) => ({ time: months(p.years), value: p.yield! })),
});

function Comparison({ data }: { data: CurveCompare }) {
  return (
    <Table fz="sm" data-testid="curve-compare">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Tenor</Table.Th>
          <Table.Th ta="right">{formatDay(data.a)}</Table.Th>
          <Table.Th ta="right">{formatDay(data.b)}</Table.Th>
          <Table.Th ta="right">Change</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {data.points.map((p) => (
          <Table.Tr key={p.tenor}>
            <Table.Td>{p.tenor}</Table.Td>
            <Table.Td ta="right">{formatYield(p.yieldA)}</Table.Td>
            <Table.Td ta="right">{formatYield(p.yieldB)}</Table.Td>
            <Table.Td ta="right">{formatSpread(p.changeBp)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

export default function AdminCurvePage() {
  const [asked, setAsked] = useState<string | undefined>(undefined);
  const [other, setOther] = useState('');
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const curve = useApiQuery<AdminCurve>(ADMIN_CURVE_PATHS.curve, { query: { date: asked }, placeholderData: (prev) => prev });
  const c = curve.data;
  const compareWith = other || c?.previousDate || '';
  const compare = useApiQuery<CurveCompare>(c && compareWith ? ADMIN_CURVE_PATHS.compare : null, {
    query: { a: compareWith, b: c?.date ?? '' },
  });

  const correct = async (point: CurvePoint, value: number): Promise<boolean> => {
    if (!c) return false;
    setBusy(true);
    setMessage(null);
    try {
      const saved = await api.put<CurvePointSaved>(ADMIN_CURVE_PATHS.point({ date: c.date, tenor: point.tenor }), {
        yield: value,
        updatedAt: point.updatedAt,
      });
      setMessage({
        ok: true,
        text:
          `${point.tenor} on ${c.date}: ${formatYield(point.yield)} → ${formatYield(saved.point.yield)}; ` +
          (saved.repriceError ? `not repriced: ${saved.repriceError}` : `${formatNumber(saved.bondsRepriced, 0)} bond(s) repriced`),
      });
      return true;
    } catch (err) {
      setMessage({ ok: false, text: apiErrorText(err) });
      return false;
    } finally {
      setBusy(false);
      await curve.refetch();
      await compare.refetch();
    }
  };

  const importFile = async (file: File | null) => {
    if (!file) return;
    const form = new FormData();
    form.append('file', file, file.name);
    setBusy(true);
    setMessage(null);
    try {
      const report = await api.post<ImportReportBody>(UPLOAD_PATH({ kind: 'treasury' }), undefined, {
        body: form,
        query: { skipBadRows: 'false' },
      });
      setMessage({
        ok: true,
        text: `${file.name}: ${formatNumber(report.rowsImported, 0)} day(s) imported, ${formatNumber(report.rowsRejected, 0)} rejected`,
      });
      setAsked(undefined);
    } catch (err) {
      setMessage({ ok: false, text: `${file.name}: ${apiErrorText(err)}` });
    } finally {
      setBusy(false);
      await curve.refetch();
    }
  };

  return (
    <Stack gap="sm" data-testid="admin-curve-page">
      <PageTitle />
      {curve.isError && <Alert color="red">{apiErrorText(curve.error)}</Alert>}
      {message && (
        <Alert color={message.ok ? 'teal' : 'red'} withCloseButton onClose={() => setMessage(null)} data-testid="curve-message">
          {message.text}
        </Alert>
      )}
      <Group align="end">
        <TextInput
          size="xs"
          type="date"
          label="Curve on"
          value={asked ?? c?.date ?? ''}
          onChange={(e) => setAsked(e.currentTarget.value || undefined)}
          data-testid="curve-date"
        />
        <Button size="xs" variant="default" disabled={!c?.previousDate} onClick={() => setAsked(c?.previousDate ?? undefined)}>
          Previous day
        </Button>
        <Button size="xs" variant="default" disabled={!c?.nextDate} onClick={() => setAsked(c?.nextDate ?? undefined)}>
          Next day
        </Button>
        <Button size="xs" variant="default" onClick={() => setAsked(undefined)}>
          Latest
        </Button>
        <FileButton onChange={(f) => void importFile(f)} accept=".csv,text/csv">
          {(props) => (
            <Button {...props} size="xs" loading={busy} data-testid="curve-import">
              Import a Treasury curve file…
            </Button>
          )}
        </FileButton>
      </Group>
      {c && (
        <Text size="sm" data-testid="curve-summary">
          {c.asked && c.asked !== c.date ? `No curve on ${formatDay(c.asked)}; the one in force is ` : ''}
          {formatDay(c.date)} ({c.points.length} tenors) · {formatNumber(c.bondsPriced, 0)} bond(s) priced on it · latest{' '}
          {formatDay(c.latestDate)}
        </Text>
      )}
      {c && (
        <Grid gap="sm">
          <Grid.Col span={{ base: 12, lg: 5 }}>
            <Card withBorder padding="xs">
              <CurvePointsTable points={c.points} busy={busy} onCorrect={correct} />
            </Card>
          </Grid.Col>
          <Grid.Col span={{ base: 12, lg: 7 }}>
            <Stack gap="sm">
              <Card withBorder padding="xs">
                <TimeSeriesChart
                  axis="months"
                  height={280}
                  formatValue={formatYield}
                  series={[
                    series(c.date, c.points),
                    ...(compare.data
                      ? [
                          {
                            ...series(
                              compare.data.a,
                              compare.data.points.map((p) => ({ years: p.years, yield: p.yieldA })),
                            ),
                            style: 'dashed' as const,
                          },
                        ]
                      : []),
                  ]}
                  testId="curve-chart"
                />
              </Card>
              <Card withBorder padding="xs">
                <Group align="end" mb="xs">
                  <TextInput
                    size="xs"
                    type="date"
                    label="Compare with"
                    value={compareWith}
                    onChange={(e) => setOther(e.currentTarget.value)}
                    data-testid="curve-compare-date"
                  />
                </Group>
                {compare.isError && <Alert color="red">{apiErrorText(compare.error)}</Alert>}
                {compare.data && <Comparison data={compare.data} />}
              </Card>
            </Stack>
          </Grid.Col>
        </Grid>
      )}
      {c && c.corrections.length > 0 && (
        <Card withBorder padding="xs">
          <Text fw={700} size="sm" mb="xs">
            Corrections of this day
          </Text>
          <Table fz="sm" data-testid="curve-corrections">
            <Table.Tbody>
              {c.corrections.map((x, i) => (
                <Table.Tr key={i}>
                  <Table.Td>{formatDate(x.at)}</Table.Td>
                  <Table.Td>{x.actorEmail ?? x.actor ?? 'system'}</Table.Td>
                  <Table.Td>{x.tenor}</Table.Td>
                  <Table.Td>
                    {formatYield(x.before)} → {formatYield(x.after)}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Card>
      )}
    </Stack>
  );
}
