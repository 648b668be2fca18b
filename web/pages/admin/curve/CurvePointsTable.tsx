/** A day's curve points, each correctable in place (typed in %, sent as a decimal with the point's version). */
import { Button, Group, Table, Text } from '@mantine/core';
import { useState } from 'react';
import type { CurvePoint } from '@common/api/adminCurve';
import { formatDate, formatYield } from '@common/format';
import { DecimalInput } from '../../../components/DecimalInput';

interface Props {
  points: CurvePoint[];
  busy: boolean;
  onCorrect: (point: CurvePoint, value: number) => Promise<boolean>;
}

export function CurvePointsTable({ points, busy, onCorrect }: Props) {
  const [editing, setEditing] = useState<string | null>(null);
  const [value, setValue] = useState<number | null>(null);
  return (
    <Table fz="sm" data-testid="curve-points">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Tenor</Table.Th>
          <Table.Th ta="right">Yield</Table.Th>
          <Table.Th>Last changed</Table.Th>
          <Table.Th />
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {points.map((p) => (
          <Table.Tr key={p.tenor} data-testid="curve-point" data-tenor={p.tenor}>
            <Table.Td>{p.tenor}</Table.Td>
            <Table.Td ta="right">
              {editing === p.tenor ? (
                <DecimalInput
                  size="xs"
                  w={110}
                  percent
                  value={value}
                  onChange={setValue}
                  aria-label={`${p.tenor} yield (%)`}
                  data-testid="curve-point-input"
                />
              ) : (
                formatYield(p.yield)
              )}
            </Table.Td>
            <Table.Td>
              <Text size="xs" c="dimmed">
                {formatDate(p.updatedAt)}
              </Text>
            </Table.Td>
            <Table.Td>
              {editing === p.tenor ? (
                <Group gap={4}>
                  <Button
                    size="compact-xs"
                    loading={busy}
                    disabled={value === null}
                    onClick={() => void onCorrect(p, value!).then((ok) => ok && setEditing(null))}
                    data-testid="curve-point-save"
                  >
                    Save
                  </Button>
                  <Button size="compact-xs" variant="default" onClick={() => setEditing(null)}>
                    Cancel
                  </Button>
                </Group>
              ) : (
                <Button
                  size="compact-xs"
                  variant="subtle"
                  onClick={() => {
                    setEditing(p.tenor);
                    setValue(p.yield);
                  }}
                  data-testid="curve-point-edit"
                >
                  Correct
                </Button>
              )}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
