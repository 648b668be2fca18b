/**
 * The evaluator's state rules (level, move, confidence, volume) on the bonds' evaluated state:
 * the rows rewritten since the last pass (a reprice), and — once per new or re-stated rule — its
 * bonds' current state, so a rule already true fires at the next pass rather than at the bond's
 * next reprice. Moves over intraday and 1-week windows read their reference prices in two queries.
 */
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema';
import { bondInfo, type BondInfo, num } from './bondInfo';
import type { AddCandidate } from './candidates';
import { type HawkIndex, type IndexedSubscription, rulesOnBond, STATE_KINDS } from './ruleIndex';
import { type BondState, checkState, type MoveReferences, newYorkDay } from './rules';

export type StateRow = {
  bond_id: number;
  as_of: Date;
  price: string | null;
  yield_to_worst: string | null;
  g_spread: string | null;
  t_spread: string | null;
  change_price: string | null;
  change_ytw: string | null;
  change_g_spread: string | null;
  change_t_spread: string | null;
  confidence: number | null;
  volume_percent_change: string | null;
};

const STATE_COLUMNS = [
  'bond_id',
  'as_of',
  'price',
  'yield_to_worst',
  'g_spread',
  't_spread',
  'change_price',
  'change_ytw',
  'change_g_spread',
  'change_t_spread',
  'confidence',
  'volume_percent_change',
] as const;

/** A state row in the rules' units (yields in percent, their changes in bp, volume as a ratio). */
export function bondStateOf(s: StateRow): BondState {
  const ytw = num(s.yield_to_worst);
  const dYtw = num(s.change_ytw);
  const vol = num(s.volume_percent_change);
  return {
    price: num(s.price),
    yieldPct: ytw === null ? null : ytw * 100,
    gSpread: num(s.g_spread),
    tSpread: num(s.t_spread),
    change: {
      price: num(s.change_price),
      yield: dYtw === null ? null : dYtw * 10_000,
      gSpread: num(s.change_g_spread),
      tSpread: num(s.change_t_spread),
    },
    confidence: s.confidence,
    volumeRatio: vol === null ? null : 1 + vol / 100,
  };
}

/** State rows rewritten after the cursor, oldest first. */
export async function readRepricedStates(db: Kysely<Database>, after: Date): Promise<StateRow[]> {
  return (
    db
      .selectFrom('bond_market_state')
      .select([...STATE_COLUMNS])
      .where('as_of', '>', after)
      // No limit: a reprice writes one as-of for up to the whole universe, and the cursor moves by as-of.
      .orderBy('as_of')
      .execute()
  );
}

/**
 * A new (or re-stated) state rule is checked once on its bonds' current state, so "price above
 * 101" on a bond already at 102 fires at the next pass rather than at the bond's next reprice.
 * Returns the subscriptions checked (marked primed in the pass's transaction).
 */
export async function primeNewRules(db: Kysely<Database>, index: HawkIndex, add: AddCandidate): Promise<number[]> {
  if (!index.hasStateRules) return [];
  const rows = await db
    .selectFrom('hawk_subscriptions')
    .select(['id'])
    .where('primed', '=', false)
    .where('paused', '=', false)
    .where('disabled_at', 'is', null)
    .where('kind', 'in', [...STATE_KINDS])
    .execute();
  const subs = rows.map((r) => index.byId.get(r.id)).filter((s): s is IndexedSubscription => s !== undefined);
  if (subs.length === 0) return [];
  const bondIds = new Set<number>();
  const issuers: number[] = [];
  for (const s of subs) {
    if (s.target.kind === 'bond') bondIds.add(s.target.bondId);
    else if (s.target.kind === 'issuer') issuers.push(s.target.issuerId);
    else if (s.target.kind === 'table') for (const id of index.tableBonds.get(s.target.tableId) ?? []) bondIds.add(id);
  }
  if (issuers.length > 0)
    for (const b of await db.selectFrom('bonds').select('id').where('issuer_id', 'in', issuers).execute()) bondIds.add(b.id);
  const states =
    bondIds.size === 0
      ? []
      : await db
          .selectFrom('bond_market_state')
          .select([...STATE_COLUMNS])
          .where('bond_id', 'in', [...bondIds])
          .execute();
  if (states.length > 0) await evaluateStates(db, index, states, add, new Set(subs.map((s) => s.id)));
  return subs.map((s) => s.id);
}

