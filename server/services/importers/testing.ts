import { createReadStream } from 'node:fs';
import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { ensureSectors } from '../market/simulator/writeReference';
import { importFile } from './index';
import type { ImportKind, ImportOptions } from './report';

/** What a test may leave out: the clock is the machine's unless the test passes its own. */
type TestImportOptions = Partial<ImportOptions>;

/** Absolute path of a file in samples/. */
export const samplePath = (name: string) => fileURLToPath(new URL(`../../../samples/${name}`, import.meta.url));

/** Imports a sample file (tests and the README walk-through use the same files). */
export function importSample(db: Kysely<Database>, kind: ImportKind, name: string, options: TestImportOptions = {}) {
  // eslint-disable-next-line no-restricted-syntax -- test helper: a test that passes no clock imports on the machine's
  return importFile(db, kind, createReadStream(samplePath(name)), { now: Date.now, ...options });
}

/** Imports text given inline (a small bad file in a test). */
export function importText(db: Kysely<Database>, kind: ImportKind, text: string, options: TestImportOptions = {}) {
  // eslint-disable-next-line no-restricted-syntax -- test helper: a test that passes no clock imports on the machine's
  return importFile(db, kind, Readable.from([Buffer.from(text)]), { now: Date.now, ...options });
}

/** The sector taxonomy the bond template's sector codes refer to (the simulator's seeder writes the same). */
export async function prepareReference(db: Kysely<Database>): Promise<void> {
  await ensureSectors(db);
}

/** Row counts of every table an import may write, to prove a refused file changed nothing. */
export async function tableCounts(db: Kysely<Database>): Promise<Record<string, number>> {
  const tables = [
    'bonds',
    'issuers',
    'bond_ratings',
    'trades',
    'trades_missing_bonds',
    'treasury_curve_points',
    'daily_bond_stats',
    'events',
    'audit_log',
  ] as const;
  const out: Record<string, number> = {};
  for (const t of tables) {
    const row = await db
      .selectFrom(t)
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    out[t] = Number(row.n);
  }
  return out;
}
