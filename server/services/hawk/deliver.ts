/**
 * The one place firings leave market hawk: `deliverFirings(trx, config, groups, now)`, called once
 * per evaluation pass with every group (one subscription's firings of one issuer). E-mail is
 * queued in the outbox in the evaluator's transaction, with a one-click disable link. In-app and
 * push are one `markethawkalert` notification per group (server/services/notifications/), made in
 * the same transaction: the long-poll delivers it to open tabs (a toast that opens the bond or the
 * alert history) and the push job to the user's browsers when they turned browser notifications
 * on (docs/market-hawk.md, "Delivery"). E-mail is batched: a pass that fires thousands of alerts
 * costs a handful of statements for it, and the notifications of every group with in-app or push
 * one more (per thousand).
 */
import { createHash, randomBytes } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import { summarizeRule, type HawkChannel, type HawkFrequency, type HawkRule, type HawkTarget } from '../../../common/api/hawk';
import type { Config } from '../../config';
import type { Database } from '../../db/schema';
import type { HawkChannelStates } from '../../db/tables/hawk';
import { appLink, renderEmail } from '../accounts/mail';
import { createNotificationBatch, type NotificationItem } from '../notifications/notifications';

export interface FiringGroup {
  subscriptionId: number;
  userId: string;
  rule: HawkRule;
  target: HawkTarget;
  frequency: HawkFrequency;
  channels: HawkChannel[];
  firings: { id: string; message: string; label: string | null }[];
}

/** Lines of one e-mail at most (the count says how many more). */
const EMAIL_LINES_MAX = 20;
const CHUNK = 1000;

export function hashDisableCode(code: string): string {
  return createHash('sha256').update(code).digest('hex');
}

const chunks = <T>(xs: T[]): T[][] => Array.from({ length: Math.ceil(xs.length / CHUNK) }, (_, k) => xs.slice(k * CHUNK, (k + 1) * CHUNK));

/** Readable target names of many subscriptions in four queries (what the sentence names). */
async function targetLabels(db: Kysely<Database>, groups: FiringGroup[]): Promise<Map<number, string>> {
  const ids = (kind: HawkTarget['kind']) => [
    ...new Set(
      groups.flatMap((g) =>
        g.target.kind === kind
          ? [(g.target as { bondId?: number; issuerId?: number }).bondId ?? (g.target as { issuerId?: number }).issuerId!]
          : [],
      ),
    ),
  ];
  const bondIds = ids('bond');
  const issuerIds = ids('issuer');
  const tableIds = [...new Set(groups.flatMap((g) => (g.target.kind === 'table' ? [g.target.tableId] : [])))];
  const dealIds = [...new Set(groups.flatMap((g) => (g.rule.kind === 'dealStatus' && g.rule.dealId !== null ? [g.rule.dealId] : [])))];
  const [bonds, issuers, tables, deals] = await Promise.all([
    bondIds.length ? db.selectFrom('bonds').select(['id', 'description']).where('id', 'in', bondIds).execute() : [],
    issuerIds.length ? db.selectFrom('issuers').select(['id', 'display_name']).where('id', 'in', issuerIds).execute() : [],
    tableIds.length ? db.selectFrom('bond_tables').select(['id', 'owner_id', 'name']).where('id', 'in', tableIds).execute() : [],
    dealIds.length
      ? db
          .selectFrom('deals')
          .innerJoin('issuers', 'issuers.id', 'deals.issuer_id')
          .select(['deals.id', 'issuers.ticker'])
          .where('deals.id', 'in', dealIds)
          .execute()
      : [],
  ]);
  const bondName = new Map(bonds.map((b) => [b.id, b.description]));
  const issuerName = new Map(issuers.map((i) => [i.id, i.display_name]));
  const tableName = new Map(tables.map((t) => [t.id, t]));
  const dealName = new Map(deals.map((d) => [d.id, `${d.ticker} deal #${d.id}`]));
  const gone = 'a target no longer available';
  const out = new Map<number, string>();
  for (const g of groups) {
    const t = g.target;
    let label: string | undefined;
    if (g.rule.kind === 'dealStatus' && g.rule.dealId !== null && t.kind === 'market') label = dealName.get(g.rule.dealId);
    else if (t.kind === 'bond') label = bondName.get(t.bondId);
    else if (t.kind === 'issuer') label = issuerName.get(t.issuerId);
    else if (t.kind === 'table') label = tableName.get(t.tableId)?.owner_id === g.userId ? tableName.get(t.tableId)!.name : undefined;
    else label = 'the market';
    out.set(g.subscriptionId, label ?? gone);
  }
  return out;
}

