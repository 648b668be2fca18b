/** One waiting identifier: its trades, and the two ways to give them a bond. */
import { Alert, Button, Card, Group, Select, SimpleGrid, Stack, Table, Tabs, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { BOND_PATHS, type BondListResponse } from '@common/api/bond';
import {
  BOND_REFERENCE_FIELDS,
  MISSING_BONDS_PATHS,
  type BondReferenceField,
  type CreateBondBody,
  type MissingGroup,
  type MissingTradesResponse,
} from '@common/api/tradesMissingBonds';
import { formatMarketTime, formatPrice, formatSize } from '@common/format';
import { useApiQuery } from '../../../api/queries';
import { useAdminAction } from '../useAdminAction';

/** The template's required columns (the importer refuses a row without them). */
const REQUIRED: readonly BondReferenceField[] = [
  'cusip',
  'issuer_name',
  'issuer_ticker',
  'sector_code',
  'coupon_type',
  'coupon_pct',
  'issue_date',
  'maturity_date',
  'amount_issued',
  'seniority',
];
const HINTS: Partial<Record<BondReferenceField, string>> = {
  sector_code: 'e.g. UTIL.ELECTRIC_UTILITIES',
  coupon_type: 'fixed, floating or zero',
  coupon_pct: 'percent, e.g. 4.1',
  issue_date: 'YYYY-MM-DD',
  maturity_date: 'YYYY-MM-DD',
  first_coupon_date: 'YYYY-MM-DD',
  amount_issued: 'USD, e.g. 600000000',
  seniority: 'e.g. Senior Unsecured',
  call_schedule: 'e.g. 2030-11-23@100',
};

export function IdentifierPanel({
  group,
  onMap,
  onCreate,
}: {
  group: MissingGroup;
  onMap: (bondId: number) => Promise<void>;
  onCreate: (fields: CreateBondBody) => Promise<void>;
}) {
  const trades = useApiQuery<MissingTradesResponse>(MISSING_BONDS_PATHS.trades({ identifier: group.identifier }));
  const [search, setSearch] = useState('');
  const found = useApiQuery<BondListResponse>(search.trim().length >= 2 ? BOND_PATHS.bonds : null, {
    query: { q: search.trim(), limit: 20, columns: ['bondIdentifier', 'description'] },
  });
  const options = [
    ...group.sameIssuerBonds.map((b) => ({ value: String(b.id), label: `${b.description} · ${b.cusip}` })),
    ...(found.data?.rows ?? [])
      .filter((r) => !group.sameIssuerBonds.some((b) => b.id === r.id))
      .map((r) => ({ value: String(r.id), label: `${r.description} · ${r.bondIdentifier}` })),
  ];
  const [bondId, setBondId] = useState<string | null>(null);
  const [fields, setFields] = useState<CreateBondBody>({ cusip: group.identifier });
  const { busy, error, run } = useAdminAction();
  return (
    <Card withBorder padding="sm" data-testid="missing-identifier">
      <Text fw={700} ff="monospace" mb="xs">
        {group.identifier}
      </Text>
      {error && (
        <Alert color="red" mb="xs" data-testid="missing-identifier-error">
          {error}
        </Alert>
      )}
      <Tabs defaultValue={group.sameIssuerBonds.length ? 'map' : 'create'}>
        <Tabs.List>
          <Tabs.Tab value="map">Map to a bond</Tabs.Tab>
          <Tabs.Tab value="create">Create the bond</Tabs.Tab>
          <Tabs.Tab value="trades">Trades ({group.trades})</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="map" pt="xs">
          <Stack gap="xs">
            <Select
              label="Bond"
              placeholder="Type a CUSIP, ticker or name"
              searchable
              data={options}
              value={bondId}
              onChange={setBondId}
              searchValue={search}
              onSearchChange={setSearch}
              nothingFoundMessage={search.trim().length >= 2 ? 'No bond found' : 'Type two characters or more'}
              data-testid="map-bond"
            />
            <Group>
              <Button
                size="xs"
                disabled={!bondId}
                loading={busy === 'map'}
                onClick={() => void run('map', () => onMap(Number(bondId)))}
                data-testid="map-submit"
              >
                Attach {group.trades} trade(s) to this bond
              </Button>
            </Group>
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="create" pt="xs">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
            {BOND_REFERENCE_FIELDS.map((f) => (
              <TextInput
                key={f}
                size="xs"
                label={f}
                placeholder={HINTS[f]}
                withAsterisk={REQUIRED.includes(f)}
                value={fields[f] ?? ''}
                onChange={(e) => {
                  const value = e.currentTarget.value;
                  setFields((prev) => ({ ...prev, [f]: value }));
                }}
                data-testid={`bond-field-${f}`}
              />
            ))}
          </SimpleGrid>
          <Button
            size="xs"
            mt="xs"
            loading={busy === 'create'}
            onClick={() => void run('create', () => onCreate(fields))}
            data-testid="create-submit"
          >
            Create the bond and attach its trades
          </Button>
        </Tabs.Panel>
        <Tabs.Panel value="trades" pt="xs">
          <Table fz="xs" striped data-testid="missing-trades">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Executed</Table.Th>
                <Table.Th ta="right">Par</Table.Th>
                <Table.Th ta="right">Price</Table.Th>
                <Table.Th>Side</Table.Th>
                <Table.Th>Source</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {trades.data?.trades.map((t, i) => (
                <Table.Tr key={i}>
                  <Table.Td>{formatMarketTime(t.executionTime)}</Table.Td>
                  <Table.Td ta="right">{formatSize(t.quantity)}</Table.Td>
                  <Table.Td ta="right">{formatPrice(t.price)}</Table.Td>
                  <Table.Td>{t.side.replace('_', ' ')}</Table.Td>
                  <Table.Td>{t.source}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Tabs.Panel>
      </Tabs>
    </Card>
  );
}
