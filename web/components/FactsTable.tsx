/**
 * Facts read label by label (an account's e-mail, organisation, access): two columns, the label
 * dimmed on the left, its value on the right. Not a table of rows, so not SimpleTable; the one
 * place pages get this layout, so they never import Mantine's `Table`.
 */
import { Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';

export interface Fact {
  label: string;
  value: ReactNode;
  /** On the value's cell (tests read a fact by it). */
  testId?: string;
}

export function FactsTable({ facts, labelWidth = 160, testId }: { facts: readonly Fact[]; labelWidth?: number; testId?: string }) {
  return (
    <Table withRowBorders={false} verticalSpacing={4} data-testid={testId}>
      <Table.Tbody>
        {facts.map((f) => (
          <Table.Tr key={f.label}>
            <Table.Th w={labelWidth} fw={500}>
              <Text size="sm" c="dimmed">
                {f.label}
              </Text>
            </Table.Th>
            <Table.Td data-testid={f.testId}>{f.value}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
