/**
 * Market-hawk subscriptions: a user's alert rules. The owner's, and readable (`view`) or editable
 * (`edit`) by a colleague holding a live share (services/shares/access.ts), checked on every
 * request; the alerts still go to the owner. Anyone else's id answers 404 like an unknown one (an
 * id is not a secret, but whether it exists is nobody else's business). Targets
 * are checked against what the user may see: an existing bond or issuer, one of their own custom
 * tables, a deal visible to them. Writes are single statements or one transaction: a refusal
 * stores nothing.
 */
import type { Kysely, Selectable } from 'kysely';
import { sql } from 'kysely';
import {
  HAWK_LIMITS,
  HAWK_SUBSCRIPTIONS_PER_USER_MAX,
  hawkRuleProblems,
  summarizeRule,
  type HawkRule,
  type HawkSubscription,
  type HawkSubscriptionCreateBody,
  type HawkSubscriptionUpdateBody,
  type HawkTarget,
  hawkSubscriptionCreateBodySchema,
} from '../../../common/api/hawk';
import type { Database } from '../../db/schema';
import type { HawkSubscriptionsTable } from '../../db/tables/hawk';
import { ServiceRefusal, unknownIssuer } from '../refusal';
import { bodyRefusal } from '../../../common/api/shared';
import type { Config } from '../../config';
import { featuresOfUser } from '../accounts/features';
import { assertRuleReadable } from './gatedRules';
import type { SharedWithCaller, SharePermission } from '../../../common/api/shares';
import { auditSharedEdit, deleteSharesOf, ownerOrShareHolder, sharedWithUser } from '../shares/access';
import { canReadSharedItem } from '../../policies/sharedItems';

type Row = Selectable<HawkSubscriptionsTable>;
/** A write's new revision (the evaluators' index reloads when it moves). */
export const NEXT_REVISION = sql<string>`nextval('hawk_revision_seq')`;
type Parsed = ReturnType<typeof hawkSubscriptionCreateBodySchema.parse>;

/** The key the evaluator indexes a subscription by (a dealStatus rule on one deal: that deal). */
/**
 * An issuer merge (reference/issuerMerge.ts, in its transaction): rules that target the duplicate
 * issuer follow its bonds to the survivor, with a new revision so every evaluator reloads them.
 * Returns how many moved.
 */
export async function moveIssuerSubscriptions(trx: Kysely<Database>, fromIssuerId: number, toIssuerId: number): Promise<number> {
  const moved = await trx
    .updateTable('hawk_subscriptions')
    .set({
      target: sql`jsonb_set(target, '{issuerId}', to_jsonb(${toIssuerId}::int))`,
      target_key: `issuer:${toIssuerId}`,
      revision: NEXT_REVISION,
    })
    .where('target_key', '=', `issuer:${fromIssuerId}`)
    .returning('id')
    .execute();
  return moved.length;
}

export function targetKeyOf(rule: HawkRule, target: HawkTarget): string {
  if (rule.kind === 'dealStatus' && rule.dealId !== null && target.kind === 'market') return `deal:${rule.dealId}`;
  switch (target.kind) {
    case 'bond':
      return `bond:${target.bondId}`;
    case 'issuer':
      return `issuer:${target.issuerId}`;
    case 'table':
      return `table:${target.tableId}`;
    case 'market':
      return 'market';
  }
}

/** A readable name of a target, or a refusal naming the field when the user cannot see it. */
export async function targetLabel(db: Kysely<Database>, userId: string, target: HawkTarget, rule?: HawkRule): Promise<string> {
  if (rule?.kind === 'dealStatus' && rule.dealId !== null) {
    const deal = await sql<{ ticker: string }>`
      select i.ticker from deals d join issuers i on i.id = d.issuer_id
      left join users u on u.id = ${userId}
      where d.id = ${rule.dealId} and (d.created_by is null or d.created_by = ${userId}
        or (d.organization_id is not null and d.organization_id = u.organization_id))`.execute(db);
    if (!deal.rows[0])
      throw new ServiceRefusal('invalid', bodyRefusal('rule.dealId', `is unknown: there is no deal ${rule.dealId} you can see`));
    if (target.kind === 'market') return `${deal.rows[0].ticker} deal #${rule.dealId}`;
  }
  switch (target.kind) {
    case 'bond': {
      const bond = await db.selectFrom('bonds').select(['description', 'cusip']).where('id', '=', target.bondId).executeTakeFirst();
      if (!bond) throw new ServiceRefusal('invalid', bodyRefusal('target.bondId', `is unknown: there is no bond ${target.bondId}`));
      return bond.description;
    }
    case 'issuer': {
      const issuer = await db.selectFrom('issuers').select(['display_name']).where('id', '=', target.issuerId).executeTakeFirst();
      if (!issuer) throw new ServiceRefusal('invalid', bodyRefusal('target.issuerId', unknownIssuer(target.issuerId)));
      return issuer.display_name;
    }
    case 'table': {
      const table = await db
        .selectFrom('bond_tables')
        .select(['name'])
        .where('id', '=', target.tableId)
        .where('owner_id', '=', userId)
        .executeTakeFirst();
      if (!table) throw new ServiceRefusal('invalid', bodyRefusal('target.tableId', 'is unknown: it is not one of your custom tables'));
      return table.name;
    }
    case 'market':
      return 'the market';
  }
}