/** Checks the state rules on each row's bond (only those in `only`, when given). */
export async function evaluateStates(
  db: Kysely<Database>,
  index: HawkIndex,
  states: StateRow[],
  add: AddCandidate,
  only?: Set<number>,
): Promise<void> {
  const bonds = await bondInfo(
    db,
    states.map((s) => s.bond_id),
  );
  const work: { s: StateRow; info: BondInfo; subs: IndexedSubscription[] }[] = [];
  const needRefs = { intraday: new Set<number>(), '1w': new Set<number>() };
  for (const s of states) {
    const info = bonds.get(s.bond_id);
    if (!info) continue;
    const subs = rulesOnBond(index, s.bond_id, info.issuerId).filter((x) => STATE_KINDS.has(x.rule.kind) && (!only || only.has(x.id)));
    if (subs.length === 0) continue;
    work.push({ s, info, subs });
    for (const x of subs) if (x.rule.kind === 'move' && x.rule.window !== '1d') needRefs[x.rule.window].add(s.bond_id);
  }
  if (work.length === 0) return;
  const day = newYorkDay(new Date(work[0]!.s.as_of).getTime());
  const refs = await moveReferences(db, needRefs, day);
  for (const { s, info, subs } of work) {
    const state = bondStateOf(s);
    const r: MoveReferences = { intraday: refs.intraday.get(s.bond_id), '1w': refs['1w'].get(s.bond_id) };
    const at = new Date(s.as_of).getTime();
    for (const sub of subs) {
      const trigger = checkState(sub.rule, state, r);
      if (trigger)
        add(sub, {
          subject: `bond:${s.bond_id}`,
          at,
          bondId: s.bond_id,
          issuerId: info.issuerId,
          dealId: null,
          label: info.description,
          trigger,
        });
    }
  }
}

type Ref = { price: number | null; yieldPct: number | null; gSpread: number | null };

/** The day's first intraday evaluated price, and the last close at least a week back. */
async function moveReferences(
  db: Kysely<Database>,
  need: { intraday: Set<number>; '1w': Set<number> },
  day: string,
): Promise<{ intraday: Map<number, Ref>; '1w': Map<number, Ref> }> {
  const toRef = (r: { clean_price: string; yield: string | null; g_spread_bp: string | null }): Ref => ({
    price: Number(r.clean_price),
    yieldPct: r.yield === null ? null : Number(r.yield) * 100,
    gSpread: num(r.g_spread_bp),
  });
  const out = { intraday: new Map<number, Ref>(), '1w': new Map<number, Ref>() };
  if (need.intraday.size > 0) {
    const rows = await sql<{ bond_id: number; clean_price: string; yield: string | null; g_spread_bp: string | null }>`
      select distinct on (bond_id) bond_id, clean_price, yield, g_spread_bp from evaluated_prices
      where bond_id = any(${[...need.intraday]}::int[]) and kind = 'intraday' and price_date = ${day}::date
      order by bond_id, as_of asc`.execute(db);
    for (const r of rows.rows) out.intraday.set(r.bond_id, toRef(r));
  }
  if (need['1w'].size > 0) {
    const rows = await sql<{ bond_id: number; clean_price: string; yield: string | null; g_spread_bp: string | null }>`
      select distinct on (bond_id) bond_id, clean_price, yield, g_spread_bp from evaluated_prices
      where bond_id = any(${[...need['1w']]}::int[]) and kind = 'eod' and price_date <= ${day}::date - 7
      order by bond_id, price_date desc`.execute(db);
    for (const r of rows.rows) out['1w'].set(r.bond_id, toRef(r));
  }
  return out;
}
