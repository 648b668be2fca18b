/**
 * /bw/admin/compare and /bw/admin/{bondIds}/compare: two or more bonds side by side — every term,
 * the figures they were priced at, trade counts and recent trades — with the terms that differ
 * highlighted, to find duplicates and errors. When they are the same security, one is kept and
 * the others merged into it (their trades and references move; asked for confirmation; the
 * server refuses a stale comparison or a merge that would orphan data) (docs/admin.md).
 */
import { Alert, Anchor, Button, Card, Group, Modal, Radio, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { ADMIN_BOND_PATHS, type CompareResponse, type MergeResult } from '@common/api/adminBonds';
import { formatDate, formatNumber, formatPrice, formatSize, formatSpreadLevel, formatYield, formatMarketTime } from '@common/format';
import { api } from '../../../api/client';
import { apiErrorText } from '../../../api/errorText';
import { useApiQuery } from '../../../api/queries';
import { PageTitle } from '../../../components/PageTitle';
import { BondPicker } from './BondPicker';
import { DuplicateCandidates } from './DuplicateCandidates';

type Bond = CompareResponse['bonds'][number];

const show = (v: unknown): string =>
  v === null || v === undefined
    ? '—'
    : Array.isArray(v)
      ? v.map((c: { date: string; price: number }) => `${c.date}@${c.price}`).join('; ') || '—'
      : String(v);

/** The rows of the comparison: a label, the term it is (highlighted when it differs), and how a bond shows it. */
const ROWS: Array<{ label: string; term?: string; value: (b: Bond) => string }> = [
  { label: 'CUSIP', term: 'cusip', value: (b) => b.cusip },
  { label: 'ISIN', value: (b) => b.isin },
  { label: 'Issuer', term: 'issuerId', value: (b) => `${b.issuer.ticker} — ${b.issuer.name}` },
  { label: 'Description', term: 'description', value: (b) => b.description },
  { label: 'Coupon type', term: 'couponType', value: (b) => b.couponType },
  { label: 'Coupon', term: 'coupon', value: (b) => formatYield(b.coupon) },
  { label: 'Frequency', term: 'frequency', value: (b) => show(b.frequency) },
  { label: 'Day count', term: 'dayCount', value: (b) => b.dayCount },
  { label: 'Issue date', term: 'issueDate', value: (b) => b.issueDate },
  { label: 'First coupon', term: 'firstCouponDate', value: (b) => show(b.firstCouponDate) },
  { label: 'Maturity', term: 'maturityDate', value: (b) => b.maturityDate },
  { label: 'Calls', term: 'callSchedule', value: (b) => show(b.callSchedule) },
  { label: 'Amount issued', term: 'amountIssued', value: (b) => formatSize(b.amountIssued) },
  { label: 'Outstanding', term: 'amountOutstanding', value: (b) => formatSize(b.amountOutstanding) },
  { label: 'Seniority', term: 'seniority', value: (b) => b.seniority },
  { label: 'S&P / Moody’s', term: 'ratingSp', value: (b) => `${show(b.ratingSp)} / ${show(b.ratingMoody)}` },
  { label: 'Floater', term: 'floaterIndex', value: (b) => (b.floaterIndex ? `${b.floaterIndex} + ${show(b.quotedMarginBp)} bp` : '—') },
  { label: 'Benchmark', term: 'isBenchmark', value: (b) => (b.isBenchmark ? 'yes' : 'no') },
  { label: 'Source', value: (b) => b.source },
  { label: 'Added', value: (b) => formatDate(b.createdAt) },
  { label: 'Price', value: (b) => formatPrice(b.market?.price) },
  { label: 'Yield to worst', value: (b) => formatYield(b.market?.yieldToWorst) },
  { label: 'G-spread', value: (b) => formatSpreadLevel(b.market?.gSpread) },
  { label: 'Trades', value: (b) => formatNumber(b.tradeCount, 0) },
  {
    label: 'Last trade',
    value: (b) =>
      b.trades[0]
        ? `${formatMarketTime(b.trades[0].executionTime)} · ${formatPrice(b.trades[0].price)} · ${formatSize(b.trades[0].quantity)}`
        : '—',
  },
];

function parseIds(text: string | null | undefined): number[] {
  return [...new Set((text ?? '').split(',').map(Number))].filter((n) => Number.isInteger(n) && n > 0);
}

function Comparison({ data, onMerged }: { data: CompareResponse; onMerged: (r: MergeResult) => void }) {
  const [survivor, setSurvivor] = useState<number | null>(null);
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const differs = new Set<string>(data.differences);
  // Ratings are shown together; either differing marks the row.
  if (differs.has('ratingMoody')) differs.add('ratingSp');
  if (differs.has('quotedMarginBp')) differs.add('floaterIndex');
  const others = data.bonds.filter((b) => b.id !== survivor);
  const merge = async () => {
    if (survivor === null) return;
    setBusy(true);
    setError(null);
    try {
      onMerged(
        await api.post<MergeResult>(ADMIN_BOND_PATHS.merge, {
          survivorId: survivor,
          mergedIds: others.map((b) => b.id),
          versions: Object.fromEntries(data.bonds.map((b) => [String(b.id), b.updatedAt])),
          confirm: true,
        }),
      );
    } catch (err) {
      setError(apiErrorText(err));
    } finally {
      setBusy(false);
      setAsking(false);
    }
  };
  return (
    <Stack gap="sm">
      <Text size="sm" data-testid="compare-differences">
        {data.differences.length === 0 ? 'The terms are the same.' : `Differ: ${data.differences.join(', ')}`}
      </Text>
      {error && (
        <Alert color="red" role="alert" data-testid="compare-error">
          {error}
        </Alert>
      )}
      <Card withBorder padding="xs">
        <Table fz="sm" withColumnBorders data-testid="compare-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={150}>Keep</Table.Th>
              {data.bonds.map((b) => (
                <Table.Th key={b.id}>
                  <Radio
                    label={
                      <Anchor component={Link} to={`/bw/admin/bond/${b.id}`} size="sm">
                        bond {b.id}
                      </Anchor>
                    }
                    checked={survivor === b.id}
                    onChange={() => setSurvivor(b.id)}
                    data-testid={`compare-keep-${b.id}`}
                  />
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {ROWS.map((row) => {
              const highlight = row.term !== undefined && differs.has(row.term);
              return (
                <Table.Tr
                  key={row.label}
                  data-differs={highlight || undefined}
                  bg={highlight ? 'var(--mantine-color-yellow-light)' : undefined}
                >
                  <Table.Td fw={highlight ? 700 : undefined}>{row.label}</Table.Td>
                  {data.bonds.map((b) => (
                    <Table.Td key={b.id}>{row.value(b)}</Table.Td>
                  ))}
                </Table.Tr>
              );
            })}
            <Table.Tr>
              <Table.Td>Recent trades</Table.Td>
              {data.bonds.map((b) => (
                <Table.Td key={b.id} data-testid="compare-trades">
                  {b.trades.length === 0
                    ? '—'
                    : b.trades.slice(0, 5).map((t, i) => (
                        <Text key={i} size="xs">
                          {formatMarketTime(t.executionTime)} · {formatPrice(t.price)} · {formatSize(t.quantity)} · {t.side}
                        </Text>
                      ))}
                </Table.Td>
              ))}
            </Table.Tr>
          </Table.Tbody>
        </Table>
      </Card>
      <Group>
        <Button size="xs" color="red" disabled={survivor === null} onClick={() => setAsking(true)} data-testid="compare-merge">
          Merge the others into the kept bond
        </Button>
        <Text size="xs" c="dimmed">
          Only when they are the same security: the others’ trades, ratings and deal tranches move to the kept bond and they are deleted.
        </Text>
      </Group>
      <Modal opened={asking} onClose={() => setAsking(false)} title="Merge bonds?" size="md">
        <Stack gap="sm">
          <Text size="sm">
            Keep bond {survivor} and merge {others.map((b) => `${b.id} (${b.cusip}, ${b.tradeCount} trades)`).join(', ')} into it? Their
            trades and references move to bond {survivor} and they are deleted. This cannot be undone.
          </Text>
          <Group justify="flex-end" gap="xs">
            <Button size="xs" variant="default" onClick={() => setAsking(false)}>
              Cancel
            </Button>
            <Button size="xs" color="red" loading={busy} onClick={() => void merge()} data-testid="compare-merge-confirm">
              Merge
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}

export default function AdminComparePage() {
  const navigate = useNavigate();
  const params = useParams();
  const [search] = useSearchParams();
  const fromPath = parseIds(params.bondIds);
  const [picked, setPicked] = useState<number[]>(() => (fromPath.length > 0 ? fromPath : parseIds(search.get('with'))));
  const [merged, setMerged] = useState<MergeResult | null>(null);
  const compare = useApiQuery<CompareResponse>(fromPath.length >= 2 ? ADMIN_BOND_PATHS.compare : null, {
    query: { ids: fromPath.join(',') },
  });
  return (
    <Stack gap="sm" data-testid="admin-compare-page">
      <PageTitle />
      <BondPicker ids={picked} onChange={setPicked} onCompare={() => void navigate(`/bw/admin/${picked.join(',')}/compare`)} />
      {merged && (
        <Alert color="teal" data-testid="compare-merged">
          Merged bond(s) {merged.mergedIds.join(', ')} into{' '}
          <Anchor component={Link} to={`/bw/admin/bond/${merged.survivorId}`}>
            bond {merged.survivorId}
          </Anchor>
          : {merged.moved.trades} trade(s), {merged.moved.ratings} rating(s) and {merged.moved.tranches} tranche(s) moved
          {merged.repriceError ? `; not repriced: ${merged.repriceError}` : '; repriced'}.
        </Alert>
      )}
      {fromPath.length < 2 && <DuplicateCandidates />}
      {compare.isError && <Alert color="red">{apiErrorText(compare.error)}</Alert>}
      {compare.data && !merged && (
        <Comparison
          key={fromPath.join(',')}
          data={compare.data}
          onMerged={(r) => {
            setMerged(r);
            setPicked([r.survivorId]);
          }}
        />
      )}
    </Stack>
  );
}
