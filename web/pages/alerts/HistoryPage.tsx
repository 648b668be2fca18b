/**
 * /bw/alerts/history: the user's firings, newest first, filtered by alert, bond, issuer and dates
 * (in the URL, so a filtered view can be shared or bookmarked); each links to the bond's history
 * chart with the firing marked.
 */
import { Alert, Center, Group, Loader, Select, Stack, Text, TextInput } from '@mantine/core';
import { Link } from 'react-router';
import { HAWK_PATHS, type HawkFiring, type HawkSubscription } from '@common/api/hawk';
import { IssuerPicker } from '../../components/IssuerPicker';
import { PageTitle } from '../../components/PageTitle';
import { SimpleTable, type CellProps, type Column } from '../../components/SimpleTable';
import { apiErrorText } from '../../api/errorText';
import { useApiQuery } from '../../api/queries';
import { useUrlChoices } from '../../routing/urlChoices';
import { BondPicker } from './BondPicker';

/** What fired on: the bond (opening its history chart at the firing), else the issuer, deal or market. */
function OnCell({ row: f }: CellProps<HawkFiring>) {
  return f.bondId ? (
    <Link to={`/bw/bond/${f.bondId}/history?hawkFiring=${encodeURIComponent(f.firedAt)}`}>{f.cusip ?? f.bondId}</Link>
  ) : (
    <>{f.ticker ?? (f.dealId ? `deal #${f.dealId}` : 'market')}</>
  );
}

const COLUMNS: Column<HawkFiring>[] = [
  { header: 'Fired', field: 'firedAt', kind: 'instant' },
  { header: 'Alert', field: 'summary' },
  { header: 'On', id: 'on', cell: OnCell },
  { header: 'What happened', field: 'message' },
];

const FILTERS = ['subscriptionId', 'bondId', 'issuerId', 'from', 'to'] as const;

export default function HistoryPage() {
  const { params, setChoices } = useUrlChoices();
  const query: Record<string, string> = {};
  for (const f of FILTERS) {
    const v = params.get(f);
    if (v) query[f] = v;
  }
  const set = (key: (typeof FILTERS)[number], value: string | null) => setChoices({ [key]: value || null });
  const subs = useApiQuery<{ subscriptions: HawkSubscription[] }>(HAWK_PATHS.subscriptions);
  const firings = useApiQuery<{ firings: HawkFiring[] }>(HAWK_PATHS.firings, { query });
  return (
    <Stack gap="md" p="md">
      <PageTitle title="Alert history" />
      <Text size="sm" c="dimmed">
        What your alerts fired on, with the values that triggered them. <Link to="/bw/alerts/subscriptions">Manage alerts</Link>
      </Text>
      <Group align="end">
        <Select
          label="Alert"
          clearable
          data={(subs.data?.subscriptions ?? []).map((s) => ({ value: String(s.id), label: s.name ?? s.summary }))}
          value={query.subscriptionId ?? null}
          onChange={(v) => set('subscriptionId', v)}
          w={360}
          data-testid="history-alert"
        />
        <BondPicker value={query.bondId ? Number(query.bondId) : null} onChange={(v) => set('bondId', v === null ? null : String(v))} />
        <IssuerPicker value={query.issuerId ?? null} onChange={(v) => set('issuerId', v)} w={240} />
        <TextInput
          label="From"
          type="date"
          value={query.from ?? ''}
          onChange={(e) => set('from', e.currentTarget.value || null)}
          w={160}
          data-testid="history-from"
        />
        <TextInput
          label="To"
          type="date"
          value={query.to ?? ''}
          onChange={(e) => set('to', e.currentTarget.value || null)}
          w={160}
          data-testid="history-to"
        />
      </Group>
      {firings.isPending ? (
        <Center>
          <Loader size="sm" />
        </Center>
      ) : firings.isError ? (
        <Alert color="red">{apiErrorText(firings.error)}</Alert>
      ) : firings.data.firings.length === 0 ? (
        <Text size="sm" data-testid="history-empty">
          Nothing fired with these filters.
        </Text>
      ) : (
        <SimpleTable rows={firings.data.firings} columns={COLUMNS} rowKey={(f) => String(f.id)} striped testId="history-firings" />
      )}
    </Stack>
  );
}