/** Delivers every group of a pass; records each delivery with its channels' states. */
export async function deliverFirings(trx: Kysely<Database>, config: Config, groups: FiringGroup[], now: Date): Promise<void> {
  if (groups.length === 0) return;
  const labels = await targetLabels(trx, groups);
  const mailTo = [...new Set(groups.filter((g) => g.channels.includes('email')).map((g) => g.userId))];
  const addresses = new Map(
    mailTo.length
      ? (await trx.selectFrom('users').select(['id', 'email']).where('id', 'in', mailTo).execute()).map((u) => [u.id, u.email])
      : [],
  );
  const codes: { code_hash: string; subscription_id: number; created_at: Date }[] = [];
  const emails: { kind: string; to_address: string; subject: string; text_body: string; html_body: string }[] = [];
  const states: HawkChannelStates[] = [];
  const notifications: NotificationItem[] = [];
  for (const g of groups) {
    const summary = summarizeRule(g.rule, labels.get(g.subscriptionId)!, g.frequency);
    const state: HawkChannelStates = {};
    const inApp = g.channels.filter((c) => c !== 'email');
    if (inApp.length > 0) {
      const first = g.firings[0];
      const bondId = (g.target as { bondId?: number }).bondId;
      notifications.push({
        userId: g.userId,
        type: 'markethawkalert',
        category: 'markethawk',
        at: now,
        payload: {
          subscriptionId: g.subscriptionId,
          title: summary,
          text: first
            ? `${first.label ? `${first.label}: ` : ''}${first.message}${g.firings.length > 1 ? ` (+${g.firings.length - 1} more)` : ''}`
            : summary,
          firings: g.firings.length,
          ...(bondId ? { bondId } : {}),
        },
      });
      // The notification is committed with the firings; push follows it for browsers that allow it.
      for (const c of inApp) state[c] = c === 'in_app' ? 'sent' : 'queued';
    }
    for (const channel of g.channels) {
      if (channel !== 'email') continue;
      const to = addresses.get(g.userId);
      if (!to) {
        state.email = 'no_address';
        continue;
      }
      const code = randomBytes(32).toString('base64url');
      codes.push({ code_hash: hashDisableCode(code), subscription_id: g.subscriptionId, created_at: now });
      const lines = g.firings.slice(0, EMAIL_LINES_MAX).map((f) => (f.label ? `${f.label}: ${f.message}` : f.message));
      if (g.firings.length > EMAIL_LINES_MAX) lines.push(`… and ${g.firings.length - EMAIL_LINES_MAX} more in your alert history.`);
      const email = renderEmail(config, {
        kind: 'hawk-alert',
        to,
        subject: `Market hawk: ${summary.length > 120 ? `${summary.slice(0, 117)}…` : summary}`,
        paragraphs: [
          `Your alert fired: ${summary}.`,
          ...lines,
          `History: ${appLink(config, '/bw/alerts/history')}`,
          'Not useful any more? The link below turns this one alert off (you can undo it on that page).',
        ],
        action: { label: 'Disable this alert', url: appLink(config, `/bw/alerts/disable/${code}`) },
      });
      emails.push({ kind: email.kind, to_address: email.to, subject: email.subject, text_body: email.text, html_body: email.html });
      state.email = 'queued';
    }
    states.push(state);
  }
  // One notification per group with in-app or push, all in one statement and one event.
  await createNotificationBatch(trx, notifications);
  for (const c of chunks(codes)) await trx.insertInto('hawk_disable_codes').values(c).execute();
  // The outbox (server/services/accounts/mail.ts): the outbox job sends what this transaction commits.
  for (const c of chunks(emails)) await trx.insertInto('email_outbox').values(c).execute();
  // Delivery ids first, so firings can point at their delivery in one statement.
  const ids = (
    await sql<{
      id: string;
    }>`select nextval(pg_get_serial_sequence('hawk_deliveries', 'id'))::text as id from generate_series(1, ${groups.length})`.execute(trx)
  ).rows.map((r) => r.id);
  for (let k = 0; k < groups.length; k += CHUNK) {
    const part = groups.slice(k, k + CHUNK);
    const partIds = ids.slice(k, k + CHUNK);
    await sql`insert into hawk_deliveries (id, user_id, subscription_id, channels, firing_count, created_at) overriding system value
      select * from unnest(${partIds}::bigint[], ${part.map((g) => g.userId)}::text[], ${part.map((g) => g.subscriptionId)}::int[],
        ${part.map((_, j) => JSON.stringify(states[k + j]))}::jsonb[], ${part.map((g) => g.firings.length)}::int[], ${part.map(() => now)}::timestamptz[])`.execute(
      trx,
    );
    const firingIds = part.flatMap((g) => g.firings.map((f) => f.id));
    const deliveryOf = part.flatMap((g, j) => g.firings.map(() => partIds[j]!));
    await sql`update hawk_firings f set delivery_id = v.d from unnest(${firingIds}::bigint[], ${deliveryOf}::bigint[]) as v(id, d)
      where f.id = v.id`.execute(trx);
  }
}
