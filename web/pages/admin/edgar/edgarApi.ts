/** EDGAR term sheets over the one API client (contract: common/api/edgar.ts). */
import {
  EDGAR_PATHS,
  type EdgarDealRequest,
  type EdgarUpload,
  type EdgarUploadResponse,
  type Filing,
  type FilingList,
  type FilingStatus,
  type TermSheetReading,
} from '@common/api/edgar';
import { api } from '../../../api/client';
import { apiKey } from '../../../api/queries';

export const filingsKey = (status: FilingStatus | undefined) => apiKey(EDGAR_PATHS.filings, { status });
export const filingKey = (id: number) => apiKey(EDGAR_PATHS.filing({ id }));

export const edgarApi = {
  list: (status: FilingStatus | undefined) => api.get<FilingList>(EDGAR_PATHS.filings, { query: { status } }),
  upload: (body: EdgarUpload) => api.post<EdgarUploadResponse>(EDGAR_PATHS.filings, body),
  get: (id: number) => api.get<Filing>(EDGAR_PATHS.filing({ id })),
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
