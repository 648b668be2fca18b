/** The pricing sheet list's rows and texts, worked out without React. */
import type { PricingSheetList } from '@common/api/pricingSheets';
import { sheetFileStem } from './pricingSheetView';

export type ListedSheet = PricingSheetList['sheets'][number];

/** A sheet as its row shows it, with what the row's buttons do. */
export interface SheetRow {
  sheet: ListedSheet;
  canExport: boolean;
  downloading: boolean;
  duplicate: () => void;
  download: () => void;
  remove: () => void;
}

/** Who shared a sheet with the caller, and what they may do with it. */
export function sharedByText(shared: NonNullable<ListedSheet['shared']>): string {
  return `Shared by ${shared.owner.name ?? shared.owner.email} · ${shared.permission === 'edit' ? 'can edit' : 'view only'}`;
}

/** The downloaded workbook's file name: the same stem as the opened sheet's download. */
export const sheetWorkbookName = (name: string) => `${sheetFileStem(name)}.xlsx`;
