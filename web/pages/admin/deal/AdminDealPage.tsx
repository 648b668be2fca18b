/**
 * /bw/admin/deal/{dealId}: one deal as an admin edits it — bookrunners and use of proceeds, the
 * tranches (tenor, size, coupon, spread at each stage, book), the status timeline (a later stage
 * added, the last step undone) and the audit trail of every change. The server holds the rules;
 * what it refuses is shown with its reason.
 */
import { Alert, Anchor, Badge, Button, Card, Center, Group, Loader, Select, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import type { AdminDeal } from '@common/api/adminDeals';
import { formatDate, formatMarketTime } from '@common/format';
import { DEAL_STATUSES, type DealStatus } from '@common/market';
import { apiErrorText } from '../../../api/errorText';
import { PageTitle } from '../../../components/PageTitle';
import { STATUS_LABELS } from '../../../components/dealStatus';
import { commaList } from '../commaList';
import { adminDealKey, adminDealsApi } from './adminDealsApi';
import { TrancheEditor } from './TrancheEditor';
import { useNow } from '../../../clock/clock';

function DealEditor({ deal }: { deal: AdminDeal }) {
  const client = useQueryClient();
  const now = useNow();
  const [error, setError] = useState<string | null>(null);
  const [bookrunners, setBookrunners] = useState(deal.bookrunners.join(', '));
  const [useOfProceeds, setUseOfProceeds] = useState(deal.useOfProceeds ?? '');
  const later = DEAL_STATUSES.filter((s) => DEAL_STATUSES.indexOf(s) > DEAL_STATUSES.indexOf(deal.status));
  const [nextStatus, setNextStatus] = useState<DealStatus | null>(later[0] ?? null);
  /** A datetime-local value in the browser's time; empty: the moment the step is added. */
  const [at, setAt] = useState('');
  /** Runs a change; the answer is the deal as it now stands. */
  const change = async (work: () => Promise<AdminDeal>) => {
    setError(null);
    try {
      client.setQueryData(adminDealKey(deal.id), await work());
    } catch (err) {
      setError(apiErrorText(err));
    }
  };
  return (
    <Stack gap="sm">
      {error && (
        <Alert color="red" role="alert" data-testid="admin-deal-error">
          {error}
        </Alert>
      )}
      <Card withBorder padding="sm">
        <Group align="end">
          <TextInput
            label="Bookrunners (comma-separated)"
            value={bookrunners}
            onChange={(e) => setBookrunners(e.currentTarget.value)}
            w={360}
          />
          <TextInput label="Use of proceeds" value={useOfProceeds} onChange={(e) => setUseOfProceeds(e.currentTarget.value)} w={360} />
          <Button
            size="xs"
            onClick={() =>
              void change(() =>
                adminDealsApi.update(deal.id, {
                  bookrunners: commaList(bookrunners),
                  useOfProceeds: useOfProceeds.trim() || null,
                }),
              )
            }
          >
            Save
          </Button>
        </Group>
      </Card>
      <Card withBorder padding="sm">
        <Text fw={700} mb="xs">
          Tranches
        </Text>
        <TrancheEditor
          tranches={deal.tranches}
          onSave={(trancheId, c) => change(() => adminDealsApi.updateTranche(deal.id, trancheId, c))}
          onRemove={(trancheId) => change(() => adminDealsApi.removeTranche(deal.id, trancheId))}
          onAdd={(t) => change(() => adminDealsApi.addTranche(deal.id, t))}
        />
      </Card>
      <Card withBorder padding="sm" data-testid="admin-deal-timeline">
        <Text fw={700} mb="xs">
          Timeline
        </Text>
        <Stack gap={2} mb="xs">
          {deal.timeline.map((s, k) => (
            <Text key={k} size="sm">
              {STATUS_LABELS[s.status]} · {formatMarketTime(s.at)}
            </Text>
          ))}
        </Stack>
        <Group align="end">
          {later.length > 0 && (
            <>
              <Select
                label="Next stage"
                value={nextStatus}
                onChange={(v) => setNextStatus(v as DealStatus | null)}
                data={later.map((s) => ({ value: s, label: STATUS_LABELS[s] }))}
                w={160}
                data-testid="admin-deal-next-status"
              />
              <TextInput label="At (empty: now)" type="datetime-local" value={at} onChange={(e) => setAt(e.currentTarget.value)} />
              <Button
                size="xs"
                disabled={!nextStatus}
                onClick={() =>
                  nextStatus &&
                  void change(() =>
                    adminDealsApi.addStatus(deal.id, { status: nextStatus, at: (at ? new Date(at) : new Date(now())).toISOString() }),
                  )
                }
                data-testid="admin-deal-add-status"
              >
                Add step
              </Button>
            </>
          )}
          <Button
            size="xs"
            variant="default"
            disabled={deal.timeline.length < 2}
            onClick={() => void change(() => adminDealsApi.undoStatus(deal.id))}
          >
            Undo last step
          </Button>
        </Group>
      </Card>
      <Card withBorder padding="sm">
        <Text fw={700} mb="xs">
          Audit trail
        </Text>
        <Table data-testid="admin-deal-audit">
          <Table.Tbody>
            {deal.audit.map((a, k) => (
              <Table.Tr key={k}>
                <Table.Td>{formatDate(a.at)}</Table.Td>
                <Table.Td>{a.actor ?? 'system'}</Table.Td>
                <Table.Td>{a.action}</Table.Td>
                <Table.Td>
                  <Text size="xs" ff="monospace" style={{ wordBreak: 'break-all' }}>
                    {JSON.stringify(a.details)}
                  </Text>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Card>
    </Stack>
  );
}

export default function AdminDealPage() {
  const id = Number(useParams().dealId);
  const deal = useQuery({ queryKey: adminDealKey(id), queryFn: () => adminDealsApi.get(id) });
  const d = deal.data;
  return (
    <Stack gap="sm" data-testid="admin-deal-page">
      <PageTitle />
      {deal.isPending && (
        <Center py="xl">
          <Loader size="sm" type="dots" />
        </Center>
      )}
      {deal.isError && <Alert color="red">{apiErrorText(deal.error)}</Alert>}
      {d && (
        <>
          <Group>
            <Title order={2} size="h3">
              #{d.id} {d.issuer.ticker} — {d.issuer.name}
            </Title>
            <Badge variant="light" data-testid="admin-deal-status">
              {STATUS_LABELS[d.status]}
            </Badge>
            <Text size="sm" c="dimmed">
              announced {formatDate(d.announcedAt)}
              {d.pricedAt ? ` · priced ${formatDate(d.pricedAt)}` : ''} · source {d.source}
              {d.createdBy ? ` · kept to ${d.createdBy}'s organisation` : ''}
            </Text>
            <Anchor component={Link} to={`/bw/primary/pricing/${d.id}`} size="sm">
              Deal page
            </Anchor>
            <Anchor component={Link} to="/bw/admin/deal" size="sm">
              All deals
            </Anchor>
          </Group>
          <DealEditor key={`${d.id}:${d.status}`} deal={d} />
        </>
      )}
    </Stack>
  );
}
