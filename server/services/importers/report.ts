import { UPLOAD_KINDS, type UploadKind } from '../../../common/api/upload';

/** The file formats the importers read (one list with the upload contract's). */
export type ImportKind = UploadKind;

export const IMPORT_KINDS: readonly ImportKind[] = UPLOAD_KINDS;

/** At most this many rejected rows are listed in a report (all are counted). */
export const MAX_LISTED_REJECTIONS = 1000;

export interface RejectedRow {
  /** 1-based physical line number in the file; the header is line 1. */
  line: number;
  /** Names the column and the value, e.g. `"Execution Date" is not a date (…): "2024-13-45"`. */
  reason: string;
}

/** What an import did; the command prints it and the upload endpoint answers it. */
export interface ImportReport {
  kind: ImportKind;
  /** False when nothing was written (a bad header, or rejected rows without skipBadRows). */
  committed: boolean;
  rowsRead: number;
  rowsImported: number;
  rowsRejected: number;
  rejected: RejectedRow[];
  /** Rows whose identifier matches no known bond (TRACE: kept apart in trades_missing_bonds). */
  unknownIdentifiers: number;
  durationMs: number;
  /** Set when the whole file was refused (wrong or missing columns). */
  error?: string;
  /** Format-specific details, e.g. the TRACE cleaning counts or the curve dates. */
  details?: Record<string, unknown>;
}

export interface ImportOptions {
  /** The app's clock (ms since the epoch): the date a rating change takes, the reprice's as-of. */
  now: () => number;
  /** Import the good rows of a file that has bad ones (listed in the report) instead of nothing. */
  skipBadRows?: boolean;
  /** Admin user who uploaded the file (audited); null from the command line. */
  actorUserId?: string | null;
  /** Called every few thousand rows and at the end with the rows read so far. */
  onProgress?: (progress: ImportProgress) => void;
  /** Label for the audit entry and events (e.g. the uploaded file's name). */
  fileName?: string;
  /**
   * Called inside the transaction just before commit; throwing rolls the import back and the
   * error propagates (the upload endpoint uses it to refuse a file cut off at the size limit).
   */
  assertComplete?: () => void | Promise<void>;
  /**
   * TRACE on PGlite: trades read before the load counts as bulk and drops trades' secondary
   * indexes until the end (default 100,000; tests lower it to cover that path on a small file).
   */
  bulkLoadMinTrades?: number;
  /**
   * Bytes of input read in place; past them the rows are read on the parsing thread, off the
   * event loop (default INLINE_IMPORT_BYTES; tests set 0 or Infinity to take one path or the other).
   */
  inlineParseBytes?: number;
}

/**
 * An upload up to this size has its rows read where the import runs: a Treasury curve or a
 * small reference file reads in milliseconds, less than a thread's hand-over. Past it (a TRACE
 * month is hundreds of megabytes) each batch of rows is read on the parsing thread.
 */
export const INLINE_IMPORT_BYTES = 256 * 1024;

export interface ImportProgress {
  kind: ImportKind;
  rowsRead: number;
  rowsPerSecond: number;
  done: boolean;
}

/** A row-level problem: the row is rejected with this reason (column and value named). */
export class RowError extends Error {
  override name = 'RowError';
}

/** The file cannot be read as this format at all (wrong or missing columns): nothing is imported. */
export class HeaderError extends Error {
  override name = 'HeaderError';
}

/** The file cannot be read as its format past `line` (broken CSV quoting): refused as a whole. */
export class FileFormatError extends HeaderError {
  override name = 'FileFormatError';
  constructor(
    readonly line: number,
    message: string,
  ) {
    super(message);
  }
}

/** The exact same file was imported before (TRACE): refused as a whole, nothing imported. */
export class DuplicateFileError extends HeaderError {
  override name = 'DuplicateFileError';
  constructor(
    message: string,
    readonly importedAt: Date,
  ) {
    super(message);
  }
}

/** Thrown inside the import transaction to roll it back; carries the report to return. */
export class RollbackSignal extends Error {
  override name = 'RollbackSignal';
}

/**
 * Collects counts, the first rejected rows and progress while a file streams through. One per
 * import; `finish` produces the report.
 */
export class ImportTracker {
  // eslint-disable-next-line no-restricted-syntax -- elapsed time: the import's rows per second
  readonly startedAt = Date.now();
  rowsRead = 0;
  rowsImported = 0;
  rowsRejected = 0;
  unknownIdentifiers = 0;
  readonly rejected: RejectedRow[] = [];
  private lastProgressAt = 0;

  constructor(
    readonly kind: ImportKind,
    private readonly onProgress?: (progress: ImportProgress) => void,
  ) {}

  reject(line: number, reason: string): void {
    this.rowsRejected += 1;
    if (this.rejected.length < MAX_LISTED_REJECTIONS) this.rejected.push({ line, reason });
  }

  /** Counts a read row and reports progress at most every half second. */
  row(): void {
    this.rowsRead += 1;
    if (this.onProgress && (this.rowsRead & 0x3ff) === 0) {
      // eslint-disable-next-line no-restricted-syntax -- elapsed time: the import's rows per second
      const now = Date.now();
      if (now - this.lastProgressAt >= 500) {
        this.lastProgressAt = now;
        this.onProgress({ kind: this.kind, rowsRead: this.rowsRead, rowsPerSecond: this.rate(now), done: false });
      }
    }
  }

  private rate(now: number): number {
    const seconds = Math.max((now - this.startedAt) / 1000, 0.001);
    return Math.round(this.rowsRead / seconds);
  }

  finish(committed: boolean, extra: { error?: string; details?: Record<string, unknown> } = {}): ImportReport {
    // eslint-disable-next-line no-restricted-syntax -- elapsed time: the import's rows per second
    const now = Date.now();
    this.onProgress?.({ kind: this.kind, rowsRead: this.rowsRead, rowsPerSecond: this.rate(now), done: true });
    return {
      kind: this.kind,
      committed,
      rowsRead: this.rowsRead,
      rowsImported: committed ? this.rowsImported : 0,
      rowsRejected: this.rowsRejected,
      rejected: this.rejected,
      unknownIdentifiers: this.unknownIdentifiers,
      durationMs: now - this.startedAt,
      ...(extra.error ? { error: extra.error } : {}),
      ...(extra.details ? { details: extra.details } : {}),
    };
  }
}

/** A one-line summary of a report for logs and the command's last line. */
export function summarize(report: ImportReport): string {
  if (report.error) return `${report.kind}: file refused: ${report.error}`;
  const outcome = report.committed ? `${report.rowsImported} imported` : 'nothing imported';
  return `${report.kind}: ${report.rowsRead} rows read, ${outcome}, ${report.rowsRejected} rejected, ${report.unknownIdentifiers} unknown identifiers, ${report.durationMs} ms`;
}
