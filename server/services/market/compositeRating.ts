import { type RawBuilder, sql } from 'kysely';
import { MOODY_RATINGS, SP_RATINGS } from '../../../common/market';

/**
 * `compositeRating` (common/market.ts) in SQL, for the queries that select bonds by class or
 * letter bucket: the lower of the S&P and Moody's notches (`greatest` skips a missing one), on
 * the S&P scale. `alias` is the bonds table's alias in the query.
 */
export function compositeRatingSql(alias: string): RawBuilder<string | null> {
  const sp = sql.ref(`${alias}.rating_sp`);
  const moody = sql.ref(`${alias}.rating_moody`);
  return sql<string | null>`(${[...SP_RATINGS]}::text[])[greatest(
    array_position(${[...SP_RATINGS]}::text[], upper(trim(${sp}))),
    array_position(${[...MOODY_RATINGS]}::text[], trim(${moody})))]`;
}

/** True for bonds whose composite rating is one of `ratings` (S&P scale). */
export function compositeRatingIn(alias: string, ratings: readonly string[]): RawBuilder<boolean> {
  return sql<boolean>`${compositeRatingSql(alias)} = any(${[...ratings]}::text[])`;
}
