/**
 * Repricing after an admin's change, through the pricing service. Unlike an import's reprice
 * (`repriceAfterImport`), the pricing caches are kept unless trades moved between bonds: the
 * terms cache re-reads the bonds whose `updated_at` moved, and curves are read on every reprice,
 * so an edit or a curve correction need not reload 30,000 bonds' terms and trades (docs/admin.md
 * has the figures). A failure does not undo the change: it is returned as text.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { invalidatePricingCache, repriceUniverse } from '../pricing';

export async function repriceAfterAdminChange(
  db: Kysely<Database>,
  bondIds: number[],
  asOf: Date,
  opts: { tradesMoved: boolean },
): Promise<{ repriced: number; error: string | null }> {
  if (opts.tradesMoved) invalidatePricingCache(db);
  if (bondIds.length === 0) return { repriced: 0, error: null };
  try {
    const result = await repriceUniverse(db, asOf, { bondIds });
    return { repriced: result.priced, error: result.failed.length > 0 ? JSON.stringify(result.failed.slice(0, 20)) : null };
  } catch (err) {
    return { repriced: 0, error: err instanceof Error ? err.message : String(err) };
  }
}