function iso(d: Date | string | null): string | null {
  return d === null ? null : new Date(d).toISOString();
}

async function present(db: Kysely<Database>, row: Row, shared?: SharedWithCaller): Promise<HawkSubscription> {
  let label: string;
  try {
    label = await targetLabel(db, row.user_id, row.target, row.rule);
  } catch {
    label = 'a target no longer available';
  }
  return {
    ...(shared ? { shared } : {}),
    id: row.id,
    name: row.name,
    template: row.template,
    rule: row.rule,
    target: row.target,
    targetLabel: label,
    summary: summarizeRule(row.rule, label, row.frequency),
    frequency: row.frequency,
    expiresAt: iso(row.expires_at),
    channels: row.channels,
    paused: row.paused,
    disabledAt: iso(row.disabled_at),
    lastFiredAt: iso(row.last_fired_at),
    createdAt: iso(row.created_at)!,
    updatedAt: iso(row.updated_at)!,
  };
}

function checkExpiry(expiresAt: string | null, now: Date): void {
  if (expiresAt === null) return;
  const at = Date.parse(expiresAt);
  if (at <= now.getTime()) throw new ServiceRefusal('invalid', bodyRefusal('expiresAt', 'must be in the future'));
  if (at > now.getTime() + HAWK_LIMITS.expiryDays * 86_400_000) {
    throw new ServiceRefusal('invalid', bodyRefusal('expiresAt', `must be at most ${HAWK_LIMITS.expiryDays} days ahead`));
  }
}

/** A subscription the caller owns or holds a live share of allowing `need`; 404 otherwise (403 a viewer editing). */
function accessibleRow(
  db: Kysely<Database>,
  userId: string,
  id: number,
  need: SharePermission,
): Promise<{ row: Row; shared?: SharedWithCaller }> {
  return ownerOrShareHolder(db, 'hawk_subscription', id, userId, need, () => new ServiceRefusal('not found', 'No such subscription'));
}

/** The caller's subscriptions and those shared with them, newest first. */
export async function listSubscriptions(db: Kysely<Database>, userId: string): Promise<HawkSubscription[]> {
  const shared = await sharedWithUser(db, 'hawk_subscription', userId);
  const grants = new Map(shared.map((s) => [s.itemId, s]));
  const grantOf = (r: Row) => {
    const g = grants.get(String(r.id));
    return g && g.ownerId === r.user_id ? g.grant : undefined;
  };
  const rows = await db
    .selectFrom('hawk_subscriptions')
    .selectAll()
    .where((eb) =>
      eb.or([
        eb('user_id', '=', userId),
        ...(shared.length
          ? [
              eb(
                'id',
                'in',
                shared.map((s) => Number(s.itemId)),
              ),
            ]
          : []),
      ]),
    )
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return Promise.all(
    rows
      .filter((r) => canReadSharedItem(userId, { ownerId: r.user_id }, grantOf(r)))
      .map((r) => present(db, r, r.user_id === userId ? undefined : grantOf(r))),
  );
}

export async function getSubscription(db: Kysely<Database>, userId: string, id: number): Promise<HawkSubscription> {
  const { row, shared } = await accessibleRow(db, userId, id, 'view');
  return present(db, row, shared);
}

