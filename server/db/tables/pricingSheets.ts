import type { ColumnType, Generated, JSONColumnType } from 'kysely';
import type { PricingSheetContent } from '../../../common/api/pricingSheets';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

/** A banker's saved new-issue calculator worksheet (owner-only). */
export interface PricingSheetsTable {
  id: Generated<number>;
  owner_id: string;
  name: string;
  notes: string;
  content: JSONColumnType<PricingSheetContent>;
  version: ColumnType<number, number | undefined, number>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** A state a save replaced (`version` is the version it was). */
export interface PricingSheetVersionsTable {
  sheet_id: number;
  version: number;
  name: string;
  notes: string;
  content: JSONColumnType<PricingSheetContent>;
  saved_at: Timestamp;
}

export interface PricingSheetTables {
  pricing_sheets: PricingSheetsTable;
  pricing_sheet_versions: PricingSheetVersionsTable;
}
