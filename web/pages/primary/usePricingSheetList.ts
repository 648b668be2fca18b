import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { saveBlob } from '../../components/download';
import { useFeature } from '../../features/useFeature';
import { pricingSheetsApi, pricingSheetsKey } from './pricingSheetsApi';
import { type ListedSheet, type SheetRow, sheetWorkbookName } from './sheetListView';
import { NEW_WORKSHEET, worksheetContent } from './worksheet';

/**
 * The caller's pricing sheets and what the list does with them: start a new one (and open it),
 * duplicate, delete once confirmed, download the workbook. A failed action shows its own toast.
 */
export function usePricingSheetList() {
  const client = useQueryClient();
  const navigate = useNavigate();
  const sheets = useQuery({ queryKey: pricingSheetsKey, queryFn: pricingSheetsApi.list });
  const canExport = useFeature('new-issue-calculator-download-xlsx');
  /** The sheet whose deletion waits for confirmation. */
  const [deleting, setDeleting] = useState<ListedSheet | null>(null);
  const refresh = () => client.invalidateQueries({ queryKey: pricingSheetsKey });
  const meta = { errorToast: true } as const;

  const create = useMutation({
    mutationFn: () => pricingSheetsApi.create({ name: 'New pricing sheet', content: worksheetContent(NEW_WORKSHEET) }),
    onSuccess: (s) => void navigate(`/bw/primary/pricing-sheet/${s.id}`),
    meta,
  });
  const duplicate = useMutation({
    mutationFn: (id: number) => pricingSheetsApi.duplicate(id),
    onSuccess: (s) => {
      void refresh();
      notifications.show({ message: `Created “${s.name}”` });
    },
    meta,
  });
  const remove = useMutation({
    mutationFn: (id: number) => pricingSheetsApi.remove(id),
    onSuccess: () => {
      setDeleting(null);
      void refresh();
    },
    meta,
  });
  const download = useMutation({
    mutationFn: async (row: ListedSheet) => saveBlob(await pricingSheetsApi.xlsx(row.id), sheetWorkbookName(row.name)),
    meta,
  });

  const rows: SheetRow[] =
    sheets.data?.sheets.map((sheet) => ({
      sheet,
      canExport,
      downloading: download.isPending && download.variables?.id === sheet.id,
      duplicate: () => duplicate.mutate(sheet.id),
      download: () => download.mutate(sheet),
      remove: () => setDeleting(sheet),
    })) ?? [];

  return { sheets, rows, create, remove, deleting, setDeleting };
}

export type PricingSheetListState = ReturnType<typeof usePricingSheetList>;
