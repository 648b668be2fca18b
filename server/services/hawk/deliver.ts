/**
 * The one place a group of firings leaves market hawk. E-mail is real: queued in the outbox in the
 * evaluator's transaction, with a one-click disable link. In-app and push are recorded 'pending'
 * on the delivery row: the notifications room (server/services/notifications/, being built in
 * parallel) takes them over with one call here —
 *   await createNotifications(trx, [group.userId], { type: 'markethawkalert', category: 'markethawk', payload })
 * — and marks them sent (docs/market-hawk.md, "Delivery").
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { summarizeRule, type HawkChannel, type HawkFrequency, type HawkRule, type HawkTarget } from '../../../common/api/hawk';
import type { Config } from '../../config';
import type { Database } from '../../db/schema';
import type { HawkChannelStates } from '../../db/tables/hawk';
import { appLink, enqueueEmail, renderEmail } from '../accounts/mail';
import { targetLabel } from './subscriptions';

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

export function hashDisableCode(code: string): string {
  return createHash('sha256').update(code).digest('hex');
}

/** A new one-click disable code for one subscription: 256 random bits, only its hash stored. */
export async function newDisableCode(db: Kysely<Database>, subscriptionId: number, now: Date): Promise<string> {
  const code = randomBytes(32).toString('base64url');
  await db
    .insertInto('hawk_disable_codes')
    .values({ code_hash: hashDisableCode(code), subscription_id: subscriptionId, created_at: now })
    .execute();
  return code;
}

/** Delivers one group (one subscription's firings of one pass); records the channels' states. */
export async function deliverFirings(trx: Kysely<Database>, config: Config, group: FiringGroup, now: Date): Promise<void> {
  const states: HawkChannelStates = {};
  let label: string;
  try {
    label = await targetLabel(trx, group.userId, group.target, group.rule);
  } catch {
    label = 'a target no longer available';
  }
  const summary = summarizeRule(group.rule, label, group.frequency);
  for (const channel of group.channels) {
    if (channel !== 'email') {
      states[channel] = 'pending';
      continue;
    }
    const user = await trx.selectFrom('users').select(['email']).where('id', '=', group.userId).executeTakeFirst();
    if (!user?.email) {
      states.email = 'no_address';
      continue;
    }
    const code = await newDisableCode(trx, group.subscriptionId, now);
    const lines = group.firings.slice(0, EMAIL_LINES_MAX).map((f) => (f.label ? `${f.label}: ${f.message}` : f.message));
    if (group.firings.length > EMAIL_LINES_MAX) lines.push(`… and ${group.firings.length - EMAIL_LINES_MAX} more in your alert history.`);
    await enqueueEmail(
      trx,
      renderEmail(config, {
        kind: 'hawk-alert',
        to: user.email,
        subject: `Market hawk: ${summary.length > 120 ? `${summary.slice(0, 117)}…` : summary}`,
        paragraphs: [
          `Your alert fired: ${summary}.`,
          ...lines,
          `History: ${appLink(config, '/bw/alerts/history')}`,
          'Not useful any more? The link below turns this one alert off (you can undo it on that page).',
        ],
        action: { label: 'Disable this alert', url: appLink(config, `/bw/alerts/disable/${code}`) },
      }),
    );
    states.email = 'queued';
  }
  const delivery = await trx
    .insertInto('hawk_deliveries')
    .values({
      user_id: group.userId,
      subscription_id: group.subscriptionId,
      channels: JSON.stringify(states),
      firing_count: group.firings.length,
      created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await trx
    .updateTable('hawk_firings')
    .set({ delivery_id: delivery.id })
    .where(
      'id',
      'in',
      group.firings.map((f) => f.id),
    )
    .execute();
}
