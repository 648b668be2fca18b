/**
 * The evaluator's index of active subscriptions by target, so an event or a repriced bond looks up
 * only the rules on it (its bond, its issuer, the custom tables it is in, the market, a deal) and
 * never loops over every rule. Cached per database; reloaded when the subscriptions' count or
 * highest revision moves (every write takes a new revision) or after INDEX_TTL_MS (custom tables'
 * filters and maturities change underneath).
 */
import { randomUUID } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import { isoDate } from '../../../common/calendar';
import type { HawkFrequency, HawkRule, HawkTarget } from '../../../common/api/hawk';
import { bondTableFiltersSchema } from '../../../common/api/bondTables';
import type { Database } from '../../db/schema';
import { bondFilterConditions } from '../market/queries/bondList';
import { filtersOfSavedTable } from '../market/queries/bondFilterSpec';
import { type StateBounds, stateBounds } from './stateBounds';
import { defineCache } from '../caches/registry';

export interface IndexedSubscription {
  id: number;
  userId: string;
  rule: HawkRule;
  target: HawkTarget;
  frequency: HawkFrequency;
  expiresAt: number | null;
  channels: string[];
}

export interface HawkIndex {
  size: number;
  /** bond id → rules on that bond, directly or through a custom table containing it. */
  byBond: Map<number, IndexedSubscription[]>;
  byIssuer: Map<number, IndexedSubscription[]>;
  byDeal: Map<number, IndexedSubscription[]>;
  market: IndexedSubscription[];
  byId: Map<number, IndexedSubscription>;
  /** Custom table id → its bonds (as resolved when the index was built). */
  tableBonds: Map<string, number[]>;
  /** Whether any rule reads the bonds' evaluated state (level, move, confidence, volume). */
  hasStateRules: boolean;
  /** Each bond's state rules (its own, its tables', its issuer's), filled as bonds are first seen. */
  stateRulesByBond: Map<number, BondStateRules>;
  builtAt: number;
  stamp: string;
  /** This index's stamp on the state bounds it keeps in the database (boundsTable.ts); new per index. */
  boundsToken: string;
  /** The bounds this process last wrote (from the index before, until this one writes): a rewrite writes only the difference. */
  boundsWritten: WrittenBounds | null;
  /** The subscriptions as loaded (kept when only the custom tables need resolving again). */
  loaded: LoadedSubscription[];
}

export interface LoadedSubscription {
  sub: IndexedSubscription;
  targetKey: string;
  /** Taken anew by every write of the subscription: the same id and revision are the same rule. */
  revision: string;
}

/** The state rules on one bond, and which move windows need reference prices read. */
export interface BondStateRules {
  /** The issuer they were worked out for (an issuer merge moves a bond to another). */
  issuerId: number;
  subs: IndexedSubscription[];
  /** The loosest thresholds of `subs` (a row crossing none of them cannot fire any). */
  bounds: StateBounds;
  intraday: boolean;
  week: boolean;
}

/**
 * State bounds as written to the database: under which stamp, each bond's row as JSON, and what
 * they were worked out from (the bonds' stamp, the state rules, the custom tables' bonds), so the
 * next write works out again only the bonds whose rules changed.
 */
export interface WrittenBounds {
  stamp: string;
  rows: Map<number, string>;
  bonds: string;
  subs: Map<number, LoadedSubscription>;
  tables: Map<string, number[]>;
}

export const INDEX_TTL_MS = 60_000;
export const STATE_KINDS = new Set<HawkRule['kind']>(['level', 'move', 'confidence', 'volume']);

const caches = defineCache<object, HawkIndex>({
  name: 'hawk.ruleIndex',
  home: 'server/services/hawk/ruleIndex.ts',
  per: 'database',
  key: '—',
  lifetime: { ms: INDEX_TTL_MS, clock: "caller's now" },
  invalidatedBy: [
    'a subscription added, edited or removed (count and max revision, checked on every pass)',
    'a custom table gaining or losing bonds (re-resolved after the lifetime)',
    'a clock moving backwards',
  ],
});

function push<K>(map: Map<K, IndexedSubscription[]>, key: K, sub: IndexedSubscription): void {
  const list = map.get(key);
  if (list) list.push(sub);
  else map.set(key, [sub]);
}

