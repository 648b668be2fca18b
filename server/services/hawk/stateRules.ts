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
import { FIELD_SEP, numOrNull, packedText, packFields, RECORD_SEP } from '../pricing/packed';
import { BOUNDS_JOIN, MAY_TRIP_SQL } from './boundsTable';
import { type HawkIndex, type IndexedSubscription, STATE_KINDS, stateRulesOnBond } from './ruleIndex';
import { mayTrip } from './stateBounds';
import { type BondState, checkState, type MoveReferences, newYorkDay } from './rules';

/** One bond's evaluated state row, parsed: when it was written and the state in the rules' units. */
export interface StateRow {
  bondId: number;
  /** as_of, epoch ms. */
  at: number;
  state: BondState;
}

/**
 * The state columns packed into one text field per row, read as one string_agg value per as-of
 * (pricing/packed.ts): a tick rewrites every bond, and 30,000 rows of eleven columns cost far
 * more to receive and parse as rows than as one string split in JavaScript. The as-of is read
 * once per group, not per row (a reprice writes one as-of for all its bonds; converting it to
 * epoch milliseconds per row was a quarter of the query).
 */
const STATE_COLUMNS = [
  'bond_id',
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
];
const PACKED_STATE = packFields(STATE_COLUMNS);
/** The same record of `bond_market_state s`, without its alias (read beside the bounds' joins). */
const PACKED_STATE_TEXT = sql.raw(packedText(STATE_COLUMNS.map((c) => `s.${c}`)));

/** A packed state record, written at `at`, in the rules' units (yields in percent, their changes in bp, volume as a ratio). */
function stateRowOf(f: string[], at: number): StateRow {
  const ytw = numOrNull(f[2]);
  const dYtw = numOrNull(f[6]);
  const vol = numOrNull(f[10]);
  return {
    bondId: Number(f[0]),
    at,
    state: {
      price: numOrNull(f[1]),
      yieldPct: ytw === null ? null : ytw * 100,
      gSpread: numOrNull(f[3]),
      tSpread: numOrNull(f[4]),
      change: { price: numOrNull(f[5]), yield: dYtw === null ? null : dYtw * 10_000, gSpread: numOrNull(f[7]), tSpread: numOrNull(f[8]) },
      confidence: numOrNull(f[9]),
      volumeRatio: vol === null ? null : 1 + vol / 100,
    },
  };
}

/** One string_agg per as-of, newest first (null: no row of that as-of shipped). */
type PackedGroup = { at: number; t: string; s: string | null };

/** Which rewritten rows a read ships: those that may trip the index's rules, or none (the as-of only). */
export type StateFilter = { boundsStamp: string } | 'none';

/**
 * State rows rewritten after the cursor that may trip a rule (the bounds kept in the database
 * under the given stamp: boundsTable.ts; every row when the stored bounds bear another stamp),
 * and the newest as-of among all rewritten rows, as the database's own text (the cursor moves to
 * exactly it, whatever its precision) and in epoch ms. No limit: a reprice writes one as-of for
 * up to the whole universe, and the cursor moves by as-of.
 */
export async function readRepricedStates(
  db: Kysely<Database>,
  after: Date,
  filter: StateFilter,
): Promise<{ rows: StateRow[]; newest: string | null; newestAt: number | null }> {
  const ship =
    filter === 'none'
      ? sql`false`
      : sql`(select token from hawk_state_bounds_token) is distinct from ${filter.boundsStamp} or ${MAY_TRIP_SQL}`;
  // The packing is in the CASE, so the rows not shipped are never turned into text.
  const { rows } = await sql<PackedGroup>`
    select floor(extract(epoch from as_of) * 1000)::float8 as at, as_of::text as t, string_agg(r, ${RECORD_SEP}) as s
    from (select case when ${ship} then ${PACKED_STATE_TEXT} end as r, s.as_of
          from bond_market_state s ${BOUNDS_JOIN} where s.as_of > ${after}) q
    group by as_of order by as_of desc`.execute(db);
  return { rows: unpack(rows), newest: rows[0]?.t ?? null, newestAt: rows.length > 0 ? Number(rows[0]!.at) : null };
}

/** The current state rows of the given bonds (priming). */
async function readStatesOf(db: Kysely<Database>, bondIds: number[]): Promise<StateRow[]> {
  const { rows } = await sql<PackedGroup>`
    select floor(extract(epoch from as_of) * 1000)::float8 as at, '' as t, string_agg(r, ${RECORD_SEP}) as s
    from (select ${PACKED_STATE}, as_of from bond_market_state where bond_id = any(${bondIds}::int[])) q
    group by as_of`.execute(db);
  return unpack(rows);
}

function unpack(groups: PackedGroup[]): StateRow[] {
  const out: StateRow[] = [];
  for (const g of groups) {
    const at = Number(g.at);
    if (g.s === null) continue;
    for (const record of g.s.split(RECORD_SEP)) out.push(stateRowOf(record.split(FIELD_SEP), at));
  }
  return out;
}

/**
 * A new (or re-stated) state rule is checked once on its bonds' current state, so "price above
 * 101" on a bond already at 102 fires at the next pass rather than at the bond's next reprice.
 * Returns the subscriptions checked (marked primed in the pass's transaction).
 */
export async function primeNewRules(db: Kysely<Database>, index: HawkIndex, add: AddCandidate): Promise<number[]> {
  if (!index.hasStateRules) return [];
  // `not primed` as the partial index states it, so the planner uses it (almost always empty).
  const rows = await db
    .selectFrom('hawk_subscriptions')
    .select(['id'])
    .where(sql<boolean>`not primed`)
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
  const states = bondIds.size === 0 ? [] : await readStatesOf(db, [...bondIds]);
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
    states.map((s) => s.bondId),
  );
  const work: { s: StateRow; info: BondInfo; subs: IndexedSubscription[] }[] = [];
  const needRefs = { intraday: new Set<number>(), '1w': new Set<number>() };
  for (const s of states) {
    const info = bonds.get(s.bondId);
    if (!info) continue;
    const rules = stateRulesOnBond(index, s.bondId, info.issuerId);
    if (!only) {
      // The common case (a tick): the bond's bounds say whether any of its rules can fire.
      if (rules.subs.length === 0 || !mayTrip(rules.bounds, s.state)) continue;
      work.push({ s, info, subs: rules.subs });
      if (rules.intraday) needRefs.intraday.add(s.bondId);
      if (rules.week) needRefs['1w'].add(s.bondId);
      continue;
    }
    const subs = rules.subs.filter((x) => only.has(x.id));
    if (subs.length === 0) continue;
    work.push({ s, info, subs });
    if (rules.intraday && subs.some((x) => x.rule.kind === 'move' && x.rule.window === 'intraday')) needRefs.intraday.add(s.bondId);
    if (rules.week && subs.some((x) => x.rule.kind === 'move' && x.rule.window === '1w')) needRefs['1w'].add(s.bondId);
  }
  if (work.length === 0) return;
  const day = newYorkDay(work[0]!.s.at);
  const refs = await moveReferences(db, needRefs, day);
  for (const { s, info, subs } of work) {
    const r: MoveReferences = { intraday: refs.intraday.get(s.bondId), '1w': refs['1w'].get(s.bondId) };
    for (const sub of subs) {
      const trigger = checkState(sub.rule, s.state, r);
      if (trigger)
        add(sub, {
          subject: `bond:${s.bondId}`,
          at: s.at,
          bondId: s.bondId,
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
