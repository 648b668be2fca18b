/** Bonds picked for a comparison: found by CUSIP/ISIN prefix, ticker or description (GET /admin/bond?q=). */
import { Badge, Button, CloseButton, Group, Stack, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { ADMIN_BOND_PATHS, COMPARE_MAX_BONDS, type BondSearchResponse } from '@common/api/adminBonds';
import { useApiQuery } from '../../../api/queries';
import { SimpleTable, type CellProps, type Column } from '../../../components/SimpleTable';

/** A bond found, with whether it may still be added and what adding it does. */
interface FoundRow {
  bond: BondSearchResponse['bonds'][number];
  addable: boolean;
  add: () => void;
}

function CusipCell({ text }: CellProps<FoundRow>) {
  return <span style={{ fontFamily: 'var(--mantine-font-family-monospace)' }}>{text}</span>;
}

function AddCell({ row }: CellProps<FoundRow>) {
  return (
    <Button size="compact-xs" variant="default" disabled={!row.addable} onClick={row.add} data-testid="compare-add">
      Add
    </Button>
  );
}

const FOUND_COLUMNS: Column<FoundRow>[] = [
  { header: 'CUSIP', id: 'cusip', value: (r) => r.bond.cusip, cell: CusipCell },
  { header: 'Ticker', id: 'ticker', value: (r) => r.bond.ticker },
  { header: 'Description', id: 'description', value: (r) => r.bond.description },
  { header: 'Maturity', id: 'maturity', value: (r) => r.bond.maturityDate },
  { header: 'Add', id: 'add', cell: AddCell, control: true },
];

interface Props {
  ids: number[];
  onChange: (ids: number[]) => void;
  onCompare: () => void;
}

export function BondPicker({ ids, onChange, onCompare }: Props) {
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 250);
  const found = useApiQuery<BondSearchResponse>(q ? ADMIN_BOND_PATHS.search : null, { query: { q, limit: 20 } });
  return (
    <Stack gap="xs">
      <Group>
        <TextInput
          size="xs"
          w={320}
          placeholder="CUSIP, ticker or description…"
          aria-label="Find bonds"
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          data-testid="compare-search"
        />
        {ids.map((id) => (
          <Badge
            key={id}
            variant="light"
            rightSection={<CloseButton size="xs" aria-label={`Remove ${id}`} onClick={() => onChange(ids.filter((x) => x !== id))} />}
          >
            bond {id}
          </Badge>
        ))}
        <Button size="xs" disabled={ids.length < 2} onClick={onCompare} data-testid="compare-go">
          Compare
        </Button>
      </Group>
      {q && found.data && (
        <SimpleTable
          rows={found.data.bonds.map((bond) => ({
            bond,
            addable: !ids.includes(bond.id) && ids.length < COMPARE_MAX_BONDS,
            add: () => onChange([...ids, bond.id]),
          }))}
          columns={FOUND_COLUMNS}
          rowKey={(r) => String(r.bond.id)}
          headless
          fz="sm"
          testId="compare-found"
        />
      )}
    </Stack>
  );
}
