/**
 * The state rules' loosest thresholds kept in the database (hawk_state_bounds), so the read of a
 * reprice ships only the rows of bonds that may trip a rule. At 100,000 bonds a quiet tick spent
 * most of its time packing, receiving and splitting every rewritten row only for the in-process
 * pre-check (stateBounds.ts) to drop nearly all of them.
 *
 * One row per bond with state rules: the bounds of its whole set (its own, its custom tables',
 * its issuer's), as stateRulesOnBond works them out, so the read joins one row by primary key.
 * The SQL test ships every row `mayTrip` passes: price, spreads, their moves and confidence
 * compare the stored numeric with the threshold written as its shortest decimal, which is true
 * whenever the double the evaluator parses is beyond the threshold (rounding is monotone and
 * the threshold's decimal rounds to the threshold), so at most a value within a double's
 * rounding of a threshold is shipped and then dropped in process. Yields, yield moves and
 * volume ratios, converted in the evaluator, compare the state converted in float8 by the same
 * operations (numeric to float8 is correctly rounded, as JavaScript's Number is) — behind a
 * numeric pre-check set a little looser, so nearly no row is converted.
 *
 * The rows belong to one rule index and one state of the bonds' issuers: the stamp is the
 * index's token and max(bonds.updated_at) (an issuer merge or a bond edit moves it). A new stamp
 * rewrites the rows and the stamp in one transaction, and a read whose stamp is not the stored
 * one ships every row (another instance's index, a rewrite not yet committed).
 */
import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { Database } from '../../db/schema';
import { fetchPacked } from '../pricing/packed';
import { type HawkIndex, type LoadedSubscription, STATE_KINDS, stateRulesOnBond, type WrittenBounds } from './ruleIndex';
import type { StateBounds } from './stateBounds';

const COLUMNS: (readonly [string, string])[] = [
  ['bond_id', 'integer'],
  ['always', 'boolean'],
  ...['price', 'g_spread', 't_spread'].flatMap((m) => ['above', 'below', 'move'].map((k) => [`${k}_${m}`, 'numeric'] as const)),
  ...['above_yield', 'below_yield', 'move_yield', 'volume_ratio'].flatMap((c) => [
    [c, 'float8'] as const,
    [`${c}_pre`, 'numeric'] as const,
  ]),
  ['confidence_below', 'float8'],
];

/** A bound as stored: ±Infinity (no rule of that kind) is left out (null), which no comparison passes. */
const finite = (x: number): number | undefined => (Number.isFinite(x) ? x : undefined);

/**
 * How far the numeric pre-checks lie beyond their float8 thresholds: far more than a double's
 * rounding of the conversions (relative 1e-16), far less than a stored digit of the column.
 */
const slack = (x: number) => 1e-9 * Math.max(1, Math.abs(x));

/** One bond's row (stateBounds' METRICS order: price, yield, gSpread, tSpread). */
export function boundsRow(bondId: number, b: StateBounds): Record<string, unknown> {
  const row: Record<string, unknown> = { bond_id: bondId, always: b.always };
  for (const [i, m] of [
    [0, 'price'],
    [2, 'g_spread'],
    [3, 't_spread'],
  ] as const) {
    row[`above_${m}`] = finite(b.above[i]!);
    row[`below_${m}`] = finite(b.below[i]!);
    row[`move_${m}`] = finite(b.move[i]!);
  }
  // yieldPct = ytw × 100, its change in bp = Δytw × 10,000, the volume ratio = 1 + v / 100.
  const pre = (x: number, toColumn: (v: number) => number, sign: 1 | -1) =>
    Number.isFinite(x) ? toColumn(x) - sign * slack(toColumn(x)) : undefined;
  row.above_yield = finite(b.above[1]!);
  row.above_yield_pre = pre(b.above[1]!, (v) => v / 100, 1);
  row.below_yield = finite(b.below[1]!);
  row.below_yield_pre = pre(b.below[1]!, (v) => v / 100, -1);
  row.move_yield = finite(b.move[1]!);
  row.move_yield_pre = pre(b.move[1]!, (v) => v / 10_000, 1);
  row.volume_ratio = finite(b.volumeRatio);
  row.volume_ratio_pre = pre(b.volumeRatio, (v) => (v - 1) * 100, 1);
  row.confidence_below = finite(b.confidenceBelow);
  return row;
}

