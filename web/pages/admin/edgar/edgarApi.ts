/** EDGAR term sheets over the one API client (contract: common/api/edgar.ts). */
import {
  EDGAR_PATHS,
  type EdgarDealRequest,
  type EdgarUpload,
  type EdgarUploadResponse,
  type Filing,
  type FilingStatus,
  type TermSheetReading,
} from '@common/api/edgar';
import { api } from '../../../api/client';

/** The edits; the reads are `useApiQuery` of EDGAR_PATHS.filings and EDGAR_PATHS.filing. */
export const edgarApi = {
  upload: (body: EdgarUpload) => api.post<EdgarUploadResponse>(EDGAR_PATHS.filings, body),
  correct: (id: number, reading: TermSheetReading) => api.put<Filing>(EDGAR_PATHS.filing({ id }), { reading }),
  makeDeal: (id: number, body: EdgarDealRequest) => api.post<Filing>(EDGAR_PATHS.deal({ id }), body),
};

/** Badge colour of a filing status. */
export const STATUS_COLORS: Record<FilingStatus, string> = {
  parsed: 'blue',
  'needs review': 'orange',
  rejected: 'red',
  imported: 'teal',
};
