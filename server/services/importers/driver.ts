import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { Kysely } from 'kysely';
import { engineOf } from '../../db/database';
import type { Database } from '../../db/schema';
import { writeAudit } from '../audit';
import { type CsvRecord, isBlankLine, isBlankRecord, type NumberedLine, readCsvRecords, readLines } from './lines';
import {
  DuplicateFileError,
  FileFormatError,
  HeaderError,
  ImportTracker,
  INLINE_IMPORT_BYTES,
  type ImportKind,
  type ImportOptions,
  type ImportReport,
  RollbackSignal,
  RowError,
} from './report';

/**
 * What a format importer gets: the input as lines (line formats such as TRACE's pipe-delimited
 * file) or as CSV records (through csv-parse) — one or the other, whichever it reads first — and
 * the tracker.
 */
export interface ImportContext {
  lines: AsyncIterable<NumberedLine>;
  records: AsyncIterable<CsvRecord>;
  tracker: ImportTracker;
  skipBadRows: boolean;
  fileName?: string;
  /** The first non-blank line (the header); a HeaderError when the file is empty. */
  readHeader(): Promise<string>;
  /** The first non-blank CSV record (the header); a HeaderError when the file is empty. */
  readHeaderRecord(): Promise<string[]>;
  /** SHA-256 (hex) of the bytes read so far: of the whole file once the lines are exhausted. */
  contentHash(): string;
  /**
   * True on PGlite: the import's transaction is the only one that can run until it ends, so
   * what it read at the start (the bonds by CUSIP) cannot change underneath it.
   */
  soleWriter: boolean;
  /** See ImportOptions.bulkLoadMinTrades. */
  bulkLoadMinTrades?: number;
  /** See ImportOptions.now. */
  now: () => number;
  /** True once the input has passed ImportOptions.inlineParseBytes: read rows on the parsing thread. */
  rowsOnThread(): boolean;
  /**
   * Records a RowError against its line (anything else is a bug and propagates). True when the
   * importer must stop writing: a rejected row commits nothing unless the user chose to skip bad
   * rows. Either way the importer keeps reading, so every bad row is reported.
   */
  rejectRow(line: number, err: unknown): boolean;
}

export interface ImporterResult {
  details: Record<string, unknown>;
  /** Bonds whose trades changed, repriced after the commit. */
  touchedBondIds?: number[];
}

export type Importer = (trx: Kysely<Database>, ctx: ImportContext) => Promise<ImporterResult>;

/** Runs after a successful commit (repricing); its failure is reported, the import stays. */
export type AfterCommit = (db: Kysely<Database>, result: ImporterResult, now: Date) => Promise<Record<string, unknown> | void>;

/**
 * Streams a file through one importer inside ONE transaction. A rejected row rolls everything
 * back unless the caller chose skipBadRows; a bad header refuses the file. The input is always
 * read to the end (so an upload is fully consumed and every bad row is reported).
 */
export async function runImporter(
  db: Kysely<Database>,
  kind: ImportKind,
  importer: Importer,
  input: Readable | AsyncIterable<Buffer | string>,
  options: ImportOptions,
  afterCommit?: AfterCommit,
): Promise<ImportReport> {
  const tracker = new ImportTracker(kind, options.onProgress);
  const hash = createHash('sha256');
  let bytesRead = 0;
  const inlineBytes = options.inlineParseBytes ?? INLINE_IMPORT_BYTES;
  async function* hashed(): AsyncGenerator<Buffer | string> {
    for await (const chunk of input) {
      hash.update(chunk);
      bytesRead += typeof chunk === 'string' ? Buffer.byteLength(chunk) : chunk.length;
      yield chunk;
    }
  }
  let digest: string | null = null;
  const source = hashed();
  // The readers get the input behind a shield: a reader that stops early (broken CSV) must not
  // close the upload, which is always read to its end (its size limit and hash included).
  const shielded: AsyncIterable<Buffer | string> = {
    [Symbol.asyncIterator]: () => ({ next: () => source.next(), return: async () => ({ done: true, value: undefined }) }),
  };
  let lineIterator: AsyncGenerator<NumberedLine> | undefined;
  let recordIterator: AsyncGenerator<CsvRecord> | undefined;
  const linesOf = () => {
    if (recordIterator) throw new Error('this importer already reads CSV records');
    return (lineIterator ??= readLines(shielded));
  };
  const recordsOf = () => {
    if (lineIterator) throw new Error('this importer already reads lines');
    return (recordIterator ??= readCsvRecords(shielded));
  };
  const ctx: ImportContext = {
    lines: { [Symbol.asyncIterator]: linesOf },
    records: { [Symbol.asyncIterator]: recordsOf },
    tracker,
    skipBadRows: options.skipBadRows ?? false,
    soleWriter: engineOf(db) === 'pglite',
    now: options.now,
    rowsOnThread: () => bytesRead > inlineBytes,
    ...(options.bulkLoadMinTrades !== undefined ? { bulkLoadMinTrades: options.bulkLoadMinTrades } : {}),
    ...(options.fileName ? { fileName: options.fileName } : {}),
    rejectRow(line, err) {
      if (!(err instanceof RowError)) throw err;
      tracker.reject(line, err.message);
      return !(options.skipBadRows ?? false);
    },
    contentHash() {
      digest ??= hash.copy().digest('hex');
      return digest;
    },
    async readHeader() {
      for (;;) {
        const next = await linesOf().next();
        if (next.done) throw new HeaderError('the file is empty (no header line)');
        if (!isBlankLine(next.value.text)) return next.value.text;
      }
    },
    async readHeaderRecord() {
      for (;;) {
        const next = await recordsOf().next();
        if (next.done) throw new HeaderError('the file is empty (no header line)');
        if (!isBlankRecord(next.value.fields)) return next.value.fields;
      }
    },
  };
  let result: ImporterResult;
  try {
    result = await db.transaction().execute(async (trx) => {
      const r = await importer(trx, ctx);
      await options.assertComplete?.();
      if (tracker.rowsRejected > 0 && !ctx.skipBadRows) throw new RollbackSignal('rejected rows');
      await writeAudit(trx, {
        actorUserId: options.actorUserId ?? null,
        action: `market.import.${kind}`,
        targetType: 'import',
        targetId: options.fileName ?? null,
        details: {
          rowsRead: tracker.rowsRead,
          rowsImported: tracker.rowsImported,
          rowsRejected: tracker.rowsRejected,
          unknownIdentifiers: tracker.unknownIdentifiers,
          skipBadRows: ctx.skipBadRows,
        },
      });
      return r;
    });
  } catch (err) {
    if (!(err instanceof HeaderError) && !(err instanceof RollbackSignal)) throw err;
    for (let next = await source.next(); !next.done; next = await source.next()); // read an upload to its end (and its size limit)
    await options.assertComplete?.();
    if (err instanceof DuplicateFileError) {
      return tracker.finish(false, { error: err.message, details: { duplicateOf: err.importedAt.toISOString() } });
    }
    if (err instanceof HeaderError) {
      tracker.reject(err instanceof FileFormatError ? err.line : 1, err.message);
      return tracker.finish(false, { error: err.message });
    }
    return tracker.finish(false);
  }
  const extra = afterCommit
    ? await afterCommit(db, result, new Date(options.now())).catch((e: unknown) => ({
        repriceError: e instanceof Error ? e.message : String(e),
      }))
    : undefined;
  return tracker.finish(true, { details: { ...result.details, ...(extra ?? {}) } });
}
