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

/**
 * The composite rating of `alias` in force on `day` (a SQL date expression): each agency's latest
 * rating-history row (bond_ratings) on or before the day, its first row before any, its current
 * column without history. `lastChange` is a SQL expression for the bond's newest history date
 * (null without history): from it on the current columns are the rating in force, so the history
 * is only read for the days before a bond's last change.
 */
export function compositeRatingOnSql(alias: string, day: RawBuilder<unknown>, lastChange: RawBuilder<unknown>): RawBuilder<string | null> {
  const id = sql.ref(`${alias}.id`);
  const pit = (agency: 'sp' | 'moody', column: string) => sql`coalesce(
    (select r.rating from bond_ratings r where r.bond_id = ${id} and r.agency = ${agency} and r.effective_date <= ${day}
     order by r.effective_date desc, r.id desc limit 1),
    (select r.rating from bond_ratings r where r.bond_id = ${id} and r.agency = ${agency} order by r.effective_date, r.id limit 1),
    ${sql.ref(`${alias}.${column}`)})`;
  const then = sql<string | null>`(${[...SP_RATINGS]}::text[])[greatest(
    array_position(${[...SP_RATINGS]}::text[], upper(trim(${pit('sp', 'rating_sp')}))),
    array_position(${[...MOODY_RATINGS]}::text[], trim(${pit('moody', 'rating_moody')})))]`;
  return sql<
    string | null
  >`(case when ${lastChange} is null or ${day} >= ${lastChange} then ${compositeRatingSql(alias)} else ${then} end)`;
}
