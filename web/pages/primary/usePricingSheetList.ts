import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { PRICING_SHEET_PATHS, type PricingSheetList } from '@common/api/pricingSheets';
import { useApiMutation, useApiQuery } from '../../api/queries';
import { saveBlob } from '../../components/download';
import { useFeature } from '../../features/useFeature';
import { pricingSheetsApi } from './pricingSheetsApi';
import { type ListedSheet, type SheetRow, sheetWorkbookName } from './sheetListView';
import { NEW_WORKSHEET, worksheetContent } from './worksheet';

/**
 * The caller's pricing sheets and what the list does with them: start a new one (and open it),
 * duplicate, delete once confirmed, download the workbook. A failed action shows its own toast.
 */
export function usePricingSheetList() {
  const navigate = useNavigate();
  const sheets = useApiQuery<PricingSheetList>(PRICING_SHEET_PATHS.sheets);
  const canExport = useFeature('new-issue-calculator-download-xlsx');
  /** The sheet whose deletion waits for confirmation. */
  const [deleting, setDeleting] = useState<ListedSheet | null>(null);
  const meta = { errorToast: true } as const;
  const invalidates = [PRICING_SHEET_PATHS.sheets];

  const create = useApiMutation(() => pricingSheetsApi.create({ name: 'New pricing sheet', content: worksheetContent(NEW_WORKSHEET) }), {
    onDone: (s) => navigate(`/bw/primary/pricing-sheet/${s.id}`),
    meta,
  });
  const duplicate = useApiMutation((id: number) => pricingSheetsApi.duplicate(id), {
    invalidates,
    onDone: (s) => notifications.show({ message: `Created “${s.name}”` }),
    meta,
  });
  const remove = useApiMutation((id: number) => pricingSheetsApi.remove(id), { invalidates, onDone: () => setDeleting(null), meta });
  const download = useApiMutation(async (row: ListedSheet) => saveBlob(await pricingSheetsApi.xlsx(row.id), sheetWorkbookName(row.name)), {
    meta,
  });

  const rows: SheetRow[] =
    sheets.data?.sheets.map((sheet) => ({
      sheet,
      canExport,
      downloading: download.busy && download.variables?.id === sheet.id,
      duplicate: () => void duplicate.run(sheet.id),
      download: () => void download.run(sheet),
      remove: () => setDeleting(sheet),
    })) ?? [];

  return { sheets, rows, create, remove, deleting, setDeleting };
}

export type PricingSheetListState = ReturnType<typeof usePricingSheetList>;
