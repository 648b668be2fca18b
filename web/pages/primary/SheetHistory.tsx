/** The History dialog: the states earlier saves replaced, each restorable unless the caller may only view. */
import { Alert, Button, Loader, Modal, Text } from '@mantine/core';
import { useState } from 'react';
import { PRICING_SHEET_PATHS, type PricingSheetVersions } from '@common/api/pricingSheets';
import { apiErrorText } from '../../api/errorText';
import { useApiQuery } from '../../api/queries';
import { SimpleTable, type CellProps, type Column } from '../../components/SimpleTable';
import type { VersionRow } from './pricingSheetView';

function RestoreCell({ row }: CellProps<VersionRow>) {
  if (!row.restore) return null;
  return (
    <Button
      size="compact-xs"
      variant="light"
      loading={row.restoring}
      onClick={row.restore}
      data-testid={`sheet-restore-${row.version.version}`}
    >
      Restore
    </Button>
  );
}

const VERSION_COLUMNS: Column<VersionRow>[] = [
  { header: 'Version', id: 'version', value: (r) => r.version.version },
  { header: 'Name', id: 'name', value: (r) => r.version.name },
  { header: 'Tranches', id: 'tranches', value: (r) => r.version.tranches, kind: 'count' },
  { header: 'Replaced', id: 'replaced', value: (r) => r.version.savedAt, kind: 'date' },
  { header: '', id: 'restore', cell: RestoreCell, control: true },
];

export function SheetHistory({
  sheetId,
  opened,
  onClose,
  onRestore,
}: {
  sheetId: number;
  opened: boolean;
  onClose: () => void;
  /** Absent when the caller may only view the sheet. */
  onRestore: ((version: number) => Promise<void>) | null;
}) {
  // Loaded only while the dialog is open: most visits never look at the history.
  const versions = useApiQuery<PricingSheetVersions>(PRICING_SHEET_PATHS.versions({ id: sheetId }), { enabled: opened });
  const [restoring, setRestoring] = useState<number | null>(null);
  return (
    <Modal opened={opened} onClose={onClose} title="Earlier versions" size="lg">
      {versions.isPending && <Loader size="sm" type="dots" />}
      {versions.isError && <Alert color="red">{apiErrorText(versions.error)}</Alert>}
      {versions.data?.versions.length === 0 && (
        <Text size="sm">No earlier versions: the sheet has not been changed since it was created.</Text>
      )}
      {versions.data && versions.data.versions.length > 0 && (
        <SimpleTable
          rows={versions.data.versions.map((v) => ({
            version: v,
            restoring: restoring === v.version,
            restore: onRestore
              ? () => {
                  setRestoring(v.version);
                  void onRestore(v.version).finally(() => setRestoring(null));
                }
              : null,
          }))}
          columns={VERSION_COLUMNS}
          rowKey={(r) => String(r.version.version)}
          testId="sheet-versions"
        />
      )}
    </Modal>
  );
}
