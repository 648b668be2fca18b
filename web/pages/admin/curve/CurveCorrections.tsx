import { Card, Table, Text } from '@mantine/core';
import { type AdminCurve } from '@common/api/adminCurve';
import { formatDate, formatYield } from '@common/format';

/** The audited corrections of the day shown: when, by whom, which tenor, before → after. */
export function CurveCorrections({ corrections }: { corrections: AdminCurve['corrections'] }) {
  return (
    <Card withBorder padding="xs">
      <Text fw={700} size="sm" mb="xs">
        Corrections of this day
      </Text>
      <Table fz="sm" data-testid="curve-corrections">
        <Table.Tbody>
          {corrections.map((x, i) => (
            <Table.Tr key={i}>
              <Table.Td>{formatDate(x.at)}</Table.Td>
              <Table.Td>{x.actorEmail ?? x.actor ?? 'system'}</Table.Td>
              <Table.Td>{x.tenor}</Table.Td>
              <Table.Td>
                {formatYield(x.before)} → {formatYield(x.after)}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Card>
  );
}
