import type { ColumnType, Generated, JSONColumnType } from 'kysely';
import type { FilingStatus, TermSheetReading } from '../../../common/api/edgar';

type Timestamp = ColumnType<Date, Date | string, Date | string>;

/** An uploaded FWP pricing term sheet and what became of it. */
export interface EdgarFilingsTable {
  id: Generated<number>;
  file_name: string;
  content_type: 'html' | 'text';
  digest: string;
  source: string;
  status: FilingStatus;
  layout: 'table' | 'blocks' | null;
  /** What was read (tranches may be empty for a rejected document), or an admin's correction. */
  reading: JSONColumnType<TermSheetReading | { tranches: [] } | null, string | null, string | null>;
  problems: JSONColumnType<{ field: string; message: string }[]>;
  corrected: ColumnType<boolean, boolean | undefined, boolean>;
  deal_id: number | null;
  uploaded_by: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** An FWP filing the EDGAR poller took from the daily index (one per accession number). */
export interface EdgarFeedFilingsTable {
  accession_number: string;
  cik: string;
  company_name: string;
  date_filed: ColumnType<string, string, string>;
  document_name: string | null;
  status: 'queued' | 'not a term sheet' | 'unreadable';
  reason: string | null;
  filing_id: number | null;
  fetched_at: Timestamp;
}

export interface EdgarTables {
  edgar_filings: EdgarFilingsTable;
  edgar_feed_filings: EdgarFeedFilingsTable;
}
