import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import type { PricingSheet } from '@common/api/pricingSheets';
import { apiErrorText } from '../../api/errorText';
import { pricingSheetKey, pricingSheetsApi, pricingSheetsKey, pricingSheetVersionsKey } from './pricingSheetsApi';
import { draftProblem } from './pricingSheetView';
import { useSheetAutosave } from './useSheetAutosave';
import { type Worksheet, worksheetContent, worksheetFromContent } from './worksheet';

export type SheetEdit = { name?: string; notes?: string; worksheet?: Worksheet };

/**
 * An opened sheet's edits: its name, notes and worksheet as the page holds them, saved as they
 * change (useSheetAutosave), the History dialog, and restoring or reloading a saved state.
 */
export function useSheetEditor(sheet: PricingSheet) {
  const client = useQueryClient();
  const [worksheet, setWorksheet] = useState<Worksheet>(() => worksheetFromContent(sheet.content));
  const [name, setName] = useState(sheet.name);
  const [notes, setNotes] = useState(sheet.notes);
  const [historyOpen, setHistoryOpen] = useState(false);
  const [actionError, setActionError] = useState<string | null>(null);
  const remember = useCallback(
    (saved: PricingSheet) => {
      client.setQueryData(pricingSheetKey(saved.id), saved);
      void client.invalidateQueries({ queryKey: pricingSheetsKey, exact: true });
      void client.invalidateQueries({ queryKey: pricingSheetVersionsKey(saved.id) });
    },
    [client],
  );
  const autosave = useSheetAutosave(sheet, draftProblem, remember);
  const readOnly = sheet.shared?.permission === 'view';

  const edit = (next: SheetEdit) => {
    // The controls are disabled; this keeps any other path from queueing a save for a viewer.
    if (readOnly) return;
    const merged = { name, notes, worksheet, ...next };
    setName(merged.name);
    setNotes(merged.notes);
    setWorksheet(merged.worksheet);
    autosave.change({ name: merged.name.trim(), notes: merged.notes, content: worksheetContent(merged.worksheet) });
  };
  /** Shows the sheet as the server has it now. */
  const load = (current: PricingSheet) => {
    setWorksheet(worksheetFromContent(current.content));
    setName(current.name);
    setNotes(current.notes);
    autosave.reset(current);
    remember(current);
  };
  const restore = async (version: number) => {
    setActionError(null);
    try {
      await autosave.flush();
      load(await pricingSheetsApi.restore(sheet.id, version, autosave.version()));
      setHistoryOpen(false);
    } catch (error) {
      setActionError(apiErrorText(error));
    }
  };
  const reload = async () => load(await pricingSheetsApi.get(sheet.id));

  return { sheet, worksheet, name, notes, readOnly, autosave, historyOpen, setHistoryOpen, actionError, edit, restore, reload };
}

export type SheetEditorState = ReturnType<typeof useSheetEditor>;