/** Each bond's id and issuer, packed (fetchPacked). */
const BOND_ISSUERS = sql.raw(`select id::text || E'\\x1f' || issuer_id::text as r from bonds`);

/** The rows of `bonds` (packed id, issuer rows) under an index, as JSON by bond; a bond without state rules has none. */
function rowsOf(index: HawkIndex, bonds: string[][], into: Map<number, string>): Map<number, string> {
  for (const [id, issuer] of bonds) {
    const rules = stateRulesOnBond(index, Number(id), Number(issuer));
    if (rules.subs.length > 0) into.set(Number(id), JSON.stringify(boundsRow(Number(id), rules.bounds)));
    else into.delete(Number(id));
  }
  return into;
}

/** The rows an index stands for, as JSON by bond: every bond with state rules, through its issuer as `bonds` says now. */
async function boundsRows(db: Kysely<Database>, index: HawkIndex): Promise<Map<number, string>> {
  return rowsOf(index, await fetchPacked(db, BOND_ISSUERS), new Map());
}

/** An index's state subscriptions by id: what the rows are worked out from. */
function stateSubscriptions(index: HawkIndex): Map<number, LoadedSubscription> {
  const out = new Map<number, LoadedSubscription>();
  for (const loaded of index.loaded) if (STATE_KINDS.has(loaded.sub.rule.kind)) out.set(loaded.sub.id, loaded);
  return out;
}

/**
 * The rows of the index when the ones written last were worked out under the same bonds: those
 * rows, with only the bonds whose rules may differ worked out again. Those are the targets of
 * every state rule created, edited, paused, resumed, expired or deleted since (its old and new
 * target), and the bonds that joined or left a custom table. After one rule edit at 100,000 bonds
 * this works out a handful of rows where the whole set took ~1.5 s of CPU.
 */
async function rowsSince(
  db: Kysely<Database>,
  index: HawkIndex,
  written: WrittenBounds,
  subs: Map<number, LoadedSubscription>,
): Promise<Map<number, string>> {
  const bonds = new Set<number>();
  const issuers = new Set<number>();
  const touch = ({ sub }: LoadedSubscription, tables: Map<string, number[]>) => {
    const t = sub.target;
    if (t.kind === 'bond') bonds.add(t.bondId);
    else if (t.kind === 'issuer') issuers.add(t.issuerId);
    else if (t.kind === 'table') for (const id of tables.get(t.tableId) ?? []) bonds.add(id);
  };
  for (const [id, was] of written.subs) if (subs.get(id)?.revision !== was.revision) touch(was, written.tables);
  for (const [id, now] of subs) if (written.subs.get(id)?.revision !== now.revision) touch(now, index.tableBonds);
  for (const [tableId, members] of index.tableBonds) {
    const before = new Set(written.tables.get(tableId) ?? []);
    const after = new Set(members);
    for (const id of members) if (!before.has(id)) bonds.add(id);
    for (const id of before) if (!after.has(id)) bonds.add(id);
  }
  const rows = new Map(written.rows);
  if (bonds.size === 0 && issuers.size === 0) return rows;
  const touched = await fetchPacked(
    db,
    sql`${BOND_ISSUERS} where id = any(${[...bonds]}::int[]) or issuer_id = any(${[...issuers]}::int[])`,
  );
  return rowsOf(index, touched, rows);
}

/** Rows written per statement (a JSON parameter each). */
const WRITE_CHUNK = 20_000;

const NAMES = COLUMNS.map(([n]) => n).join(', ');
const UPDATES = COLUMNS.slice(1)
  .map(([n]) => `${n} = excluded.${n}`)
  .join(', ');
const DEFINITION = COLUMNS.map(([n, type]) => `${n} ${type}`).join(', ');

