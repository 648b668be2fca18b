/**
 * /bw/admin/sectors: the two-level taxonomy (sectors holding industries; issuers belong to
 * industries). Add a sector or an industry, rename, move an industry under another sector,
 * delete an empty one (the server refuses while issuers or industries remain), and move issuers
 * between industries. Each change names the version read and is audited. docs/admin.md.
 */
import { Alert, Button, Card, Checkbox, Grid, Group, Select, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ADMIN_ISSUER_PATHS, type AdminIssuersResponse } from '@common/api/adminIssuers';
import { ADMIN_SECTOR_PATHS, type AdminSector, type AdminSectorsResponse } from '@common/api/adminSectors';
import { api } from '../../../api/client';
import { apiErrorText } from '../../../api/errorText';
import { useApiQuery } from '../../../api/queries';
import { PageTitle } from '../../../components/PageTitle';
import { useAdminAction } from '../useAdminAction';
import { sectorOptions } from './sectorOptions';

function SectorRow({
  s,
  sectors,
  selected,
  onSelect,
}: {
  s: AdminSector;
  sectors: AdminSector[];
  selected: boolean;
  onSelect: () => void;
}) {
  const client = useQueryClient();
  const [name, setName] = useState<string | null>(null);
  const { busy, error, run } = useAdminAction();
  const refresh = () => client.invalidateQueries({ queryKey: ['api'] });
  const industries = sectors.filter((i) => i.parentId === s.id).length;
  const count = s.parentId === null ? sectors.filter((i) => i.parentId === s.id).reduce((n, i) => n + i.issuerCount, 0) : s.issuerCount;
  return (
    <Table.Tr
      data-testid="sector-row"
      data-code={s.code}
      aria-selected={selected}
      bg={selected ? 'var(--mantine-color-blue-light)' : undefined}
    >
      <Table.Td pl={s.parentId === null ? 'xs' : 'xl'} fw={s.parentId === null ? 600 : 400}>
        {name === null ? (
          <Text
            span
            size="sm"
            style={{ cursor: s.parentId === null ? undefined : 'pointer' }}
            onClick={s.parentId === null ? undefined : onSelect}
          >
            {s.name}
          </Text>
        ) : (
          <Group gap={4}>
            <TextInput size="xs" value={name} onChange={(e) => setName(e.currentTarget.value)} aria-label={`New name of ${s.code}`} />
            <Button
              size="compact-xs"
              loading={busy === 'rename'}
              onClick={() =>
                void run(
                  'rename',
                  () => api.put(ADMIN_SECTOR_PATHS.sector({ sectorId: s.id }), { version: s.version, name }),
                  refresh,
                ).then(() => setName(null))
              }
            >
              Save
            </Button>
          </Group>
        )}
        {error && (
          <Text size="xs" c="red">
            {error}
          </Text>
        )}
      </Table.Td>
      <Table.Td ff="monospace">{s.code}</Table.Td>
      <Table.Td ta="right">{count}</Table.Td>
      <Table.Td>
        <Group gap={4} wrap="nowrap">
          <Button size="compact-xs" variant="subtle" onClick={() => setName(name === null ? s.name : null)}>
            {name === null ? 'Rename' : 'Cancel'}
          </Button>
          {s.parentId !== null && (
            <Select
              size="xs"
              w={150}
              aria-label={`Sector of ${s.code}`}
              data={sectors.filter((p) => p.parentId === null).map((p) => ({ value: String(p.id), label: p.name }))}
              value={String(s.parentId)}
              onChange={(v) =>
                v &&
                void run(
                  'move',
                  () => api.put(ADMIN_SECTOR_PATHS.sector({ sectorId: s.id }), { version: s.version, parentId: Number(v) }),
                  refresh,
                )
              }
            />
          )}
          <Button
            size="compact-xs"
            variant="subtle"
            color="red"
            disabled={count > 0 || industries > 0}
            title={count > 0 || industries > 0 ? 'Only an empty sector or industry can be deleted' : undefined}
            loading={busy === 'delete'}
            onClick={() =>
              void run(
                'delete',
                () => api.delete(ADMIN_SECTOR_PATHS.sector({ sectorId: s.id }), { query: { version: s.version } }),
                refresh,
              )
            }
          >
            Delete
          </Button>
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}

function AddSector({ sectors }: { sectors: AdminSector[] }) {
  const client = useQueryClient();
  const [code, setCode] = useState('');
  const [name, setName] = useState('');
  const [parent, setParent] = useState<string | null>(null);
  const { busy, error, run } = useAdminAction();
  const add = () =>
    run(
      'add',
      async () => {
        await api.post(ADMIN_SECTOR_PATHS.list, { code, name, parentId: parent === null ? null : Number(parent) });
        setCode('');
        setName('');
      },
      () => client.invalidateQueries({ queryKey: ['api', ADMIN_SECTOR_PATHS.list] }),
    );
  return (
    <Stack gap={4}>
      <Group align="end" gap="xs">
        <TextInput size="xs" w={110} label="Code" value={code} onChange={(e) => setCode(e.currentTarget.value)} />
        <TextInput size="xs" w={200} label="Name" value={name} onChange={(e) => setName(e.currentTarget.value)} />
        <Select
          size="xs"
          w={200}
          label="Under"
          clearable
          placeholder="(a new sector)"
          data={sectors.filter((p) => p.parentId === null).map((p) => ({ value: String(p.id), label: p.name }))}
          value={parent}
          onChange={setParent}
        />
        <Button size="xs" loading={busy === 'add'} onClick={() => void add()}>
          Add
        </Button>
      </Group>
      {error && (
        <Text size="xs" c="red">
          {error}
        </Text>
      )}
    </Stack>
  );
}

function IndustryIssuers({ industry, sectors }: { industry: AdminSector; sectors: AdminSector[] }) {
  const client = useQueryClient();
  const [checked, setChecked] = useState<number[]>([]);
  const [target, setTarget] = useState<string | null>(null);
  const { busy, error, run } = useAdminAction();
  const issuers = useApiQuery<AdminIssuersResponse>(ADMIN_ISSUER_PATHS.list, { query: { sectorId: industry.id, limit: 200 } });
  const move = () =>
    run(
      'move',
      async () => {
        await api.post(ADMIN_SECTOR_PATHS.moveIssuers, { issuerIds: checked, sectorId: Number(target) });
        setChecked([]);
      },
      () => client.invalidateQueries({ queryKey: ['api'] }),
    );
  const list = issuers.data?.issuers ?? [];
  return (
    <Card withBorder padding="sm" data-testid="industry-issuers">
      <Title order={2} size="h5" mb="xs">
        Issuers in {industry.name} ({issuers.data?.total ?? '…'})
      </Title>
      <Group align="end" gap="xs" mb="xs">
        <Select
          size="xs"
          w={260}
          label="Move the ticked issuers to"
          searchable
          data={sectorOptions(sectors).map((g) => ({ ...g, items: g.items.filter((i) => i.value !== String(industry.id)) }))}
          value={target}
          onChange={setTarget}
        />
        <Button size="xs" disabled={checked.length === 0 || target === null} loading={busy === 'move'} onClick={() => void move()}>
          Move {checked.length || ''}
        </Button>
      </Group>
      {error && <Alert color="red">{error}</Alert>}
      <Stack gap={2}>
        {list.map((i) => (
          <Checkbox
            key={i.id}
            size="xs"
            label={`${i.ticker} — ${i.displayName}`}
            checked={checked.includes(i.id)}
            onChange={(e) => setChecked(e.currentTarget.checked ? [...checked, i.id] : checked.filter((id) => id !== i.id))}
          />
        ))}
        {issuers.data && issuers.data.total > list.length && (
          <Text size="xs" c="dimmed">
            The first {list.length} shown.
          </Text>
        )}
      </Stack>
    </Card>
  );
}

export default function AdminSectorsPage() {
  const sectors = useApiQuery<AdminSectorsResponse>(ADMIN_SECTOR_PATHS.list);
  const [selected, setSelected] = useState<number | null>(null);
  const all = sectors.data?.sectors ?? [];
  const ordered = all.filter((s) => s.parentId === null).flatMap((s) => [s, ...all.filter((i) => i.parentId === s.id)]);
  const industry = all.find((s) => s.id === selected && s.parentId !== null) ?? null;
  return (
    <Stack gap="sm" data-testid="admin-sectors-page">
      <PageTitle />
      <Text size="sm" c="dimmed">
        Sectors hold industries; every issuer belongs to an industry. Pick an industry to move its issuers.
      </Text>
      {sectors.isError && <Alert color="red">{apiErrorText(sectors.error)}</Alert>}
      <Grid gap="sm">
        <Grid.Col span={{ base: 12, lg: 7 }}>
          <Card withBorder padding="xs">
            <AddSector sectors={all} />
            <Table fz="sm" mt="sm" data-testid="sector-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Name</Table.Th>
                  <Table.Th>Code</Table.Th>
                  <Table.Th ta="right">Issuers</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {ordered.map((s) => (
                  <SectorRow
                    key={`${s.id}-${s.version}`}
                    s={s}
                    sectors={all}
                    selected={s.id === selected}
                    onSelect={() => setSelected(s.id)}
                  />
                ))}
              </Table.Tbody>
            </Table>
          </Card>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 5 }}>
          {industry && <IndustryIssuers key={industry.id} industry={industry} sectors={all} />}
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
