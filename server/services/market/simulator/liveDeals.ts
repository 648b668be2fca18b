/**
 * Live new issues: now and then a simulator issuer announces a deal, which then walks through
 * initial price talk, guidance, launch and pricing over a few ticks; each step updates the deal,
 * its tranches and status history and records events, and pricing creates the new bonds.
 */
import { type Kysely, sql } from 'kysely';
import { LAST_IG_NOTCH } from '../../../../common/market';
import type { Database } from '../../../db/schema';
import type { DealStatus } from '../../../db/tables/market';
import type { DomainEvent } from '../../events';
import { dealFacts } from '../../primary/dealEvents';
import { notifyNewDeal } from '../../primary/newDealNotifications';
import { moodyRating, spRating } from '../codesAndRatings';
import type { SimBond } from './bonds';
import { priceDeal, type PricingDay, stepDetails, type SimTranche } from './deals';
import { DEAL_STATUSES } from '../../../../common/market';
import type { SimIssuer } from './issuers';
import type { LiveBond } from './liveBonds';
import type { Rng } from './random';
import type { PendingDeal, SimulatorState } from './state';

/**
 * Mean wall-clock time between new live deals, and between a deal's steps: a running demo shows
 * a deal every few minutes, each taking a few minutes from announcement to pricing, and at most
 * MAX_DEALS_PER_DAY a day so a server left running does not flood the universe with new bonds.
 */
export const LIVE_DEAL_EVERY_MS = 300_000;
export const LIVE_DEAL_STEP_MS = [30_000, 60_000] as const;
const MAX_PENDING = 2;
export const MAX_DEALS_PER_DAY = 12;

