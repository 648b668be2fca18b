/**
 * The Treasury par curve for the admins: a date's points with the dates around it and its
 * corrections (from the audit log), a point corrected, two dates compared. A correction is refused
 * 409 when the point changed since it was read (its `updated_at`: an import or another admin),
 * audited before/after in its transaction, and then the bonds whose current figures were made on
 * that date's curve (bond_market_state → treasury_curve_versions) are repriced.
 */
import { type Kysely, sql } from 'kysely';
import type { AdminCurve, CurveCompare, CurvePoint, CurvePointSaved } from '../../../common/api/adminCurve';
import { CURVE_DATES_LISTED } from '../../../common/api/adminCurve';
import type { Database } from '../../db/schema';
import { writeAudit } from '../audit';
import { ServiceRefusal } from '../refusal';
import { queryRefusal } from '../../../common/api/shared';
import type { AdminActor } from './bondEdit';
import { repriceAfterAdminChange } from './reprice';
import { rowVersionStamp } from '../../db/rowVersion';

const POINT_COLUMNS = sql`tenor, years::float8 as years, yield::float8 as yield,
  to_char(updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as "updatedAt"`;

async function pointsOn(db: Kysely<Database>, date: string): Promise<CurvePoint[]> {
  const { rows } = await sql<CurvePoint>`select ${POINT_COLUMNS} from treasury_curve_points
    where curve_date = ${date}::date order by years`.execute(db);
  return rows;
}

/** The latest curve date on or before `day` (or the latest of all), null when there is none. */
async function curveDateOn(db: Kysely<Database>, day: string | undefined): Promise<string | null> {
  const { rows } = await sql<{ d: string | null }>`select to_char(max(curve_date), 'YYYY-MM-DD') as d from treasury_curve_points
    where ${day === undefined ? sql`true` : sql`curve_date <= ${day}::date`}`.execute(db);
  return rows[0]?.d ?? null;
}

/** Bonds whose current figures were made on `date`'s curve. */
async function bondsPricedOn(db: Kysely<Database>, date: string): Promise<number[]> {
  const { rows } = await sql<{ bond_id: number }>`select s.bond_id from bond_market_state s
    join treasury_curve_versions v on v.id = s.curve_version_id where v.curve_date = ${date}::date`.execute(db);
  return rows.map((r) => r.bond_id);
}

async function countPricedOn(db: Kysely<Database>, date: string): Promise<number> {
  const { rows } = await sql<{ n: number }>`select count(*)::int as n from bond_market_state s
    where s.curve_version_id in (select id from treasury_curve_versions where curve_date = ${date}::date)`.execute(db);
  return rows[0]!.n;
}

export async function readCurve(db: Kysely<Database>, asked: string | undefined): Promise<AdminCurve> {
  const date = await curveDateOn(db, asked);
  if (!date)
    throw new ServiceRefusal(
      'not found',
      asked
        ? queryRefusal('date', `must be on or after the first Treasury curve: none is loaded on or before ${asked}`)
        : 'No Treasury curve is loaded yet.',
    );
  const [points, around, latest, priced, corrections] = await Promise.all([
    pointsOn(db, date),
    sql<{ previous: string | null; next: string | null }>`select
      (select to_char(max(curve_date), 'YYYY-MM-DD') from treasury_curve_points where curve_date < ${date}::date) as previous,
      (select to_char(min(curve_date), 'YYYY-MM-DD') from treasury_curve_points where curve_date > ${date}::date) as next`.execute(db),
    curveDateOn(db, undefined),
    countPricedOn(db, date),
    db
      .selectFrom('audit_log as a')
      .leftJoin('users as u', 'u.id', 'a.actor_user_id')
      .select(['a.created_at', 'a.actor_user_id', 'u.email', 'a.details'])
      .where('a.action', '=', 'curve.correct')
      .where('a.target_type', '=', 'treasury_curve')
      .where('a.target_id', '=', date)
      .orderBy('a.id', 'desc')
      .limit(50)
      .execute(),
  ]);
  const { rows: dates } = await sql<{ d: string }>`select to_char(d, 'YYYY-MM-DD') as d from
    (select distinct curve_date as d from treasury_curve_points where curve_date <= ${date}::date order by 1 desc limit ${CURVE_DATES_LISTED}) x
    order by d desc`.execute(db);
  const n = (v: unknown) => (typeof v === 'number' ? v : null);
  return {
    date,
    asked: asked ?? null,
    points,
    previousDate: around.rows[0]?.previous ?? null,
    nextDate: around.rows[0]?.next ?? null,
    latestDate: latest!,
    dates: dates.map((r) => r.d),
    bondsPriced: priced,
    corrections: corrections.map((c) => {
      const d = c.details as Record<string, unknown>;
      return {
        at: c.created_at.toISOString(),
        actor: c.actor_user_id,
        actorEmail: c.email ?? null,
        tenor: String(d.tenor ?? ''),
        before: n(d.before),
        after: n(d.after),
      };
    }),
  };
}

