/**
 * Writes the universe's reference data: sectors and industries, issuers, bonds, rating history,
 * treasury curves and deals (with tranches and status timelines). Ids are assigned up front
 * (after any rows already present) so trades can reference bonds without a round trip.
 */
import type { Kysely } from 'kysely';
import { SECTORS, TREASURY_TENORS } from '../../../../common/market';
import type { Database } from '../../../db/schema';
import { moodyRating, spRating } from '../codesAndRatings';
import { INDUSTRIES, issuerNotchOn } from './issuers';
import { bulkInsert, nextId, syncIdentity } from './load';
import type { Universe } from './universe';

/** Database ids of the universe's issuers and bonds, by index. */
export interface UniverseIds {
  issuerIds: number[];
  bondIds: number[];
  dealIds: number[];
  /** Industry sector id by issuer index. */
  sectorIds: number[];
}

/** Upserts the 11 sectors and their industries; returns industry id by `SECTOR|industry`. */
export async function ensureSectors(db: Kysely<Database>): Promise<Map<string, number>> {
  for (const s of SECTORS) {
    await db
      .insertInto('sectors')
      .values({ code: s.code, name: s.name, parent_id: null })
      .onConflict((oc) => oc.column('code').doNothing())
      .execute();
  }
  const parents = await db.selectFrom('sectors').select(['id', 'code']).where('parent_id', 'is', null).execute();
  const parentId = new Map(parents.map((p) => [p.code, p.id]));
  const rows = SECTORS.flatMap((s) =>
    INDUSTRIES[s.code].map((ind) => ({ code: industryCode(s.code, ind.name), name: ind.name, parent_id: parentId.get(s.code)! })),
  );
  await db
    .insertInto('sectors')
    .values(rows)
    .onConflict((oc) => oc.column('code').doNothing())
    .execute();
  const all = await db.selectFrom('sectors').select(['id', 'code']).execute();
  const byCode = new Map(all.map((r) => [r.code, r.id]));
  const out = new Map<string, number>();
  for (const s of SECTORS)
    for (const ind of INDUSTRIES[s.code]) out.set(`${s.code}|${ind.name}`, byCode.get(industryCode(s.code, ind.name))!);
  return out;
}

/** Stable code of an industry: `ENRG.MIDSTREAM`. */
export function industryCode(sector: string, industry: string): string {
  return `${sector}.${industry
    .toUpperCase()
    .replace(/[^A-Z]+/g, '_')
    .replace(/^_|_$/g, '')}`;
}