/** Starts a deal: picks an issuer, plans its tranches and writes the announcement. */
export async function startLiveDeal(
  trx: Kysely<Database>,
  rng: Rng,
  state: SimulatorState,
  bonds: LiveBond[],
  day: PricingDay,
  now: Date,
  events: DomainEvent[],
): Promise<void> {
  const byIssuer = new Map<number, LiveBond[]>();
  for (const b of bonds) byIssuer.set(b.issuerId, [...(byIssuer.get(b.issuerId) ?? []), b]);
  const issuerIds = [...byIssuer.keys()];
  if (issuerIds.length === 0) return;
  const issuerId = issuerIds[rng.weighted(issuerIds.map((id) => Math.sqrt(byIssuer.get(id)!.length)))]!;
  const own = byIssuer.get(issuerId)!;
  const senior = own.find((b) => b.seniority === 'Senior Unsecured') ?? own[0]!;
  const pending = Object.values(state.pendingDeals ?? {})
    .filter((d) => d.issuerId === issuerId)
    .reduce((n, d) => n + d.tranches.length, 0);
  const taken = await sql<{ n: number }>`select count(*)::int as n from bonds where cusip like ${`${senior.cusip.slice(0, 6)}%`}`.execute(
    trx,
  );
  const issuer: SimIssuer = {
    index: issuerId,
    name: senior.ticker,
    displayName: senior.ticker,
    ticker: senior.ticker,
    sector: senior.sector as SimIssuer['sector'],
    industry: senior.industry ?? '',
    country: 'US',
    structure: 'OpCo',
    parent: null,
    cik: null,
    cusipBase: senior.cusip.slice(0, 6),
    notch: Math.min(18, senior.notch),
    ratingChange: null,
    moodyOffset: 0,
    scale: Math.sqrt(own.length),
  };
  const nextIssue: number[] = [];
  nextIssue[issuerId] = taken.rows[0]!.n + pending;
  const planned: SimBond[] = [];
  const deal = priceDeal(rng, state.liveDeals, issuer, day, planned, nextIssue);
  state.liveDeals++;
  const inserted = await trx
    .insertInto('deals')
    .values({
      issuer_id: issuerId,
      status: 'announced',
      announced_at: now,
      bookrunners: JSON.stringify(deal.bookrunners),
      use_of_proceeds: deal.useOfProceeds,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const tranches = await trx
    .insertInto('deal_tranches')
    .values(deal.tranches.map((t) => ({ deal_id: inserted.id, tenor_years: t.tenor, size: t.size })))
    .returning('id')
    .execute();
  const book = deal.tranches.reduce((s, t) => s + t.orderBook, 0);
  const plan: PendingDeal = {
    issuerId,
    ticker: senior.ticker,
    step: 0,
    nextAt: new Date(now.getTime() + rng.uniform(...LIVE_DEAL_STEP_MS)).toISOString(),
    book,
    tranches: deal.tranches.map((t: SimTranche, i) => {
      const bond = planned[t.bond]!;
      const notch = Math.max(0, Math.min(18, issuer.notch + bond.notchOffset));
      return {
        trancheId: tranches[i]!.id,
        tenor: t.tenor,
        size: t.size,
        coupon: t.coupon,
        ipt: t.ipt,
        guidance: t.guidance,
        priced: t.priced,
        concession: t.concession,
        orderBook: t.orderBook,
        bond,
        notch,
        moodyNotch: notch,
      };
    }),
  };
  const details = stepDetails('announced', deal.tranches, 0);
  await trx
    .insertInto('deal_status_history')
    .values({ deal_id: inserted.id, status: 'announced', at: now, details: JSON.stringify(details) })
    .execute();
  state.pendingDeals = { ...(state.pendingDeals ?? {}), [String(inserted.id)]: plan };
  events.push({
    type: 'deal.new',
    subjectId: String(inserted.id),
    payload: {
      dealId: inserted.id,
      issuerId,
      ticker: senior.ticker,
      highYield: issuer.notch > LAST_IG_NOTCH,
      tranches: plan.tranches.map((t) => ({ tenorYears: t.tenor, size: t.size })),
      bookrunners: deal.bookrunners,
    },
  });
  await notifyNewDeal(trx, await dealFacts(trx, inserted.id), now, null);
}

/** Moves one pending deal to its next status. Returns the ids of bonds created at pricing. */
export async function advanceLiveDeal(
  trx: Kysely<Database>,
  rng: Rng,
  state: SimulatorState,
  dealId: string,
  now: Date,
  events: DomainEvent[],
): Promise<number[]> {
  const plan = state.pendingDeals![dealId]!;
  const from = DEAL_STATUSES[plan.step]!;
  plan.step++;
  const to: DealStatus = DEAL_STATUSES[plan.step]!;
  const simTranches: SimTranche[] = plan.tranches.map((t) => ({ ...t, launch: t.priced, bond: 0 }));
  const fraction = Math.min(1, 0.25 + 0.25 * plan.step);
  const details = stepDetails(to, simTranches, Math.round((plan.book * fraction) / 1e8) * 1e8);
  const created: number[] = [];
  for (const t of plan.tranches) {
    const set: Record<string, unknown> =
      to === 'initial_price_talk'
        ? { ipt_spread_bp: t.ipt }
        : to === 'guidance'
          ? { guidance_spread_bp: t.guidance }
          : to === 'launched'
            ? { launch_spread_bp: t.priced }
            : { priced_spread_bp: t.priced, concession_bp: t.concession, coupon: t.coupon, order_book: t.orderBook };
    if (to === 'priced') {
      const b = t.bond;
      const row = await trx
        .insertInto('bonds')
        .values({
          cusip: b.cusip,
          isin: b.isin,
          issuer_id: plan.issuerId,
          description: b.description,
          coupon_type: b.couponType,
          coupon: b.coupon,
          frequency: b.frequency,
          day_count: b.dayCount,
          issue_date: b.issueDate,
          maturity_date: b.maturityDate,
          amount_issued: b.amountIssued,
          amount_outstanding: b.amountOutstanding,
          seniority: b.seniority,
          call_schedule: JSON.stringify(b.callSchedule),
          rating_sp: spRating(t.notch),
          rating_moody: moodyRating(t.moodyNotch),
          is_benchmark: b.isBenchmark,
          tenor_at_issue: b.tenorAtIssue,
          source: 'simulator',
          end_of_month: false,
          first_coupon_date: null,
          floater_index: null,
          quoted_margin: null,
          currency: 'USD',
        })
        .onConflict((oc) => oc.column('cusip').doNothing())
        .returning('id')
        .executeTakeFirst();
      if (row) {
        created.push(row.id);
        set.bond_id = row.id;
        await trx
          .insertInto('bond_ratings')
          .values([
            { bond_id: row.id, agency: 'sp', rating: spRating(t.notch), effective_date: b.issueDate },
            { bond_id: row.id, agency: 'moody', rating: moodyRating(t.moodyNotch), effective_date: b.issueDate },
          ])
          .execute();
      }
    }
    await trx.updateTable('deal_tranches').set(set).where('id', '=', t.trancheId).execute();
  }
  await trx
    .updateTable('deals')
    .set({ status: to, updated_at: now, ...(to === 'priced' ? { priced_at: now } : {}) })
    .where('id', '=', Number(dealId))
    .execute();
  await trx
    .insertInto('deal_status_history')
    .values({ deal_id: Number(dealId), status: to, at: now, details: JSON.stringify(details) })
    .execute();
  events.push({
    type: 'deal.status_changed',
    subjectId: dealId,
    payload: { dealId: Number(dealId), issuerId: plan.issuerId, ticker: plan.ticker, from, to, ...details, bondIds: created },
  });
  if (to === 'priced') delete state.pendingDeals![dealId];
  else plan.nextAt = new Date(now.getTime() + rng.uniform(...LIVE_DEAL_STEP_MS)).toISOString();
  return created;
}

/** One tick of the deal pipeline: due steps, then maybe a new deal. */
export async function stepLiveDeals(
  trx: Kysely<Database>,
  rng: Rng,
  state: SimulatorState,
  bonds: LiveBond[],
  day: PricingDay,
  now: Date,
  tickMs: number,
  events: DomainEvent[],
): Promise<number[]> {
  const created: number[] = [];
  for (const [id, plan] of Object.entries(state.pendingDeals ?? {})) {
    if (Date.parse(plan.nextAt) <= now.getTime()) created.push(...(await advanceLiveDeal(trx, rng, state, id, now, events)));
  }
  if (state.dealsToday?.day !== day.date) state.dealsToday = { day: day.date, count: 0 };
  if (
    Object.keys(state.pendingDeals ?? {}).length < MAX_PENDING &&
    state.dealsToday.count < MAX_DEALS_PER_DAY &&
    rng.chance(tickMs / LIVE_DEAL_EVERY_MS)
  ) {
    await startLiveDeal(trx, rng, state, bonds, day, now, events);
    state.dealsToday.count++;
  }
  return created;
}
