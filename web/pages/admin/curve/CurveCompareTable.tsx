import { Table } from '@mantine/core';
import { type CurveCompare } from '@common/api/adminCurve';
import { formatDay, formatSpread, formatYield } from '@common/format';

/** Two dates' curves tenor by tenor, with the change between them. */
export function CurveCompareTable({ data }: { data: CurveCompare }) {
  return (
    <Table fz="sm" data-testid="curve-compare">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Tenor</Table.Th>
          <Table.Th ta="right">{formatDay(data.a)}</Table.Th>
          <Table.Th ta="right">{formatDay(data.b)}</Table.Th>
          <Table.Th ta="right">Change</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {data.points.map((p) => (
          <Table.Tr key={p.tenor}>
            <Table.Td>{p.tenor}</Table.Td>
            <Table.Td ta="right">{formatYield(p.yieldA)}</Table.Td>
            <Table.Td ta="right">{formatYield(p.yieldB)}</Table.Td>
            <Table.Td ta="right">{formatSpread(p.changeBp)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
