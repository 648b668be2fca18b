/** The upload page's pure parts: the kinds of file it imports and the texts of a refusal and a report. No React here. */
import { type ImportReportBody, UPLOAD_MAX_BYTES, type UploadKind } from '@common/api/upload';
import { csvDocument } from '@common/csv';

export interface UploadKindSpec {
  value: UploadKind;
  label: string;
  /** The file picker's accept list. */
  accept: string;
  help: string;
}

export const UPLOAD_KINDS: UploadKindSpec[] = [
  {
    value: 'treasury',
    label: 'Treasury curve',
    accept: '.csv,text/csv',
    help: 'US Treasury daily par yield curve CSV (Date, "1 Mo" … "30 Yr")',
  },
  {
    value: 'trace',
    label: 'TRACE Enhanced',
    accept: '.txt,.csv,.psv,text/plain',
    help: 'FINRA TRACE Enhanced historical file, pipe-delimited',
  },
  {
    value: 'bonds',
    label: 'Bond reference',
    accept: '.csv,text/csv',
    help: 'The bond reference CSV template (samples/bonds-template.csv)',
  },
];

export const UPLOAD_KIND_OPTIONS = UPLOAD_KINDS.map((k) => ({ value: k.value, label: k.label }));

export const uploadKindSpec = (kind: UploadKind) => UPLOAD_KINDS.find((k) => k.value === kind)!;

/** Refused before sending: the server would refuse it anyway, after the whole upload. */
export const tooLargeText = (file: File) => `${file.name} is larger than the ${UPLOAD_MAX_BYTES / 1048576} MB upload limit`;

/** The rejected rows as the CSV offered for download, with its file name. */
export const rejectedRowsCsv = (report: ImportReportBody) => ({
  text: csvDocument(
    ['line', 'reason'],
    report.rejected.map((r) => [r.line, r.reason]),
  ),
  fileName: `rejected-rows-${report.kind}.csv`,
});
