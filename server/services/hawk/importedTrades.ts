/**
 * TRACE imports reach market hawk's trade rules print by print, without costing the import
 * anything per trade. An import records one `trades.imported` event carrying the range of trade
 * ids it wrote (importers/trace.ts); the evaluator turns that event into the same trade events
 * the live simulator writes, reading only the imported trades of bonds that some trade rule
 * watches (their own rules, their tables', their issuers'), so a million-row file with rules on
 * a handful of bonds costs one indexed range scan of those bonds' prints.
 *
 * Prints executed more than IMPORTED_TRADES_MAX_AGE_MS before the pass are not alerted on: a
 * desk back-filling last year's history wants the data, not a year of "trade printed" alerts.
 */
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema';
import type { DomainEvent } from './eventRules';
import type { HawkIndex } from './ruleIndex';

export const IMPORTED_TRADES_MAX_AGE_MS = 7 * 86_400_000;
const TRADE_KINDS = new Set(['tradeSize', 'tradeAway']);

type EventRow = DomainEvent;

/** The bonds and issuers that some trade rule watches. */
function watched(index: HawkIndex): { bonds: number[]; issuers: number[] } {
  const has = (subs: { rule: { kind: string } }[]) => subs.some((s) => TRADE_KINDS.has(s.rule.kind));
  return {
    bonds: [...index.byBond].filter(([, subs]) => has(subs)).map(([id]) => id),
    issuers: [...index.byIssuer].filter(([, subs]) => has(subs)).map(([id]) => id),
  };
}

/**
 * Each `trades.imported` event of `events` expanded into `trade.new`-shaped events (the import
 * event's id and time), for the evaluator's trade loop.
 */
export async function importedTradeEvents(db: Kysely<Database>, index: HawkIndex, events: EventRow[], now: Date): Promise<EventRow[]> {
  const imports = events.filter((e) => e.type === 'trades.imported' && e.payload.firstTradeId != null && e.payload.lastTradeId != null);
  if (imports.length === 0) return [];
  const { bonds, issuers } = watched(index);
  if (bonds.length === 0 && issuers.length === 0) return [];
  const since = new Date(now.getTime() - IMPORTED_TRADES_MAX_AGE_MS);
  const out: EventRow[] = [];
  for (const e of imports) {
    const { rows } = await sql<{
      id: string;
      bond_id: number;
      price: string;
      reported_quantity: string;
      quantity_capped: boolean;
      execution_time: Date;
    }>`
      select t.id, t.bond_id, t.price, t.reported_quantity, t.quantity_capped, t.execution_time
      from trades t join bonds b on b.id = t.bond_id
      where t.id between ${String(e.payload.firstTradeId)}::bigint and ${String(e.payload.lastTradeId)}::bigint
        and t.source = ${String(e.payload.source)} and t.status = 'active' and t.execution_time >= ${since}::timestamptz
        and (t.bond_id = any(${bonds}::int[]) or b.issuer_id = any(${issuers}::int[]))
      order by t.id`.execute(db);
    for (const t of rows) {
      out.push({
        id: e.id,
        type: 'trade.new',
        created_at: e.created_at,
        payload: {
          tradeId: String(t.id),
          bondId: t.bond_id,
          executionTime: new Date(t.execution_time).toISOString(),
          price: Number(t.price),
          quantity: Number(t.reported_quantity),
          quantityCapped: t.quantity_capped,
        },
      });
    }
  }
  return out;
}
