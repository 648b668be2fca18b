/**
 * The versions of a day's Treasury curve that bonds were priced on. The live market rewrites
 * today's curve every tick, and not every bond is repriced every tick, so the bond page must be
 * told the very curve its figures were made on (bond_market_state.curve_version_id) for its
 * pricing calculator to agree with them. A version is stored once per distinct set of points and
 * dropped once no bond is priced on it any more.
 */
import { createHash } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema';
import type { DatedCurve } from './curves';

/** Versions no bond refers to are kept this long, so a reprice under way elsewhere can still use its own. */
const UNUSED_VERSION_GRACE = '10 minutes';

/** The id of `dated`'s version, stored on first use; `known` caches ids by the curve's key. */
export async function curveVersionOf(db: Kysely<Database>, dated: DatedCurve, known: Map<string, number>): Promise<number> {
  const hit = known.get(dated.key);
  if (hit !== undefined) return hit;
  const digest = createHash('sha1').update(dated.key).digest('hex');
  const points = dated.curve.tenors.map((tenor, i) => ({ tenor, years: dated.curve.years[i]!, yield: dated.curve.yields[i]! }));
  const { rows } = await sql<{ id: number }>`
    with inserted as (
      insert into treasury_curve_versions (curve_date, digest, points)
      values (${dated.date}::date, ${digest}, ${JSON.stringify(points)}::jsonb)
      on conflict (curve_date, digest) do nothing
      returning id)
    select id from inserted
    union all
    select id from treasury_curve_versions where curve_date = ${dated.date}::date and digest = ${digest}
    limit 1`.execute(db);
  const id = rows[0]!.id;
  if (known.size > 1_000) known.clear();
  known.set(dated.key, id);
  return id;
}

/**
 * Drops the versions no bond is priced on any more (after the grace period); returns how many.
 * The grace is counted on the database's clock, not the app's: created_at is the database's
 * stamp of the insert (its default), and the grace protects a version another instance has just
 * written, so both ends of the comparison are the database's.
 */
export async function pruneCurveVersions(db: Kysely<Database>, known: Map<string, number>): Promise<number> {
  /* eslint-disable no-restricted-syntax -- the grace is an elapsed time on the database's clock (above) */
  const result = await sql`
    delete from treasury_curve_versions v
    where v.created_at < now() - ${UNUSED_VERSION_GRACE}::interval
      and not exists (select 1 from bond_market_state s where s.curve_version_id = v.id)`.execute(db);
  /* eslint-enable no-restricted-syntax */
  const dropped = Number(result.numAffectedRows ?? 0);
  if (dropped > 0) known.clear();
  return dropped;
}
