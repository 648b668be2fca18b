/**
 * /bw/admin/issuer/{issuerId}: one issuer — its reference fields edited with a version check, the
 * merge of a duplicate into it, its bonds (matured too) and its curve as the market screens draw
 * it (the issuer curve service). Every change is in the audit log. docs/admin.md.
 */
import { Alert, Anchor, Badge, Card, Grid, Group, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { ADMIN_ISSUER_PATHS, type AdminIssuerDetail } from '@common/api/adminIssuers';
import { ADMIN_SECTOR_PATHS, type AdminSectorsResponse } from '@common/api/adminSectors';
import { formatDate, formatDay, formatNumber, formatSize, formatSpreadLevel } from '@common/format';
import { apiErrorText } from '../../../api/errorText';
import { apiKey, useApiQuery } from '../../../api/queries';
import { PageTitle } from '../../../components/PageTitle';
import { TimeSeriesChart } from '../../../components/TimeSeriesChart';
import { monthPoints } from '../../../components/market/curvePoints';
import { IssuerEditForm } from './IssuerEditForm';
import { IssuerMergePanel } from './IssuerMergePanel';

export default function AdminIssuerPage() {
  const { issuerId = '' } = useParams();
  const client = useQueryClient();
  const navigate = useNavigate();
  const [notice, setNotice] = useState<string | null>(null);
  const path = ADMIN_ISSUER_PATHS.issuer({ issuerId });
  const detail = useApiQuery<AdminIssuerDetail>(/^\d+$/.test(issuerId) ? path : null);
  const sectors = useApiQuery<AdminSectorsResponse>(ADMIN_SECTOR_PATHS.list);
  const issuer = detail.data;
  const points = useMemo(
    () =>
      monthPoints(
        issuer?.curve.points ?? [],
        (p) => p.tenor,
        (p) => p.gSpread,
      ),
    [issuer],
  );
  const reload = () => client.invalidateQueries({ queryKey: apiKey(path) });
  return (
    <Stack gap="sm" data-testid="admin-issuer-page">
      <PageTitle title={issuer ? `Admin: ${issuer.ticker} — ${issuer.displayName}` : undefined} />
      <Anchor component={Link} to="/bw/admin/issuers" size="sm">
        ← All issuers
      </Anchor>
      {detail.isPending && <Loader size="sm" type="dots" />}
      {detail.isError && <Alert color="red">{apiErrorText(detail.error)}</Alert>}
      {notice && (
        <Alert color="teal" withCloseButton onClose={() => setNotice(null)} data-testid="issuer-notice">
          {notice}
        </Alert>
      )}
      {issuer && (
        <Grid gap="sm">
          <Grid.Col span={{ base: 12, lg: 7 }}>
            <Card withBorder padding="sm">
              <Group justify="space-between" mb="xs">
                <Title order={2} size="h4">
                  Reference
                </Title>
                <Text size="xs" c="dimmed" data-testid="issuer-version">
                  version {issuer.version} · changed {formatDate(issuer.updatedAt)}
                </Text>
              </Group>
              <IssuerEditForm
                key={issuer.version}
                issuer={issuer}
                sectors={sectors.data?.sectors ?? []}
                onReload={reload}
                onSaved={(saved) => {
                  client.setQueryData(apiKey(path), saved);
                  setNotice(`Saved (version ${saved.version}).`);
                }}
              />
            </Card>
            <Card withBorder padding="sm" mt="sm">
              <Title order={2} size="h4" mb="xs">
                Merge a duplicate
              </Title>
              <IssuerMergePanel
                survivor={issuer}
                onMerged={async (r) => {
                  setNotice(
                    `Merged: ${r.bondsMoved} bond(s), ${r.dealsMoved} deal(s) and ${r.subsidiariesMoved} subsidiar(ies) moved here.`,
                  );
                  await reload();
                }}
              />
            </Card>
          </Grid.Col>
          <Grid.Col span={{ base: 12, lg: 5 }}>
            <Card withBorder padding="sm">
              <Title order={2} size="h4" mb={4}>
                Curve
              </Title>
              <Text size="xs" c="dimmed" mb={4}>
                G-spread (bp) of each outstanding bond by remaining maturity{issuer.curve.asOf ? ` · ${formatDate(issuer.curve.asOf)}` : ''}
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
            <Card withBorder padding="sm" mt="sm">
              <Group justify="space-between" mb={4}>
                <Title order={2} size="h4">
                  Bonds ({issuer.bonds.length})
                </Title>
                <Text size="xs" c="dimmed">
                  {issuer.dealCount} deal(s)
                  {issuer.subsidiaries.length > 0 && ` · subsidiaries: ${issuer.subsidiaries.map((s) => s.ticker).join(', ')}`}
                </Text>
              </Group>
              <Table fz="xs" striped data-testid="issuer-bonds">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>CUSIP</Table.Th>
                    <Table.Th>Description</Table.Th>
                    <Table.Th>Maturity</Table.Th>
                    <Table.Th ta="right">Outstanding</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {issuer.bonds.map((b) => (
                    <Table.Tr key={b.id} style={{ cursor: 'pointer' }} onClick={() => void navigate(`/bw/admin/bond/${b.id}`)}>
                      <Table.Td ff="monospace">{b.cusip}</Table.Td>
                      <Table.Td>{b.description}</Table.Td>
                      <Table.Td>
                        {formatDay(b.maturityDate)}{' '}
                        {b.matured && (
                          <Badge size="xs" variant="light">
                            matured
                          </Badge>
                        )}
                      </Table.Td>
                      <Table.Td ta="right">{formatSize(b.amountOutstanding)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
              {issuer.bonds.length === 0 && (
                <Text size="xs" c="dimmed">
                  No bonds.
                </Text>
              )}
              <Text size="xs" c="dimmed" mt={4}>
                {formatNumber(issuer.bondCount, 0)} bond(s) in all.
              </Text>
            </Card>
          </Grid.Col>
        </Grid>
      )}
    </Stack>
  );
}
