import { Stack, Text } from '@mantine/core';
import type { ComponentType } from 'react';
import type { DisplayNamePreview } from '@common/api/adminDisplayNames';
import { SimpleTable, type CellProps, type Column } from '../../../components/SimpleTable';
import { PREVIEW_FIELDS, previewSummary } from './displayNameText';

type PreviewRow = DisplayNamePreview['rows'][number];
type PreviewField = (typeof PREVIEW_FIELDS)[number];

const FIELD_HEADERS: Record<PreviewField, string> = { issuer: 'Issuer', displayName: 'Display name', description: 'Description' };

function CusipCell({ text }: CellProps<PreviewRow>) {
  return (
    <Text span inherit ff="monospace">
      {text}
    </Text>
  );
}

/** One field's cell: its value, or before (struck) → after when the override changes it. */
function changedCell(field: PreviewField): ComponentType<CellProps<PreviewRow>> {
  return function ChangedCell({ row: { before, after } }: CellProps<PreviewRow>) {
    if (before[field] === after[field]) return after[field];
    return (
      <>
        <Text span size="xs" td="line-through" c="dimmed">
          {before[field]}
        </Text>{' '}
        → <b>{after[field]}</b>
      </>
    );
  };
}

const COLUMNS: Column<PreviewRow>[] = [
  { header: 'CUSIP', field: 'cusip', cell: CusipCell },
  ...PREVIEW_FIELDS.map((field): Column<PreviewRow> => ({ header: FIELD_HEADERS[field], id: field, cell: changedCell(field) })),
];

/** The bond-table rows an override changes; a changed cell shows before (struck) → after. */
export function DisplayNamePreviewRows({ preview }: { preview: DisplayNamePreview }) {
  return (
    <Stack gap={4} mt="sm" data-testid="display-name-preview-rows">
      <Text size="xs" c="dimmed">
        {previewSummary(preview)}
      </Text>
      <SimpleTable rows={preview.rows} columns={COLUMNS} rowKey={(r) => String(r.bondId)} fz="xs" striped />
    </Stack>
  );
}