/** Bonds matching a custom table's filters (as the bond list would show them on `day`). */
export async function tableBonds(db: Kysely<Database>, tableIds: string[], day: string): Promise<Map<string, number[]>> {
  const out = new Map<string, number[]>();
  if (tableIds.length === 0) return out;
  const tables = await db.selectFrom('bond_tables').select(['id', 'config']).where('id', 'in', tableIds).execute();
  for (const t of tables) {
    const where = bondFilterConditions(filtersOfSavedTable(bondTableFiltersSchema.parse(t.config.filters ?? {})), day);
    const rows = await sql<{
      id: number;
    }>`select b.id from bonds b join issuers i on i.id = b.issuer_id where ${sql.join(where, sql` and `)} order by b.id`.execute(db);
    out.set(
      t.id,
      rows.rows.map((r) => r.id),
    );
  }
  return out;
}

/**
 * The index, reloaded when subscriptions changed. After the TTL with nothing changed, the loaded
 * subscriptions are kept and only the custom tables are resolved again: reloading 100,000 rules
 * every minute made one pass a minute seconds late. When the tables still hold the same bonds,
 * the index itself is kept.
 */
export async function hawkIndex(db: Kysely<Database>, now: Date): Promise<HawkIndex> {
  const stampRow = await sql<{ n: string; r: string | null }>`select count(*) as n, max(revision) as r from hawk_subscriptions`.execute(db);
  const stamp = `${stampRow.rows[0]!.n}:${stampRow.rows[0]!.r ?? 0}`;
  const cached = caches.get(db);
  const forward = cached !== undefined && now.getTime() >= cached.builtAt;
  if (cached && forward && cached.stamp === stamp && now.getTime() - cached.builtAt < INDEX_TTL_MS) return cached;
  let tables: Map<string, number[]> | undefined;
  if (cached && forward && cached.stamp === stamp) {
    // Only the custom tables' bonds can have moved underneath (filters over maturities, new bonds).
    // Unchanged, the index and its per-bond state rules stay: rebuilding them cost the next live
    // tick ~300 ms of CPU once a minute, working out 30,000 bonds' rules again.
    tables = await tableBonds(db, tableIdsOf(cached.loaded), isoDate(now));
    if (sameTableBonds(tables, cached.tableBonds)) {
      cached.builtAt = now.getTime();
      return cached;
    }
  }
  // Time only moved forward, so what was expired at the last load still is (expiry is also checked per firing).
  const kept = cached && forward ? cached.loaded : [];
  const loaded = cached && forward && cached.stamp === stamp ? kept : await loadSubscriptions(db, now, kept);
  const index = await placeSubscriptions(db, loaded, now, stamp, tables);
  index.boundsWritten = cached?.boundsWritten ?? null;
  caches.set(db, index);
  return index;
}

function tableIdsOf(loaded: LoadedSubscription[]): string[] {
  return [...new Set(loaded.flatMap(({ sub }) => (sub.target.kind === 'table' ? [sub.target.tableId] : [])))];
}

/** Whether two resolutions of the custom tables hold the same bonds (ids come back in `id` order). */
function sameTableBonds(a: Map<string, number[]>, b: Map<string, number[]>): boolean {
  if (a.size !== b.size) return false;
  for (const [id, bonds] of a) {
    const other = b.get(id);
    if (!other || other.length !== bonds.length || bonds.some((bond, k) => other[k] !== bond)) return false;
  }
  return true;
}

/**
 * The active subscriptions (not paused, disabled or expired at `now`). Given those loaded before,
 * only the ones whose revision moved (every write takes a new one) or that are new are read
 * whole: after one rule's edit at 100,000 rules, reading and parsing every rule's JSON again was
 * most of the pass.
 */
