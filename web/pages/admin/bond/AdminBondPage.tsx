/**
 * /bw/admin/bond/{bondId}: every term of a bond, editable (the server checks the whole and names
 * the field it refuses; a bond changed since it was read is refused and re-read), its last
 * figures, recent trades and change history. A save reprices the bond (docs/admin.md).
 */
import { Alert, Anchor, Badge, Card, Center, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { ADMIN_BOND_PATHS, type AdminBond, type AdminBondSaved, type AdminBondTerms } from '@common/api/adminBonds';
import { formatDate, formatPrice, formatSpreadLevel, formatYield } from '@common/format';
import { ApiError, api } from '../../../api/client';
import { apiErrorText } from '../../../api/errorText';
import { apiKey, useApiQuery } from '../../../api/queries';
import { PageTitle } from '../../../components/PageTitle';
import { SimpleTable, type Column } from '../../../components/SimpleTable';
import { BondHistory } from './BondHistory';
import { BondTermsForm } from './BondTermsForm';

function Figures({ bond }: { bond: AdminBond }) {
  const m = bond.market;
  if (!m) return <Text size="sm">Not priced yet.</Text>;
  return (
    <Text size="sm" data-testid="bond-figures">
      Price {formatPrice(m.price)} · YTW {formatYield(m.yieldToWorst)} · G-spread {formatSpreadLevel(m.gSpread)} · confidence{' '}
      {m.confidence ?? '—'} · as of {formatDate(m.asOf)}
      {m.curveDate ? ` on the ${m.curveDate} Treasury curve` : ''}
    </Text>
  );
}

type BondTrade = AdminBond['trades'][number];

const TRADE_COLUMNS: Column<BondTrade>[] = [
  { header: 'Time', field: 'executionTime', kind: 'instant' },
  { header: 'Par', field: 'quantity', kind: 'size' },
  { header: 'Price', field: 'price', kind: 'price' },
  { header: 'Yield', field: 'yield', kind: 'yield' },
  { header: 'Side', field: 'side' },
  { header: 'Source', field: 'source' },
];

function Trades({ bond }: { bond: AdminBond }) {
  if (bond.trades.length === 0) return <Text size="sm">No trades.</Text>;
  // The list has no id per trade: its place is its key, as it always was.
  return <SimpleTable rows={bond.trades} columns={TRADE_COLUMNS} rowKey={(_, i) => String(i)} fz="sm" testId="bond-trades" />;
}

export default function AdminBondPage() {
  const id = Number(useParams().bondId);
  const client = useQueryClient();
  const path = ADMIN_BOND_PATHS.bond({ bondId: id });
  const bond = useApiQuery<AdminBond>(path);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const b = bond.data;

  const save = async (terms: AdminBondTerms) => {
    if (!b) return;
    setMessage(null);
    const saved = await api.put<AdminBondSaved>(path, { ...terms, updatedAt: b.updatedAt });
    client.setQueryData(apiKey(path), saved.bond);
    setMessage({
      ok: true,
      text:
        saved.changed.length === 0
          ? 'Nothing changed.'
          : `Saved ${saved.changed.join(', ')}` + (saved.repriced ? '; the bond is repriced.' : `; not repriced: ${saved.repriceError}`),
    });
  };
  /** A refusal that names no term of the form. */
  const refused = async (err: unknown) => {
    // A bond changed since it was read: show the reason and read it again.
    if (err instanceof ApiError && err.status === 409) await bond.refetch();
    setMessage({ ok: false, text: apiErrorText(err) });
  };

  return (
    <Stack gap="sm" data-testid="admin-bond-page">
      <PageTitle />
      {bond.isPending && (
        <Center py="xl">
          <Loader size="sm" type="dots" />
        </Center>
      )}
      {bond.isError && <Alert color="red">{apiErrorText(bond.error)}</Alert>}
      {b && (
        <>
          <Group>
            <Title order={2} size="h3" data-testid="bond-title">
              {b.cusip} — {b.description}
            </Title>
            <Badge variant="light">{b.source}</Badge>
            <Text size="sm" c="dimmed">
              {b.issuer.ticker} · {b.issuer.name} · ISIN {b.isin} · {b.currency} · added {formatDate(b.createdAt)} · changed{' '}
              {formatDate(b.updatedAt)}
            </Text>
            <Anchor component={Link} to={`/bw/bond/${b.id}/pricing`} size="sm">
              Bond page
            </Anchor>
            <Anchor component={Link} to={`/bw/admin/compare?with=${b.id}`} size="sm">
              Compare with…
            </Anchor>
          </Group>
          <Figures bond={b} />
          {message && (
            <Alert color={message.ok ? 'teal' : 'red'} role={message.ok ? 'status' : 'alert'} data-testid="bond-save-message">
              {message.text}
            </Alert>
          )}
          <Card withBorder padding="sm">
            <BondTermsForm key={b.updatedAt} bond={b} onSave={save} refused={(err) => void refused(err)} />
          </Card>
          <Card withBorder padding="sm">
            <Text fw={700} mb="xs">
              Change history
            </Text>
            <BondHistory history={b.history} />
          </Card>
          <Card withBorder padding="sm">
            <Text fw={700} mb="xs">
              Recent trades ({b.tradeCount} in all)
            </Text>
            <Trades bond={b} />
          </Card>
        </>
      )}
    </Stack>
  );
}
