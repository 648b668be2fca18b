/** The trades waiting on one identifier. */
import { Table } from '@mantine/core';
import { formatMarketTime, formatPrice, formatSize } from '@common/format';
import { sideText } from './identifierFields';
import type { IdentifierPanelState } from './useIdentifierPanel';

export function MissingTradesTable({ trades }: { trades: IdentifierPanelState['trades'] }) {
  return (
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
        {trades?.map((t, i) => (
          <Table.Tr key={i}>
            <Table.Td>{formatMarketTime(t.executionTime)}</Table.Td>
            <Table.Td ta="right">{formatSize(t.quantity)}</Table.Td>
            <Table.Td ta="right">{formatPrice(t.price)}</Table.Td>
            <Table.Td>{sideText(t.side)}</Table.Td>
            <Table.Td>{t.source}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