/** Creates a subscription; refuses past the per-user limit (counted under a lock on the user's row). */
export async function createSubscription(
  db: Kysely<Database>,
  config: Config,
  userId: string,
  body: HawkSubscriptionCreateBody,
  now: Date,
): Promise<HawkSubscription> {
  const b: Parsed = hawkSubscriptionCreateBodySchema.parse(body);
  checkExpiry(b.expiresAt, now);
  assertRuleReadable(b.rule, await featuresOfUser(db, config, userId));
  await targetLabel(db, userId, b.target, b.rule);
  const row = await db.transaction().execute(async (trx) => {
    await sql`select id from users where id = ${userId} for update`.execute(trx);
    const count = await trx
      .selectFrom('hawk_subscriptions')
      .select((e) => e.fn.countAll<string>().as('n'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    if (Number(count.n) >= HAWK_SUBSCRIPTIONS_PER_USER_MAX) {
      throw new ServiceRefusal(
        'conflict',
        `You have ${HAWK_SUBSCRIPTIONS_PER_USER_MAX} alert subscriptions, the most one user may keep: delete one first`,
      );
    }
    return trx
      .insertInto('hawk_subscriptions')
      .values({
        user_id: userId,
        name: b.name,
        template: b.template,
        kind: b.rule.kind,
        rule: JSON.stringify(b.rule),
        target: JSON.stringify(b.target),
        target_key: targetKeyOf(b.rule, b.target),
        frequency: JSON.stringify(b.frequency),
        expires_at: b.expiresAt,
        channels: JSON.stringify(b.channels),
        paused: b.paused,
        created_at: now,
        updated_at: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  });
  return present(db, row);
}

/** Edits any subset; a changed rule or target is checked against the other as stored. Editing re-arms a disabled rule. */
export async function updateSubscription(
  db: Kysely<Database>,
  config: Config,
  userId: string,
  id: number,
  body: HawkSubscriptionUpdateBody,
  now: Date,
): Promise<HawkSubscription> {
  const { row, shared } = await accessibleRow(db, userId, id, 'edit');
  // Targets are checked against what the owner may see: the alerts are theirs.
  const ownerId = row.user_id;
  const rule = (body.rule ?? row.rule) as HawkRule;
  const target = body.target ?? row.target;
  const problems = hawkRuleProblems(rule, target);
  if (problems.length > 0) throw new ServiceRefusal('invalid', bodyRefusal(problems[0]![0], problems[0]![1]));
  // The alerts are the owner's: what they may read decides (an editor's features do not widen it).
  if (body.rule) assertRuleReadable(rule, await featuresOfUser(db, config, ownerId));
  if (body.expiresAt !== undefined) checkExpiry(body.expiresAt, now);
  if (body.rule || body.target) await targetLabel(db, ownerId, target, rule);
  const changesRule = body.rule !== undefined || body.target !== undefined || body.frequency !== undefined;
  const updated = await db.transaction().execute(async (trx) => {
    const saved = await trx
      .updateTable('hawk_subscriptions')
      .set({
        ...(body.name !== undefined ? { name: body.name?.trim() || null } : {}),
        ...(body.rule ? { rule: JSON.stringify(rule), kind: rule.kind } : {}),
        ...(body.target ? { target: JSON.stringify(target) } : {}),
        ...(body.rule || body.target ? { target_key: targetKeyOf(rule, target) } : {}),
        ...(body.frequency ? { frequency: JSON.stringify(body.frequency) } : {}),
        ...(body.expiresAt !== undefined ? { expires_at: body.expiresAt } : {}),
        ...(body.channels ? { channels: JSON.stringify(body.channels) } : {}),
        ...(body.paused !== undefined ? { paused: body.paused } : {}),
        ...(changesRule ? { disabled_at: null, primed: false } : {}),
        revision: NEXT_REVISION,
        updated_at: now,
      })
      .where('id', '=', id)
      .where('user_id', '=', ownerId)
      .returningAll()
      .executeTakeFirstOrThrow();
    if (shared)
      await auditSharedEdit(trx, { actorUserId: userId, kind: 'hawk_subscription', itemId: id, ownerId, changed: Object.keys(body) });
    return saved;
  });
  return present(db, updated, shared);
}

export async function deleteSubscription(db: Kysely<Database>, userId: string, id: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const result = await trx.deleteFrom('hawk_subscriptions').where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
    if (Number(result.numDeletedRows) === 0) throw new ServiceRefusal('not found', 'No such subscription');
    await deleteSharesOf(trx, 'hawk_subscription', id);
  });
}
