/**
 * Writes FINRA pages into the market tables, inside the caller's transaction (with the cursor).
 * Bonds are upserted by CUSIP (an unchanged bond is not touched, so the daily refresh does not
 * reprice what did not move), ratings join the point-in-time history dated as FINRA dates them,
 * and each last sale becomes one end-of-day print per bond and day (never twice).
 */
import { type Kysely, type Transaction, sql } from 'kysely';
import type { Database } from '../../../db/schema';
import { rebuildTouchedDays } from '../../importers/stats';
import { bondDescription, isinFromCusip } from '../../market/codesAndRatings';
import { ensureSectors } from '../../market/simulator/writeReference';
import type { CorporateBond } from './records';
import { INDUSTRY_GROUP_SECTORS, NON_CORPORATE_GROUPS, mapCouponType, tickerOf } from './vocab';
import { rowVersionStamp } from '../../../db/rowVersion';

type Trx = Transaction<Database> | Kysely<Database>;

export const FINRA_SOURCE = 'finra-public';

/** FINRA's last sales carry no size: each is stored as one round-lot print (docs/data-sources.md). */
export const PRINT_QUANTITY = 1_000_000;
const STANDARD_TENORS = [2, 3, 5, 7, 10, 15, 20, 30, 40, 50, 100];

/**
 * FINRA's public data has no issue date: the bond is given the smallest standard tenor that
 * covers its remaining life, and an issue date that many years before maturity.
 */
export function estimatedIssue(maturity: string, today: string): { issueDate: string; tenor: number } {
  const years = (Date.parse(maturity) - Date.parse(today)) / (365.25 * 86_400_000);
  const tenor = STANDARD_TENORS.find((t) => t >= years) ?? 100;
  const [y, m, d] = maturity.split('-').map(Number) as [number, number, number];
  const issue = new Date(Date.UTC(y - tenor, m - 1, d));
  return { issueDate: issue.toISOString().slice(0, 10), tenor };
}

export interface CorporatesWritten {
  bondIds: number[];
  skipped: number;
  ratings: number;
  prints: number;
}

