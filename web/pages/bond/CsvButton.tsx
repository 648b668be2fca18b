/** CSV download of the bond table's whole current view, as the server writes it. */
import { Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { BOND_PATHS } from '@common/api/bond';
import type { BondTableColumn } from '@common/enums';
import { api } from '../../api/client';
import { handleError } from '../../api/errors';
import { saveText } from '../../components/download';
import { trackEvent } from '../../usage';
import { listQuery, type BondView } from './bondView';

/** Downloads the server's CSV of the whole current view (sort, filters, visible columns). */
export async function downloadBondCsv(view: BondView, columns: readonly BondTableColumn[], fileName = 'bonds.csv'): Promise<void> {
  trackEvent('bond_table.export', { columns: columns.length });
  const text = await api.get<string>(BOND_PATHS.bondsCsv, { query: listQuery(view, columns), headers: { accept: 'text/csv' } });
  saveText(typeof text === 'string' ? text : '', fileName, 'text/csv');
}

export function CsvButton({ view, columns, fileName }: { view: BondView; columns: readonly BondTableColumn[]; fileName?: string }) {
  const [busy, setBusy] = useState(false);
  return (
    <Button
      size="xs"
      variant="default"
      loading={busy}
      data-testid="csv-download"
      onClick={() => {
        setBusy(true);
        downloadBondCsv(view, columns, fileName)
          .catch((error: unknown) => handleError(error, { notifier: notifications.show, prefix: 'CSV download failed:' }))
          .finally(() => setBusy(false));
      }}
    >
      CSV
    </Button>
  );
}
