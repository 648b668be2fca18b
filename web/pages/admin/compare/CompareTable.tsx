import { Anchor, Card, Radio, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import { type CompareResponse } from '@common/api/adminBonds';
import { formatMarketTime, formatPrice, formatSize } from '@common/format';
import { ROWS } from './compareRows';

/** The bonds side by side, one column each with a radio to keep it; differing terms highlighted. */
export function CompareTable({
  data,
  differs,
  survivor,
  onKeep,
}: {
  data: CompareResponse;
  differs: Set<string>;
  survivor: number | null;
  onKeep: (id: number) => void;
}) {
  return (
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
                  onChange={() => onKeep(b.id)}
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
  );
}
