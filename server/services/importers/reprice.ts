import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { invalidatePricingCache, repriceUniverse } from '../pricing';

/**
 * After an import commits: evaluated prices and the bond table read model are refreshed through
 * the pricing service's `repriceUniverse(db, asOf, { bondIds })` — for the bonds whose trades or terms changed,
 * or for every bond after a new Treasury curve (spreads move with it). The pricing caches are
 * dropped first because the import changed rows behind their back (past trades, bond terms).
 * A pricing failure does not undo the import: the report carries it.
 */
export async function repriceAfterImport(db: Kysely<Database>, bondIds: number[] | 'all', asOf: Date): Promise<Record<string, unknown>> {
  if (bondIds !== 'all' && bondIds.length === 0) return { repriced: 0 };
  // eslint-disable-next-line no-restricted-syntax -- elapsed time: how long the reprice took, for the report
  const started = Date.now();
  invalidatePricingCache(db);
  const result = await repriceUniverse(db, asOf, bondIds === 'all' ? {} : { bondIds });
  return {
    repriced: result.priced,
    // eslint-disable-next-line no-restricted-syntax -- elapsed time: how long the reprice took, for the report
    repriceMs: Date.now() - started,
    ...(result.failed.length > 0 ? { repriceFailed: result.failed.slice(0, 20) } : {}),
  };
}
