import type { FastifyRequest } from 'fastify';
import type { FeatureName } from '@common/features';
import { BOND_TABLE_COLUMNS, type BondTableColumn } from '@common/enums';
import { callerFeatures } from '../../plugins/entitlements';
import { forbidden } from '../../plugins/errors';
import { GATED_DATA } from '../../policies/gatedData';

/** Bond-table columns only some accounts may see, and the feature that unlocks each (from the gated data). */
export const GATED_COLUMNS: ReadonlyArray<{ column: BondTableColumn; feature: FeatureName }> = GATED_DATA.flatMap((d) =>
  (d.columns ?? []).map((column) => ({ column, feature: d.feature })),
);
/** The feature each filter that selects by gated data needs. */
const RATING_FILTER_FEATURE = GATED_DATA.find((d) => d.filters?.includes('rating'))!.feature;

interface BondColumnQuery {
  columns?: BondTableColumn[] | undefined;
  sort?: BondTableColumn | undefined;
  sort2?: BondTableColumn | undefined;
  rating?: string[] | undefined;
}

/**
 * Filtering by rating filters by the S&P rating (common/api/bond.ts RATING_FILTER_VALUES): the
 * bonds it returns tell their S&P class, so it needs `s_and_p_ratings` wherever it is offered —
 * the bond list, its CSV and the market moves (403 naming the feature otherwise).
 */
export async function assertRatingFilterEntitled(request: FastifyRequest, rating: readonly string[] | undefined): Promise<void> {
  if (!rating?.length) return;
  if (!(await callerFeatures(request)).has(RATING_FILTER_FEATURE)) {
    throw forbidden(`Filtering by rating (S&P) needs the feature "${RATING_FILTER_FEATURE}", which your account does not have`);
  }
}

/**
 * The bond list and its CSV as this caller may have them: a column the caller's features do not
 * include is left out of the default column set, and asking for it — as a column or a sort key —
 * is a 403 naming the feature, as is the rating filter without `s_and_p_ratings`. Documented in
 * docs/access.md.
 */
export async function entitledBondQuery<Q extends BondColumnQuery>(request: FastifyRequest, query: Q): Promise<Q> {
  await assertRatingFilterEntitled(request, query.rating);
  const features = await callerFeatures(request);
  const hidden = GATED_COLUMNS.filter((g) => !features.has(g.feature));
  if (hidden.length === 0) return query;
  for (const { column, feature } of hidden) {
    const refusal = `needs the feature "${feature}", which your account does not have`;
    if (query.columns?.includes(column)) throw forbidden(`The column "${column}" ${refusal}`);
    if (query.sort === column || query.sort2 === column) throw forbidden(`Sorting by "${column}" ${refusal}`);
  }
  const hiddenColumns = new Set(hidden.map((h) => h.column));
  return { ...query, columns: query.columns ?? BOND_TABLE_COLUMNS.filter((c) => !hiddenColumns.has(c)) };
}