async function loadSubscriptions(db: Kysely<Database>, now: Date, before: LoadedSubscription[]): Promise<LoadedSubscription[]> {
  const active = db
    .selectFrom('hawk_subscriptions')
    .where('paused', '=', false)
    .where('disabled_at', 'is', null)
    .where((e) => e.or([e('expires_at', 'is', null), e('expires_at', '>', now)]));
  const whole = ['id', 'user_id', 'rule', 'target', 'target_key', 'frequency', 'expires_at', 'channels', 'revision'] as const;
  if (before.length === 0) return (await active.select(whole).execute()).map(loadedOf);
  const known = new Map(before.map((l) => [l.sub.id, l]));
  const current = await active.select(['id', 'revision']).execute();
  const stale = current.filter((r) => known.get(r.id)?.revision !== String(r.revision)).map((r) => r.id);
  const fresh =
    stale.length === 0
      ? new Map<number, LoadedSubscription>()
      : new Map(
          (
            await active
              .select(whole)
              .where(sql<boolean>`id = any(${stale}::int[])`)
              .execute()
          ).map((r) => [r.id, loadedOf(r)]),
        );
  // One deleted between the two reads is left out; one written again is taken as read.
  return current.flatMap((r) => {
    const l = fresh.get(r.id) ?? known.get(r.id);
    return l && (fresh.has(r.id) || l.revision === String(r.revision)) ? [l] : [];
  });
}

function loadedOf(r: {
  id: number;
  user_id: string;
  rule: HawkRule;
  target: HawkTarget;
  target_key: string;
  frequency: HawkFrequency;
  expires_at: Date | string | null;
  channels: string[];
  revision: string;
}): LoadedSubscription {
  return {
    targetKey: r.target_key,
    revision: String(r.revision),
    sub: {
      id: r.id,
      userId: r.user_id,
      rule: r.rule,
      target: r.target,
      frequency: r.frequency,
      expiresAt: r.expires_at ? new Date(r.expires_at).getTime() : null,
      channels: r.channels,
    },
  };
}

/** Files each subscription under its target; custom tables are resolved to their bonds as of `now`. */
async function placeSubscriptions(
  db: Kysely<Database>,
  loaded: LoadedSubscription[],
  now: Date,
  stamp: string,
  resolvedTables?: Map<string, number[]>,
): Promise<HawkIndex> {
  const index: HawkIndex = {
    size: loaded.length,
    byBond: new Map(),
    byId: new Map(),
    tableBonds: new Map(),
    byIssuer: new Map(),
    byDeal: new Map(),
    market: [],
    hasStateRules: false,
    stateRulesByBond: new Map(),
    builtAt: now.getTime(),
    stamp,
    boundsToken: randomUUID(),
    boundsWritten: null,
    loaded,
  };
  const tables = resolvedTables ?? (await tableBonds(db, tableIdsOf(loaded), isoDate(now)));
  index.tableBonds = tables;
  for (const { sub, targetKey } of loaded) {
    index.byId.set(sub.id, sub);
    if (STATE_KINDS.has(sub.rule.kind)) index.hasStateRules = true;
    if (targetKey.startsWith('deal:')) push(index.byDeal, Number(targetKey.slice(5)), sub);
    else if (sub.target.kind === 'bond') push(index.byBond, sub.target.bondId, sub);
    else if (sub.target.kind === 'issuer') push(index.byIssuer, sub.target.issuerId, sub);
    else if (sub.target.kind === 'table') for (const bondId of tables.get(sub.target.tableId) ?? []) push(index.byBond, bondId, sub);
    else index.market.push(sub);
  }
  return index;
}

/** The rules on one bond: its own, its tables', its issuer's. */
export function rulesOnBond(index: HawkIndex, bondId: number, issuerId: number): IndexedSubscription[] {
  const a = index.byBond.get(bondId);
  const b = index.byIssuer.get(issuerId);
  if (!a) return b ?? [];
  if (!b) return a;
  return [...a, ...b];
}

/**
 * The state rules on one bond, worked out once per index: a live tick reprices every bond, so
 * the same lists are wanted every pass.
 */
export function stateRulesOnBond(index: HawkIndex, bondId: number, issuerId: number): BondStateRules {
  let entry = index.stateRulesByBond.get(bondId);
  if (entry?.issuerId !== issuerId) {
    const subs = rulesOnBond(index, bondId, issuerId).filter((x) => STATE_KINDS.has(x.rule.kind));
    const window = (w: string) => subs.some((x) => x.rule.kind === 'move' && x.rule.window === w);
    entry = { issuerId, subs, bounds: stateBounds(subs.map((x) => x.rule)), intraday: window('intraday'), week: window('1w') };
    index.stateRulesByBond.set(bondId, entry);
  }
  return entry;
}

/** Whether a subscription may fire at `now` (the index is a cache: expiry is checked per firing). */
export function activeAt(sub: IndexedSubscription, nowMs: number): boolean {
  return sub.expiresAt === null || sub.expiresAt > nowMs;
}
