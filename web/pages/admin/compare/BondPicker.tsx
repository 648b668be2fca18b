/** Bonds picked for a comparison: found by CUSIP/ISIN prefix, ticker or description (GET /admin/bond?q=). */
import { Badge, Button, CloseButton, Group, Stack, Table, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { ADMIN_BOND_PATHS, COMPARE_MAX_BONDS, type BondSearchResponse } from '@common/api/adminBonds';
import { useApiQuery } from '../../../api/queries';

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
        <Table fz="sm" data-testid="compare-found">
          <Table.Tbody>
            {found.data.bonds.map((b) => (
              <Table.Tr key={b.id}>
                <Table.Td ff="monospace">{b.cusip}</Table.Td>
                <Table.Td>{b.ticker}</Table.Td>
                <Table.Td>{b.description}</Table.Td>
                <Table.Td>{b.maturityDate}</Table.Td>
                <Table.Td>
                  <Button
                    size="compact-xs"
                    variant="default"
                    disabled={ids.includes(b.id) || ids.length >= COMPARE_MAX_BONDS}
                    onClick={() => onChange([...ids, b.id])}
                    data-testid="compare-add"
                  >
                    Add
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}
