/**
 * The caller's firings (the alert history page), and the e-mails' one-click disable codes: public,
 * single-purpose (each disables the one subscription it was made for), usable once, with one undo.
 */
import { type Kysely, sql } from 'kysely';
import {
  summarizeRule,
  type HawkChannel,
  type HawkDisableResult,
  type HawkFiring,
  type HawkRule,
  type HawkTarget,
} from '../../../common/api/hawk';
import type { Database } from '../../db/schema';
import { ServiceRefusal } from '../refusal';
import { hashDisableCode } from './deliver';
import { NEXT_REVISION, targetLabel } from './subscriptions';

export interface FiringFilters {
  subscriptionId?: number | undefined;
  bondId?: number | undefined;
  issuerId?: number | undefined;
  from?: string | undefined;
  to?: string | undefined;
  limit: number;
}

async function labelled(db: Kysely<Database>, userId: string, rule: HawkRule, target: HawkTarget): Promise<string> {
  try {
    return summarizeRule(rule, await targetLabel(db, userId, target, rule));
  } catch {
    return summarizeRule(rule, 'a target no longer available');
  }
}

/** The caller's firings, newest first, filtered; dates are New York calendar days, inclusive. */
export async function listFirings(db: Kysely<Database>, userId: string, f: FiringFilters): Promise<HawkFiring[]> {
  const rows = await sql<{
    id: string;
    subscription_id: number;
    kind: HawkFiring['kind'];
    bond_id: number | null;
    cusip: string | null;
    issuer_id: number | null;
    ticker: string | null;
    deal_id: number | null;
    message: string;
    vals: Record<string, unknown>;
    fired_at: Date;
    channels: Record<string, string> | null;
    rule: HawkRule;
    target: HawkTarget;
  }>`
    select f.id, f.subscription_id, f.kind, f.bond_id, b.cusip, f.issuer_id, i.ticker, f.deal_id, f.message, f.vals, f.fired_at,
      d.channels, s.rule, s.target
    from hawk_firings f
    join hawk_subscriptions s on s.id = f.subscription_id
    left join bonds b on b.id = f.bond_id
    left join issuers i on i.id = f.issuer_id
    left join hawk_deliveries d on d.id = f.delivery_id
    where f.user_id = ${userId}
      and (${f.subscriptionId ?? null}::int is null or f.subscription_id = ${f.subscriptionId ?? null}::int)
      and (${f.bondId ?? null}::int is null or f.bond_id = ${f.bondId ?? null}::int)
      and (${f.issuerId ?? null}::int is null or f.issuer_id = ${f.issuerId ?? null}::int)
      and (${f.from ?? null}::date is null or (f.fired_at at time zone 'America/New_York')::date >= ${f.from ?? null}::date)
      and (${f.to ?? null}::date is null or (f.fired_at at time zone 'America/New_York')::date <= ${f.to ?? null}::date)
    order by f.fired_at desc, f.id desc
    limit ${f.limit}`.execute(db);
  const summaries = new Map<number, string>();
  for (const r of rows.rows) {
    if (!summaries.has(r.subscription_id)) summaries.set(r.subscription_id, await labelled(db, userId, r.rule, r.target));
  }
  return rows.rows.map((r) => ({
    id: String(r.id),
    subscriptionId: r.subscription_id,
    summary: summaries.get(r.subscription_id)!,
    kind: r.kind,
    bondId: r.bond_id,
    cusip: r.cusip,
    issuerId: r.issuer_id,
    ticker: r.ticker,
    dealId: r.deal_id,
    message: r.message,
    values: r.vals,
    firedAt: new Date(r.fired_at).toISOString(),
    channels: Object.keys(r.channels ?? {}) as HawkChannel[],
  }));
}

const UNKNOWN = 'This disable link is unknown: check that the whole link was opened, or manage your alerts after signing in';

async function codeRow(db: Kysely<Database>, code: string) {
  const row = await db
    .selectFrom('hawk_disable_codes as c')
    .innerJoin('hawk_subscriptions as s', 's.id', 'c.subscription_id')
    .select(['c.code_hash', 'c.used_at', 'c.undone_at', 's.id', 's.user_id', 's.rule', 's.target', 's.frequency'])
    .where('c.code_hash', '=', hashDisableCode(code))
    .executeTakeFirst();
  if (!row) throw new ServiceRefusal('not found', UNKNOWN);
  return row;
}

async function summaryOf(db: Kysely<Database>, row: Awaited<ReturnType<typeof codeRow>>): Promise<string> {
  try {
    return summarizeRule(row.rule, await targetLabel(db, row.user_id, row.target, row.rule), row.frequency);
  } catch {
    return summarizeRule(row.rule, 'a target no longer available', row.frequency);
  }
}

/** The one-click disable: turns off the code's subscription; a used code is refused. */
export async function disableByCode(db: Kysely<Database>, code: string, now: Date): Promise<HawkDisableResult> {
  const row = await codeRow(db, code);
  const taken = await db.transaction().execute(async (trx) => {
    const used = await trx
      .updateTable('hawk_disable_codes')
      .set({ used_at: now })
      .where('code_hash', '=', row.code_hash)
      .where('used_at', 'is', null)
      .returning('code_hash')
      .executeTakeFirst();
    if (!used) return false;
    await trx
      .updateTable('hawk_subscriptions')
      .set({ disabled_at: now, updated_at: now, revision: NEXT_REVISION })
      .where('id', '=', row.id)
      .execute();
    return true;
  });
  if (!taken) throw new ServiceRefusal('conflict', 'This disable link was already used: the alert is off unless you turned it back on');
  return { subscriptionId: row.id, summary: await summaryOf(db, row), disabled: true };
}

/** Undo of a used code, once: the subscription is on again. */
export async function undoDisableByCode(db: Kysely<Database>, code: string, now: Date): Promise<HawkDisableResult> {
  const row = await codeRow(db, code);
  if (!row.used_at) throw new ServiceRefusal('conflict', 'This link has not disabled anything yet: nothing to undo');
  const taken = await db.transaction().execute(async (trx) => {
    const undone = await trx
      .updateTable('hawk_disable_codes')
      .set({ undone_at: now })
      .where('code_hash', '=', row.code_hash)
      .where('undone_at', 'is', null)
      .returning('code_hash')
      .executeTakeFirst();
    if (!undone) return false;
    await trx
      .updateTable('hawk_subscriptions')
      .set({ disabled_at: null, updated_at: now, revision: NEXT_REVISION })
      .where('id', '=', row.id)
      .execute();
    return true;
  });
  if (!taken) throw new ServiceRefusal('conflict', 'This undo was already used: the alert is on');
  return { subscriptionId: row.id, summary: await summaryOf(db, row), disabled: false };
}
