import type { OnboardingQueue } from '@common/api/adminOnboarding';
import type { Kysely } from 'kysely';
import type { Config } from '../../config';
import type { Database } from '../../db/schema';
import { ServiceRefusal } from '../refusal';
import { bodyRefusal } from '../../../common/api/shared';
import { sessionsChanged } from './liveSessions';
import { appLink, enqueueEmail, renderEmail } from './mail';
import { revokeAllSessions } from './sessions';
import { type AdminActor, changeUser } from './userAdminActions';
import type { UserRow } from './users';

const QUEUE_PAGE = 200;

/** Sign-ups waiting for an admin, oldest first (the first 200, and how many wait). */
export async function onboardingQueue(db: Kysely<Database>): Promise<OnboardingQueue> {
  const pending = db.selectFrom('users').where('onboarding', '=', 'pending');
  const [rows, count] = await Promise.all([
    pending.select(['id', 'email', 'name', 'created_at', 'version']).orderBy('created_at').orderBy('id').limit(QUEUE_PAGE).execute(),
    pending.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return {
    people: rows.map((r) => ({
      id: r.id,
      email: r.email,
      name: r.name,
      domain: r.email.slice(r.email.lastIndexOf('@') + 1),
      signedUpAt: r.created_at.toISOString(),
      version: r.version,
    })),
    total: Number(count.n),
  };
}

const waiting = (row: UserRow) => {
  if (row.onboarding !== 'pending')
    throw new ServiceRefusal('conflict', `This sign-up is no longer waiting (${row.onboarding ?? 'never queued'})`);
};

/** Approves a sign-up as it is (no organisation). */
export async function approveSignup(db: Kysely<Database>, actor: AdminActor, userId: string, version: number, now: Date): Promise<void> {
  await changeUser(db, actor, userId, version, 'onboarding.approve', now, async (trx, row) => {
    waiting(row);
    await trx
      .updateTable('users')
      .set({ onboarding: 'approved', onboarded_at: now, onboarded_by: actor.userId })
      .where('id', '=', userId)
      .execute();
    return { before: { onboarding: 'pending' }, after: { onboarding: 'approved' } };
  });
}

/** Puts a sign-up in an organisation (its subscription then covers them) and e-mails them. */
export async function assignSignup(
  db: Kysely<Database>,
  config: Config,
  actor: AdminActor,
  userId: string,
  version: number,
  organizationId: string,
  now: Date,
): Promise<void> {
  await changeUser(db, actor, userId, version, 'onboarding.assign', now, async (trx, row) => {
    waiting(row);
    const org = await trx.selectFrom('organizations').select(['id', 'name']).where('id', '=', organizationId).executeTakeFirst();
    if (!org)
      throw new ServiceRefusal('not found', bodyRefusal('organizationId', `is unknown: there is no organisation ${organizationId}`));
    await trx
      .updateTable('users')
      .set({ onboarding: 'approved', onboarded_at: now, onboarded_by: actor.userId, organization_id: org.id })
      .where('id', '=', userId)
      .execute();
    await enqueueEmail(
      trx,
      renderEmail(config, {
        kind: 'onboarding-assigned',
        to: row.email,
        subject: 'Your Bondwise account is ready',
        paragraphs: [`Your Bondwise account has been approved as a member of ${org.name}.`],
        action: { label: 'Sign in', url: appLink(config, '/bw/login') },
      }),
      now,
    );
    return {
      before: { onboarding: 'pending', organizationId: row.organization_id },
      after: { onboarding: 'approved', organizationId: org.id },
    };
  });
}

/**
 * Rejects a sign-up: the account is locked (sessions end, no sign-in works) and the person is
 * e-mailed the admin's message as plain text. The message is audited, as it was sent.
 */
export async function rejectSignup(
  db: Kysely<Database>,
  config: Config,
  actor: AdminActor,
  userId: string,
  version: number,
  message: string,
  now: Date,
): Promise<void> {
  await changeUser(db, actor, userId, version, 'onboarding.reject', now, async (trx, row) => {
    waiting(row);
    await trx
      .updateTable('users')
      .set({ onboarding: 'rejected', onboarded_at: now, onboarded_by: actor.userId, locked_at: now, locked_by: actor.userId })
      .where('id', '=', userId)
      .execute();
    await revokeAllSessions(trx, userId, now);
    await enqueueEmail(
      trx,
      renderEmail(config, {
        kind: 'onboarding-rejected',
        to: row.email,
        subject: 'Your Bondwise sign-up',
        paragraphs: [
          'We could not approve your Bondwise account. The message from our team:',
          message,
          `To discuss it, reply to ${config.supportEmail}.`,
        ],
      }),
      now,
    );
    return { before: { onboarding: 'pending', locked: row.locked_at !== null }, after: { onboarding: 'rejected', locked: true, message } };
  });
  sessionsChanged();
}
