/**
 * A live market tick end to end: apply the simulator tick (trades, curve, deals, events), then
 * have evaluated pricing catch up — end-of-day prices for whole days just simulated, a reprice
 * of the touched bonds — and record `price.moved` for notable evaluated price moves.
 */
import { type Kysely, sql } from 'kysely';
import { FULL_REPRICE_INTERVAL_MS } from '../../../../common/constants';
import type { Database } from '../../../db/schema';
import { type DomainEvent, recordEvents } from '../../events';
import { applyLiveTick, type TickResult } from './live';
import { pricingApi } from './pricingSeam';
import type { LiveUpdate, MarketDataProvider } from '../provider';

/** Evaluated price moves worth an event: a quarter point, or 3bp of G-spread. */
export const NOTABLE_PRICE_MOVE = 0.25;
export const NOTABLE_SPREAD_MOVE_BP = 3;

/**
 * A live tick reprices the whole universe rather than the bonds it touched every
 * FULL_REPRICE_INTERVAL_MS: untraded bonds move with today's curve and their issuer's and sector's
 * curves too, so none may carry an older figure for long. A process's first tick, and its first of
 * each day, reprice everything at once (a server started on Monday must not show Friday's close as
 * today's figures).
 */
export { FULL_REPRICE_INTERVAL_MS };

/** When this process last repriced the whole universe of a database, and for which day. */
const lastFullReprice = new WeakMap<Kysely<Database>, { day: string; at: number }>();

function fullRepriceDue(db: Kysely<Database>, now: Date): boolean {
  const last = lastFullReprice.get(db);
  return !last || last.day !== now.toISOString().slice(0, 10) || now.getTime() - last.at >= FULL_REPRICE_INTERVAL_MS;
}

export interface LiveTickOptions {
  /** The tick's time, from the app's clock. */
  now: Date;
  tickMs: number;
  /** Reprice through the pricing service (default true when present). */
  price?: boolean;
  /** The demo clock: a closed day trades as the last business day's session. */
  alwaysOpen?: boolean;
}

/** Runs one simulator tick; returns what it did (applied false when the slot was taken). */
export async function runLiveTick(db: Kysely<Database>, opts: LiveTickOptions): Promise<TickResult & { priceMoves: number }> {
  const { now } = opts;
  const result = await applyLiveTick(db, now, opts.tickMs, { alwaysOpen: opts.alwaysOpen });
  const priceMoves = await priceAfterUpdate(db, result, now, opts.price);
  return { ...result, priceMoves };
}

/** One step of any provider's live stream, followed by the pricing catch-up. */
export async function pollProvider(
  db: Kysely<Database>,
  provider: MarketDataProvider,
  opts: { now: Date; price?: boolean },
): Promise<LiveUpdate & { priceMoves: number }> {
  if (!provider.poll) throw new Error(`Provider ${provider.id} has no live stream`);
  const { now } = opts;
  const update = await provider.poll(db, now);
  return { ...update, priceMoves: await priceAfterUpdate(db, update, now, opts.price) };
}

/**
 * After a live update: end-of-day prices for finished days, then an intraday reprice of the
 * touched bonds — of all bonds after a finished day or when a full reprice is due
 * (FULL_REPRICE_INTERVAL_MS) — recording `price.moved` for notable moves of the touched bonds.
 * Returns the number of price.moved events.
 */
export async function priceAfterUpdate(db: Kysely<Database>, update: LiveUpdate, pollNow: Date, price?: boolean): Promise<number> {
  if (!update.applied) return 0;
  // Priced as of the market's instant: the demo clock's replayed session, else the poll's time.
  const now = update.marketNow ?? pollNow;
  const pricing = price === false ? null : await pricingApi();
  if (!pricing) return 0;
  if (update.finishedDays.length > 0) {
    const days = [...update.finishedDays].sort();
    await pricing.priceHistory(db, days[0]!, days[days.length - 1]!);
  }
  const all = update.finishedDays.length > 0 || fullRepriceDue(db, now);
  const ids = update.touchedBondIds;
  if (!all && ids.length === 0) return 0;
  const before = ids.length > 0 ? await marketState(db, ids) : null;
  await pricing.repriceUniverse(db, now, all ? {} : { bondIds: ids });
  if (all) lastFullReprice.set(db, { day: now.toISOString().slice(0, 10), at: now.getTime() });
  if (!before) return 0;
  const after = await marketState(db, ids);
  const events: DomainEvent[] = [];
  for (const [id, a] of after) {
    const b = before.get(id);
    if (!b || a.price === null || b.price === null) continue;
    const change = a.price - b.price;
    const spreadChange = a.gSpread !== null && b.gSpread !== null ? a.gSpread - b.gSpread : 0;
    if (Math.abs(change) < NOTABLE_PRICE_MOVE && Math.abs(spreadChange) < NOTABLE_SPREAD_MOVE_BP) continue;
    events.push({
      type: 'price.moved',
      subjectId: String(id),
      payload: {
        bondId: id,
        cusip: a.cusip,
        from: b.price,
        to: a.price,
        change: Math.round(change * 1e4) / 1e4,
        gSpreadChangeBp: Math.round(spreadChange * 10) / 10,
        asOf: now.toISOString(),
      },
    });
  }
  await recordEvents(db, events);
  update.events.push(...events);
  return events.length;
}

async function marketState(
  db: Kysely<Database>,
  ids: number[],
): Promise<Map<number, { price: number | null; gSpread: number | null; cusip: string }>> {
  const rows = await sql<{ bond_id: number; price: string | null; g_spread: string | null; cusip: string }>`
    select s.bond_id, s.price, s.g_spread, b.cusip from bond_market_state s join bonds b on b.id = s.bond_id
    where s.bond_id = any(${ids}::int[])`.execute(db);
  return new Map(
    rows.rows.map((r) => [
      r.bond_id,
      { price: r.price === null ? null : Number(r.price), gSpread: r.g_spread === null ? null : Number(r.g_spread), cusip: r.cusip },
    ]),
  );
}
