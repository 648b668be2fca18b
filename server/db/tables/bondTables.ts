import type { ColumnType, JSONColumnType } from 'kysely';
import type { BondTableConfig } from '../../../common/api/bondTables';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

/** A user's custom bond table (name + columns/sorts/filters), addressed by uuid. */
export interface BondTablesTable {
  id: string;
  owner_id: string;
  name: string;
  config: JSONColumnType<BondTableConfig>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface BondTableTables {
  bond_tables: BondTablesTable;
}