/**
 * Makes the stored bounds those of the index and the bonds' issuers now, unless they already are
 * (one read of two index lookups per pass). A rule created, edited, paused or deleted moves the
 * subscriptions' revision, so the next pass builds a new index and rewrites the bounds before it
 * reads the reprice. When the stored rows are the ones this process wrote last, only the bonds
 * whose bounds differ are written (one rule edited rewrites its bonds, not 100,000); otherwise
 * all of them. Returns the stamp the read must find.
 */
export async function syncStateBounds(db: Kysely<Database>, index: HawkIndex): Promise<string> {
  const { rows } = await sql<{ token: string | null; bonds: string | null }>`
    select (select token from hawk_state_bounds_token) as token, (select max(updated_at)::text from bonds) as bonds`.execute(db);
  const bonds = rows[0]?.bonds ?? '';
  const stamp = `${index.boundsToken}|${bonds}`;
  if (rows[0]?.token === stamp) return stamp;
  const previous = index.boundsWritten;
  const subs = stateSubscriptions(index);
  // A bond edit or an issuer merge can move any bond's issuer: then every row is worked out again.
  const next = previous !== null && previous.bonds === bonds ? await rowsSince(db, index, previous, subs) : await boundsRows(db, index);
  await db.transaction().execute(async (trx) => {
    // The stamp's row is locked first, so what it names is what the table holds while this writes.
    const locked = await sql<{ token: string }>`select token from hawk_state_bounds_token for update`.execute(trx);
    const diff = previous !== null && locked.rows[0]?.token === previous.stamp;
    let write: string[];
    if (diff) {
      const gone = [...previous.rows.keys()].filter((id) => !next.has(id));
      if (gone.length > 0) await sql`delete from hawk_state_bounds where bond_id = any(${gone}::int[])`.execute(trx);
      write = [...next].filter(([id, json]) => previous.rows.get(id) !== json).map(([, json]) => json);
    } else {
      await sql`delete from hawk_state_bounds`.execute(trx);
      write = [...next.values()];
    }
    for (let i = 0; i < write.length; i += WRITE_CHUNK) {
      const json = `[${write.slice(i, i + WRITE_CHUNK).join(',')}]`;
      await sql`insert into hawk_state_bounds (${sql.raw(NAMES)})
        select ${sql.raw(NAMES)} from json_to_recordset(${json}::json) as x(${sql.raw(DEFINITION)})
        on conflict (bond_id) do update set ${sql.raw(UPDATES)}`.execute(trx);
    }
    await sql`update hawk_state_bounds_token set token = ${stamp}`.execute(trx);
  });
  index.boundsWritten = { stamp, rows: next, bonds, subs, tables: index.tableBonds };
  return stamp;
}

/**
 * Whether a row of bond_market_state `s` may trip a rule of its bond (`bb`, its left-joined
 * bounds row): mayTrip (stateBounds.ts) in SQL. A null state or bound makes a comparison null,
 * which does not pass, as in mayTrip; a bond without a row passes nothing.
 */
export const MAY_TRIP_SQL: RawBuilder<boolean> = sql.raw(
  [
    'bb.always',
    ...['price', 'g_spread', 't_spread'].map(
      (m) => `s.${m} > bb.above_${m} or s.${m} < bb.below_${m} or (bb.move_${m} is not null and abs(s.change_${m}) > bb.move_${m})`,
    ),
    '(s.yield_to_worst > bb.above_yield_pre and s.yield_to_worst::float8 * 100::float8 > bb.above_yield)',
    '(s.yield_to_worst < bb.below_yield_pre and s.yield_to_worst::float8 * 100::float8 < bb.below_yield)',
    '(abs(s.change_ytw) > bb.move_yield_pre and abs(s.change_ytw::float8 * 10000::float8) > bb.move_yield)',
    's.confidence::float8 < bb.confidence_below',
    '(s.volume_percent_change > bb.volume_ratio_pre and 1::float8 + s.volume_percent_change::float8 / 100::float8 > bb.volume_ratio)',
  ].join(' or '),
);

/** The join MAY_TRIP_SQL reads, after `bond_market_state s`. */
export const BOUNDS_JOIN: RawBuilder<unknown> = sql.raw('left join hawk_state_bounds bb on bb.bond_id = s.bond_id');