/** Corrects one point of a day's curve and reprices the bonds priced on that curve. */
export async function correctCurvePoint(
  db: Kysely<Database>,
  date: string,
  tenor: string,
  body: { yield: number; updatedAt: string },
  actor: AdminActor,
  asOf: Date,
): Promise<CurvePointSaved> {
  // Stored to 7 decimals (numeric(10,7)), as the importer stores a percent with 5.
  const value = Math.round(body.yield * 1e7) / 1e7;
  const point = await db.transaction().execute(async (trx) => {
    const { rows } = await sql<CurvePoint>`select ${POINT_COLUMNS} from treasury_curve_points
      where curve_date = ${date}::date and tenor = ${tenor} for update`.execute(trx);
    const before = rows[0];
    if (!before) throw new ServiceRefusal('not found', `The Treasury curve of ${date} has no ${tenor} point.`);
    if (before.updatedAt !== body.updatedAt)
      throw new ServiceRefusal(
        'conflict',
        `The ${tenor} point of ${date} was changed by someone else after you read it: reload it and correct it again.`,
      );
    // updated_at is the point's version (the stale-edit check above and the market version compare
    // it), not the time of the edit (db/rowVersion.ts).
    await sql`update treasury_curve_points set yield = ${value}, updated_at = ${rowVersionStamp}
      where curve_date = ${date}::date and tenor = ${tenor}`.execute(trx);
    await writeAudit(trx, {
      actorUserId: actor.userId,
      action: 'curve.correct',
      targetType: 'treasury_curve',
      targetId: date,
      details: { tenor, before: before.yield, after: value, ip: actor.ip },
    });
    return (await pointsOn(trx, date)).find((p) => p.tenor === tenor)!;
  });
  const bondIds = await bondsPricedOn(db, date);
  const reprice = await repriceAfterAdminChange(db, bondIds, asOf, { tradesMoved: false });
  return { point, bondsRepriced: reprice.repriced, ...(reprice.error ? { repriceError: reprice.error } : {}) };
}

export async function compareCurves(db: Kysely<Database>, a: string, b: string): Promise<CurveCompare> {
  const [pa, pb] = await Promise.all([pointsOn(db, a), pointsOn(db, b)]);
  if (pa.length === 0)
    throw new ServiceRefusal('not found', queryRefusal('a', `the Treasury curve of ${a} is not loaded: pick a day that has one`));
  if (pb.length === 0)
    throw new ServiceRefusal('not found', queryRefusal('b', `the Treasury curve of ${b} is not loaded: pick a day that has one`));
  const tenors = new Map<string, number>();
  for (const p of [...pa, ...pb]) tenors.set(p.tenor, p.years);
  const ya = new Map(pa.map((p) => [p.tenor, p.yield]));
  const yb = new Map(pb.map((p) => [p.tenor, p.yield]));
  const points = [...tenors]
    .sort((x, y) => x[1] - y[1])
    .map(([tenor, years]) => {
      const yieldA = ya.get(tenor) ?? null;
      const yieldB = yb.get(tenor) ?? null;
      return {
        tenor,
        years,
        yieldA,
        yieldB,
        changeBp: yieldA === null || yieldB === null ? null : Math.round((yieldB - yieldA) * 1e6) / 100,
      };
    });
  return { a, b, points };
}