export async function writeCorporates(trx: Trx, bonds: CorporateBond[], today: string): Promise<CorporatesWritten> {
  // Industry-level sector ids by our `SECTOR|industry`, the taxonomy created in an empty database.
  const sectors = await ensureSectors(trx);
  const corporate = bonds.filter((b) => !b.industryGroup || !NON_CORPORATE_GROUPS.has(b.industryGroup));
  const skipped = bonds.length - corporate.length;
  if (corporate.length === 0) return { bondIds: [], skipped, ratings: 0, prints: 0 };

  // Issuers by name (FINRA's spelling), created when new.
  const names = [...new Set(corporate.map((b) => b.issuerName))];
  const known = new Map(
    (await trx.selectFrom('issuers').select(['id', 'name']).where('name', 'in', names).execute()).map((i) => [i.name, i.id]),
  );
  for (const b of corporate) {
    if (known.has(b.issuerName)) continue;
    const mapped = INDUSTRY_GROUP_SECTORS[b.industryGroup ?? ''] ?? INDUSTRY_GROUP_SECTORS.OTHI!;
    const created = await trx
      .insertInto('issuers')
      .values({
        name: b.issuerName,
        display_name: b.issuerName,
        ticker: tickerOf(b.issueSymbol, b.issuerName),
        sector_id: sectors.get(`${mapped.sector}|${mapped.industry}`)!,
        country_of_risk: 'US',
        corporate_structure: 'OpCo',
        parent_issuer_id: null,
        sec_cik: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    known.set(b.issuerName, created.id);
  }

  const rows = corporate.map((b) => {
    const coupon = mapCouponType(b.couponType);
    const convertible = b.isConvertible ? 'convertible: the equity option is not modelled' : null;
    const { issueDate, tenor } = estimatedIssue(b.maturityDate, today);
    const couponRate = coupon.stored === 'zero' ? 0 : b.couponRatePct / 100;
    return {
      ...b,
      issuerId: known.get(b.issuerName)!,
      isin: isinFromCusip(b.cusip),
      couponTypeStored: coupon.stored,
      coupon: couponRate,
      notPriced: coupon.notPriced ?? convertible,
      issueDate,
      tenor,
      description: bondDescription(tickerOf(b.issueSymbol, b.issuerName), coupon.stored, couponRate, b.maturityDate),
      callSchedule: JSON.stringify(
        b.isCallable && b.nextCallDate && b.nextCallDate < b.maturityDate ? [{ date: b.nextCallDate, price: 100 }] : [],
      ),
      seniority: 'Senior Unsecured',
    };
  });
  const col = <T>(f: (r: (typeof rows)[number]) => T) => rows.map(f);
  const written = await sql<{ id: number; cusip: string }>`
    insert into bonds (cusip, isin, issuer_id, description, coupon_type, coupon, frequency, day_count, end_of_month, issue_date,
      maturity_date, amount_issued, amount_outstanding, seniority, call_schedule, rating_sp, rating_moody, is_benchmark,
      tenor_at_issue, source, not_priced_reason)
    select u.cusip, u.isin, u.issuer_id, u.description, u.coupon_type, u.coupon, 2, '30/360', false, u.issue_date, u.maturity_date,
      0, 0, u.seniority, u.call_schedule, u.rating_sp, u.rating_moody, false, u.tenor, ${FINRA_SOURCE}, u.not_priced
    from unnest(${col((r) => r.cusip)}::text[], ${col((r) => r.isin)}::text[], ${col((r) => r.issuerId)}::int[],
      ${col((r) => r.description)}::text[], ${col((r) => r.couponTypeStored)}::text[], ${col((r) => r.coupon)}::numeric[],
      ${col((r) => r.issueDate)}::date[], ${col((r) => r.maturityDate)}::date[], ${col((r) => r.seniority)}::text[],
      ${col((r) => r.callSchedule)}::jsonb[], ${col((r) => r.sp?.rating ?? null)}::text[], ${col((r) => r.moodys?.rating ?? null)}::text[],
      ${col((r) => r.tenor)}::smallint[], ${col((r) => r.notPriced)}::text[])
      as u(cusip, isin, issuer_id, description, coupon_type, coupon, issue_date, maturity_date, seniority, call_schedule,
           rating_sp, rating_moody, tenor, not_priced)
    on conflict (cusip) do update set description = excluded.description, coupon_type = excluded.coupon_type,
      coupon = excluded.coupon, maturity_date = excluded.maturity_date, call_schedule = excluded.call_schedule,
      rating_sp = excluded.rating_sp, rating_moody = excluded.rating_moody, not_priced_reason = excluded.not_priced_reason,
      updated_at = ${rowVersionStamp}
      where (bonds.description, bonds.coupon_type, bonds.coupon, bonds.maturity_date, bonds.call_schedule, bonds.rating_sp,
             bonds.rating_moody, bonds.not_priced_reason)
        is distinct from (excluded.description, excluded.coupon_type, excluded.coupon, excluded.maturity_date,
             excluded.call_schedule, excluded.rating_sp, excluded.rating_moody, excluded.not_priced_reason)
    returning id, cusip`.execute(trx);
  const ids = new Map(
    (
      await trx
        .selectFrom('bonds')
        .select(['id', 'cusip'])
        .where(
          'cusip',
          'in',
          rows.map((r) => r.cusip),
        )
        .execute()
    ).map((b) => [b.cusip.trim(), b.id]),
  );

  // A bond newly flagged not priced loses the figures an earlier reading of its terms produced.
  const flagged = rows.filter((r) => r.notPriced !== null).map((r) => ids.get(r.cusip)!);
  if (flagged.length > 0) await trx.deleteFrom('bond_market_state').where('bond_id', 'in', flagged).execute();

  // Ratings with FINRA's dates (undated ones from today), each (bond, agency, rating, date) once.
  const ratings = rows.flatMap((r) =>
    [
      r.sp ? { bond: ids.get(r.cusip)!, agency: 'sp', rating: r.sp.rating, date: r.sp.date ?? today } : null,
      r.moodys ? { bond: ids.get(r.cusip)!, agency: 'moody', rating: r.moodys.rating, date: r.moodys.date ?? today } : null,
    ].filter((x) => x !== null),
  );
  let ratingRows = 0;
  if (ratings.length > 0) {
    const result = await sql`insert into bond_ratings (bond_id, agency, rating, effective_date)
      select u.bond_id, u.agency, u.rating, u.effective_date
      from unnest(${ratings.map((r) => r.bond)}::int[], ${ratings.map((r) => r.agency)}::text[], ${ratings.map((r) => r.rating)}::text[],
        ${ratings.map((r) => r.date)}::date[]) as u(bond_id, agency, rating, effective_date)
      where not exists (select 1 from bond_ratings x where x.bond_id = u.bond_id and x.agency = u.agency
                          and x.rating = u.rating and x.effective_date = u.effective_date)`.execute(trx);
    ratingRows = Number(result.numAffectedRows ?? 0);
  }

  const lastSales = rows.flatMap((r) =>
    r.lastSale ? [{ bondId: ids.get(r.cusip)!, tradeDate: r.lastSale.date, price: r.lastSale.price, yieldPct: r.lastSale.yieldPct }] : [],
  );
  const prints = await writePrints(trx, lastSales);
  const changed = new Set([...written.rows.map((r) => r.id), ...prints.bondIds]);
  return { bondIds: [...changed], skipped, ratings: ratingRows, prints: prints.inserted };
}

export interface PrintRow {
  bondId: number;
  tradeDate: string;
  price: number;
  yieldPct: number | null;
}

/**
 * One end-of-day print per bond and day, at 4 pm New York, a round lot between dealers (FINRA
 * says neither size nor side); a (bond, day) already printed is left alone. The day's
 * statistics are rebuilt for the days written.
 */
export async function writePrints(trx: Trx, prints: PrintRow[]): Promise<{ inserted: number; bondIds: number[] }> {
  if (prints.length === 0) return { inserted: 0, bondIds: [] };
  const inserted = await sql<{ bond_id: number; execution_time: Date }>`
    insert into trades (bond_id, execution_time, quantity, reported_quantity, quantity_capped, price, yield, side,
      reporting_party_type, ats, status, source)
    select distinct on (u.bond_id, u.day) u.bond_id, ((u.day + time '16:00') at time zone 'America/New_York'), ${PRINT_QUANTITY},
      ${PRINT_QUANTITY}, false, u.price, u.yield_pct / 100, 'inter_dealer', 'eod_last_sale', false, 'active', ${FINRA_SOURCE}
    from unnest(${prints.map((p) => p.bondId)}::int[], ${prints.map((p) => p.tradeDate)}::date[], ${prints.map((p) => p.price)}::numeric[],
      ${prints.map((p) => p.yieldPct)}::numeric[]) as u(bond_id, day, price, yield_pct)
    where not exists (select 1 from trades t where t.bond_id = u.bond_id and t.source = ${FINRA_SOURCE}
                        and t.execution_time = ((u.day + time '16:00') at time zone 'America/New_York'))
    returning bond_id, execution_time`.execute(trx);
  if (inserted.rows.length === 0) return { inserted: 0, bondIds: [] };
  await sql`create temp table import_touched on commit drop as
    select distinct t.bond_id, (t.execution_time at time zone 'America/New_York')::date as trade_date
    from unnest(${inserted.rows.map((r) => r.bond_id)}::int[], ${inserted.rows.map((r) => r.execution_time)}::timestamptz[])
      as t(bond_id, execution_time)`.execute(trx);
  await rebuildTouchedDays(trx);
  await sql`drop table import_touched`.execute(trx);
  return { inserted: inserted.rows.length, bondIds: [...new Set(inserted.rows.map((r) => r.bond_id))] };
}