/** Writes everything but trades and prices; returns the ids given. */
export async function writeReference(db: Kysely<Database>, u: Universe): Promise<UniverseIds> {
  const end = u.options.endDate;
  const industries = await ensureSectors(db);
  const issuerBase = await nextId(db, 'issuers');
  const issuerIds = u.issuers.map((_, i) => issuerBase + i);
  const sectorIds = u.issuers.map((i) => industries.get(`${i.sector}|${i.industry}`)!);
  await bulkInsert(
    db,
    'issuers',
    [
      { name: 'id', type: 'int', values: issuerIds },
      { name: 'name', type: 'text', values: u.issuers.map((i) => i.name) },
      { name: 'display_name', type: 'text', values: u.issuers.map((i) => i.displayName) },
      { name: 'ticker', type: 'text', values: u.issuers.map((i) => i.ticker) },
      { name: 'sector_id', type: 'int', values: sectorIds },
      { name: 'country_of_risk', type: 'char(2)', values: u.issuers.map((i) => i.country) },
      { name: 'corporate_structure', type: 'text', values: u.issuers.map((i) => i.structure) },
      { name: 'parent_issuer_id', type: 'int', values: u.issuers.map((i) => (i.parent === null ? null : issuerIds[i.parent]!)) },
      { name: 'sec_cik', type: 'text', values: u.issuers.map((i) => i.cik) },
    ],
    { overriding: true },
  );
  await syncIdentity(db, 'issuers');

  const bondBase = await nextId(db, 'bonds');
  const bondIds = u.bonds.map((_, i) => bondBase + i);
  const notchNow = u.bonds.map((b) => issuerNotchOn(u.issuers[b.issuer]!, end) + b.notchOffset);
  const bs = u.bonds;
  await bulkInsert(
    db,
    'bonds',
    [
      { name: 'id', type: 'int', values: bondIds },
      { name: 'cusip', type: 'char(9)', values: bs.map((b) => b.cusip) },
      { name: 'isin', type: 'char(12)', values: bs.map((b) => b.isin) },
      { name: 'issuer_id', type: 'int', values: bs.map((b) => issuerIds[b.issuer]!) },
      { name: 'description', type: 'text', values: bs.map((b) => b.description) },
      { name: 'coupon_type', type: 'text', values: bs.map((b) => b.couponType) },
      { name: 'coupon', type: 'numeric', values: bs.map((b) => b.coupon) },
      { name: 'frequency', type: 'smallint', values: bs.map((b) => b.frequency) },
      { name: 'day_count', type: 'text', values: bs.map((b) => b.dayCount) },
      { name: 'issue_date', type: 'date', values: bs.map((b) => b.issueDate) },
      { name: 'maturity_date', type: 'date', values: bs.map((b) => b.maturityDate) },
      { name: 'amount_issued', type: 'numeric', values: bs.map((b) => b.amountIssued) },
      { name: 'amount_outstanding', type: 'numeric', values: bs.map((b) => b.amountOutstanding) },
      { name: 'seniority', type: 'text', values: bs.map((b) => b.seniority) },
      { name: 'call_schedule', type: 'jsonb', values: bs.map((b) => JSON.stringify(b.callSchedule)) },
      { name: 'floater_index', type: 'text', values: bs.map((b) => b.floaterIndex) },
      { name: 'quoted_margin', type: 'numeric', values: bs.map((b) => b.quotedMargin) },
      { name: 'rating_sp', type: 'text', values: notchNow.map((n) => spRating(n)) },
      { name: 'rating_moody', type: 'text', values: bs.map((b, i) => moodyRating(notchNow[i]! + u.issuers[b.issuer]!.moodyOffset)) },
      { name: 'is_benchmark', type: 'boolean', values: bs.map((b) => b.isBenchmark) },
      { name: 'tenor_at_issue', type: 'smallint', values: bs.map((b) => b.tenorAtIssue) },
    ],
    { overriding: true },
  );
  await syncIdentity(db, 'bonds');

  // Rating history: the rating at issue, then the issuer's change if it came later.
  const rb: number[] = [],
    ra: string[] = [],
    rr: string[] = [],
    rd: string[] = [];
  bs.forEach((b, i) => {
    const issuer = u.issuers[b.issuer]!;
    const change = issuer.ratingChange && issuer.ratingChange.date > b.issueDate ? issuer.ratingChange : null;
    const initial = issuerNotchOn(issuer, b.issueDate) + b.notchOffset;
    for (const [notch, date] of change
      ? ([
          [initial, b.issueDate],
          [change.notch + b.notchOffset, change.date],
        ] as const)
      : ([[initial, b.issueDate]] as const)) {
      rb.push(bondIds[i]!, bondIds[i]!);
      ra.push('sp', 'moody');
      rr.push(spRating(notch), moodyRating(notch + issuer.moodyOffset));
      rd.push(date, date);
    }
  });
  await bulkInsert(db, 'bond_ratings', [
    { name: 'bond_id', type: 'int', values: rb },
    { name: 'agency', type: 'text', values: ra },
    { name: 'rating', type: 'text', values: rr },
    { name: 'effective_date', type: 'date', values: rd },
  ]);

  // Treasury curves: one row per day and tenor (upsert: an import may already hold some days).
  const cd: string[] = [],
    ct: string[] = [],
    cy: number[] = [],
    cv: number[] = [];
  for (const d of u.days) {
    TREASURY_TENORS.forEach((t, k) => {
      cd.push(d.date);
      ct.push(t.tenor);
      cy.push(t.years);
      cv.push(d.yields[k]!);
    });
  }
  await bulkInsert(
    db,
    'treasury_curve_points',
    [
      { name: 'curve_date', type: 'date', values: cd },
      { name: 'tenor', type: 'text', values: ct },
      { name: 'years', type: 'numeric', values: cy },
      { name: 'yield', type: 'numeric', values: cv },
    ],
    { conflict: 'on conflict (curve_date, tenor) do nothing' },
  );

  const dealBase = await nextId(db, 'deals');
  const dealIds = u.deals.map((_, i) => dealBase + i);
  const ds = u.deals;
  await bulkInsert(
    db,
    'deals',
    [
      { name: 'id', type: 'int', values: dealIds },
      { name: 'issuer_id', type: 'int', values: ds.map((d) => issuerIds[d.issuer]!) },
      { name: 'status', type: 'text', values: ds.map((d) => d.status) },
      { name: 'announced_at', type: 'timestamptz', values: ds.map((d) => d.announcedAt.toISOString()) },
      { name: 'priced_at', type: 'timestamptz', values: ds.map((d) => d.pricedAt?.toISOString() ?? null) },
      { name: 'bookrunners', type: 'jsonb', values: ds.map((d) => JSON.stringify(d.bookrunners)) },
      { name: 'use_of_proceeds', type: 'text', values: ds.map((d) => d.useOfProceeds) },
      { name: 'created_at', type: 'timestamptz', values: ds.map((d) => d.announcedAt.toISOString()) },
      { name: 'updated_at', type: 'timestamptz', values: ds.map((d) => (d.pricedAt ?? d.announcedAt).toISOString()) },
    ],
    { overriding: true },
  );
  await syncIdentity(db, 'deals');
  const tr = ds.flatMap((d, i) => d.tranches.map((t) => ({ deal: dealIds[i]!, t })));
  await bulkInsert(db, 'deal_tranches', [
    { name: 'deal_id', type: 'int', values: tr.map((x) => x.deal) },
    { name: 'tenor_years', type: 'smallint', values: tr.map((x) => x.t.tenor) },
    { name: 'size', type: 'numeric', values: tr.map((x) => x.t.size) },
    { name: 'coupon', type: 'numeric', values: tr.map((x) => x.t.coupon) },
    { name: 'ipt_spread_bp', type: 'numeric', values: tr.map((x) => x.t.ipt) },
    { name: 'guidance_spread_bp', type: 'numeric', values: tr.map((x) => x.t.guidance) },
    { name: 'launch_spread_bp', type: 'numeric', values: tr.map((x) => x.t.launch) },
    { name: 'priced_spread_bp', type: 'numeric', values: tr.map((x) => x.t.priced) },
    { name: 'concession_bp', type: 'numeric', values: tr.map((x) => x.t.concession) },
    { name: 'order_book', type: 'numeric', values: tr.map((x) => x.t.orderBook) },
    { name: 'bond_id', type: 'int', values: tr.map((x) => bondIds[x.t.bond]!) },
  ]);
  const hs = ds.flatMap((d, i) => d.history.map((h) => ({ deal: dealIds[i]!, h })));
  await bulkInsert(db, 'deal_status_history', [
    { name: 'deal_id', type: 'int', values: hs.map((x) => x.deal) },
    { name: 'status', type: 'text', values: hs.map((x) => x.h.status) },
    { name: 'at', type: 'timestamptz', values: hs.map((x) => x.h.at.toISOString()) },
    { name: 'details', type: 'jsonb', values: hs.map((x) => JSON.stringify(x.h.details)) },
  ]);
  return { issuerIds, bondIds, dealIds, sectorIds };
}
