/** What an opened pricing sheet shows, worked out without React: save state texts, checks, names. */
import type { PricingSheetVersions } from '@common/api/pricingSheets';
import type { SaveState, SheetDraft } from './useSheetAutosave';
import { worksheetFromContent, worksheetProblem } from './worksheet';

/** An earlier version as its row shows it; `restore` is absent when the caller may only view. */
export interface VersionRow {
  version: PricingSheetVersions['versions'][number];
  restoring: boolean;
  restore: (() => void) | null;
}

/** Why a draft cannot be saved yet, or null when it can. */
export function draftProblem(draft: SheetDraft): string | null {
  if (!draft.name.trim()) return 'name: give the sheet a name';
  return worksheetProblem(worksheetFromContent(draft.content));
}

/** The save badge's colour and text for a save state. */
export function saveBadge(state: SaveState): { color: string; text: string } {
  const [color, text] =
    state.kind === 'saved'
      ? ['teal', `Saved · version ${state.version}`]
      : state.kind === 'pending' || state.kind === 'saving'
        ? ['yellow', 'Saving…']
        : state.kind === 'invalid'
          ? ['orange', `Not saved: ${state.problem}`]
          : ['red', 'Not saved'];
  return { color, text };
}

/** The downloaded workbook's name from the sheet's name, safe as a file name. */
export const sheetFileStem = (name: string) => name.replace(/[^\w.-]+/g, '_') || 'pricing-sheet';
