import type { Readable } from 'node:stream';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { type AfterCommit, type Importer, runImporter } from './driver';
import { importBonds } from './bonds';
import { repriceAfterImport } from './reprice';
import type { ImportKind, ImportOptions, ImportReport } from './report';
import { importTrace } from './trace';
import { importTreasury } from './treasury';

export { IMPORT_KINDS, summarize } from './report';
export type { ImportKind, ImportOptions, ImportProgress, ImportReport, RejectedRow } from './report';

const IMPORTERS: Record<ImportKind, Importer> = {
  treasury: importTreasury,
  trace: importTrace,
  bonds: importBonds,
};

const repriceTouched: AfterCommit = async (db, result, now) => repriceAfterImport(db, result.touchedBondIds ?? [], now);
const repriceAll: AfterCommit = async (db, result, now) =>
  Number(result.details.points ?? 0) > 0 ? repriceAfterImport(db, 'all', now) : { repriced: 0 };

/**
 * Imports one file of the given kind from a stream (a file, an upload): one transaction, a report
 * of rejected rows by line and reason, nothing changed on a bad file unless skipBadRows. After a
 * TRACE or bond import the touched bonds are repriced (the pricing service's repriceUniverse), after a curve
 * import every bond.
 */
export function importFile(
  db: Kysely<Database>,
  kind: ImportKind,
  input: Readable | AsyncIterable<Buffer | string>,
  options: ImportOptions,
): Promise<ImportReport> {
  return runImporter(db, kind, IMPORTERS[kind], input, options, kind === 'treasury' ? repriceAll : repriceTouched);
}
