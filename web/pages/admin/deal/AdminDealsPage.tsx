/**
 * /bw/admin/deal: every deal (admins see calculator deals kept to an organisation too) by range,
 * stage and issuer; a row opens the deal's admin page; "New deal" announces one with its tranches.
 */
import { Alert, Anchor, Badge, Button, Group, Modal, NumberInput, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import type { AdminDealListQuery, AdminTrancheInput } from '@common/api/adminDeals';
import { ADMIN_DEAL_MAX_TRANCHES } from '@common/api/adminDeals';
import { formatDate, formatSize } from '@common/format';
import { DEAL_STATUSES, type DealStatus } from '@common/market';
import { apiErrorText } from '../../../api/errorText';
import { IssuerPicker } from '../../../components/IssuerPicker';
import { PageTitle } from '../../../components/PageTitle';
import { STATUS_LABELS } from '../../../components/dealStatus';
import { commaList } from '../commaList';
import { adminDealsApi, adminDealsKey } from './adminDealsApi';

function NewDealModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const navigate = useNavigate();
  const [issuerId, setIssuerId] = useState<string | null>(null);
  const [bookrunners, setBookrunners] = useState('');
  const [useOfProceeds, setUseOfProceeds] = useState('');
  const [tranches, setTranches] = useState<AdminTrancheInput[]>([{ tenorYears: 10, sizeMm: 1000 }]);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const setTranche = (k: number, patch: Partial<AdminTrancheInput>) =>
    setTranches(tranches.map((t, i) => (i === k ? { ...t, ...patch } : t)));
  const submit = async () => {
    if (!issuerId) return setError('issuerId: pick an issuer');
    setBusy(true);
    setError(null);
    try {
      const created = await adminDealsApi.create({
        issuerId: Number(issuerId),
        bookrunners: commaList(bookrunners),
        useOfProceeds: useOfProceeds.trim() || null,
        tranches,
      });
      void navigate(`/bw/admin/deal/${created.id}`);
    } catch (err) {
      setError(apiErrorText(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal opened={opened} onClose={onClose} title="New deal (announced now)" size="lg">
      <Stack gap="sm">
        <IssuerPicker value={issuerId} onChange={setIssuerId} testId="new-deal-issuer" />
        <TextInput label="Bookrunners (comma-separated)" value={bookrunners} onChange={(e) => setBookrunners(e.currentTarget.value)} />
        <TextInput label="Use of proceeds" value={useOfProceeds} onChange={(e) => setUseOfProceeds(e.currentTarget.value)} />
        {tranches.map((t, k) => (
          <Group key={k} align="end">
            <NumberInput
              label="Tenor (years)"
              min={1}
              max={50}
              value={t.tenorYears}
              onChange={(v) => setTranche(k, { tenorYears: Number(v) })}
              w={130}
            />
            <NumberInput label="Size (USD mm)" min={1} value={t.sizeMm} onChange={(v) => setTranche(k, { sizeMm: Number(v) })} w={150} />
            {tranches.length > 1 && (
              <Button variant="subtle" size="xs" onClick={() => setTranches(tranches.filter((_, i) => i !== k))}>
                Remove
              </Button>
            )}
          </Group>
        ))}
        <Group justify="space-between">
          <Button
            variant="light"
            size="xs"
            disabled={tranches.length >= ADMIN_DEAL_MAX_TRANCHES}
            onClick={() => setTranches([...tranches, { tenorYears: 5, sizeMm: 500 }])}
          >
            Add tranche
          </Button>
          <Button size="xs" loading={busy} onClick={() => void submit()} data-testid="new-deal-create">
            Create deal
          </Button>
        </Group>
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
      </Stack>
    </Modal>
  );
}

export default function AdminDealsPage() {
  const [query, setQuery] = useState<AdminDealListQuery>({});
  const [q, setQ] = useState('');
  const [creating, setCreating] = useState(false);
  const deals = useQuery({ queryKey: adminDealsKey(query), queryFn: () => adminDealsApi.list(query) });
  return (
    <Stack gap="sm" data-testid="admin-deals-page">
      <PageTitle />
      <Group align="end">
        <TextInput
          label="Issuer"
          placeholder="Ticker or name"
          value={q}
          onChange={(e) => setQ(e.currentTarget.value)}
          onKeyDown={(e) => e.key === 'Enter' && setQuery({ ...query, q: q.trim() || undefined })}
          onBlur={() => setQuery({ ...query, q: q.trim() || undefined })}
        />
        <Select
          label="Stage"
          clearable
          value={query.status ?? null}
          onChange={(v) => setQuery({ ...query, status: (v as DealStatus | null) ?? undefined })}
          data={DEAL_STATUSES.map((s) => ({ value: s, label: STATUS_LABELS[s] }))}
          w={160}
        />
        <TextInput
          label="From"
          type="date"
          value={query.from ?? ''}
          onChange={(e) => setQuery({ ...query, from: e.currentTarget.value || undefined })}
        />
        <TextInput
          label="To"
          type="date"
          value={query.to ?? ''}
          onChange={(e) => setQuery({ ...query, to: e.currentTarget.value || undefined })}
        />
        <Button onClick={() => setCreating(true)} data-testid="new-deal">
          New deal
        </Button>
      </Group>
      {deals.isError && <Alert color="red">{apiErrorText(deals.error)}</Alert>}
      {deals.data && (
        <Text size="xs" c="dimmed">
          {deals.data.deals.length} deals announced {deals.data.from} to {deals.data.to}
        </Text>
      )}
      {deals.data && deals.data.deals.length > 0 && (
        <Table striped highlightOnHover data-testid="admin-deal-list">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Deal</Table.Th>
              <Table.Th>Issuer</Table.Th>
              <Table.Th>Stage</Table.Th>
              <Table.Th>Announced</Table.Th>
              <Table.Th>Priced</Table.Th>
              <Table.Th ta="right">Tranches</Table.Th>
              <Table.Th ta="right">Size</Table.Th>
              <Table.Th>Source</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {deals.data.deals.map((d) => (
              <Table.Tr key={d.id}>
                <Table.Td>
                  <Anchor component={Link} to={`/bw/admin/deal/${d.id}`} size="sm">
                    #{d.id}
                  </Anchor>
                </Table.Td>
                <Table.Td>
                  {d.issuer.ticker} — {d.issuer.name}
                </Table.Td>
                <Table.Td>
                  <Badge size="sm" variant="light">
                    {STATUS_LABELS[d.status]}
                  </Badge>
                </Table.Td>
                <Table.Td>{formatDate(d.announcedAt)}</Table.Td>
                <Table.Td>{d.pricedAt ? formatDate(d.pricedAt) : '—'}</Table.Td>
                <Table.Td ta="right">{d.tranches}</Table.Td>
                <Table.Td ta="right">{formatSize(d.sizeMm * 1e6)}</Table.Td>
                <Table.Td>{d.source}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <NewDealModal opened={creating} onClose={() => setCreating(false)} />
    </Stack>
  );
}
