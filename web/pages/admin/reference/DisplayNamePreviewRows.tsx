import { Stack, Table, Text } from '@mantine/core';
import type { DisplayNamePreview } from '@common/api/adminDisplayNames';
import { PREVIEW_FIELDS, previewSummary } from './displayNameText';

/** The bond-table rows an override changes; a changed cell shows before (struck) → after. */
export function DisplayNamePreviewRows({ preview }: { preview: DisplayNamePreview }) {
  return (
    <Stack gap={4} mt="sm" data-testid="display-name-preview-rows">
      <Text size="xs" c="dimmed">
        {previewSummary(preview)}
      </Text>
      <Table fz="xs" striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>CUSIP</Table.Th>
            <Table.Th>Issuer</Table.Th>
            <Table.Th>Display name</Table.Th>
            <Table.Th>Description</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {preview.rows.map((r) => (
            <Table.Tr key={r.bondId}>
              <Table.Td ff="monospace">{r.cusip}</Table.Td>
              {PREVIEW_FIELDS.map((k) => (
                <Table.Td key={k}>
                  {r.before[k] === r.after[k] ? (
                    r.after[k]
                  ) : (
                    <>
                      <Text span size="xs" td="line-through" c="dimmed">
                        {r.before[k]}
                      </Text>{' '}
                      → <b>{r.after[k]}</b>
                    </>
                  )}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}
