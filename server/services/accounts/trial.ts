import type { Trial } from '@common/api/accounts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { HttpError, unauthorized } from '../../plugins/errors';

/** Days before the end at which a trial counts as ending. */
export const TRIAL_ENDING_DAYS = 3;
const DAY_MS = 24 * 3600 * 1000;

export interface TrialFacts {
  is_admin: boolean;
  isEmployee: boolean;
  orgSubscribed: boolean;
  trial_started_at: Date | null;
  trial_ends_at: Date | null;
  trial_extended_until: Date | null;
}

/**
 * Trial state (spec §3): null for subscribed organisations, admins and employees; otherwise
 * trialExtension while an admin extension runs, trialEnded after the end, trialEnding within
 * 3 days of it, trial before.
 */
export function trialOf(f: TrialFacts, now = new Date()): Trial {
  const iso = (d: Date | null) => (d ? d.toISOString() : null);
  const base = { startedAt: iso(f.trial_started_at), endsAt: iso(f.trial_ends_at), extendedUntil: iso(f.trial_extended_until) };
  if (f.is_admin || f.isEmployee || f.orgSubscribed || !f.trial_ends_at) return { state: null, ...base, daysLeft: null };
  const daysUntil = (d: Date) => Math.max(0, Math.ceil((d.getTime() - now.getTime()) / DAY_MS));
  if (f.trial_extended_until && f.trial_extended_until > now && f.trial_ends_at <= now) {
    return { state: 'trialExtension', ...base, daysLeft: daysUntil(f.trial_extended_until) };
  }
  if (f.trial_ends_at <= now) return { state: 'trialEnded', ...base, daysLeft: 0 };
  const left = daysUntil(f.trial_ends_at);
  return { state: left <= TRIAL_ENDING_DAYS ? 'trialEnding' : 'trial', ...base, daysLeft: left };
}

/** True when the e-mail belongs to one of the operator's own domains. */
export function isEmployeeEmail(email: string, employeeDomains: string[]): boolean {
  const domain = email.slice(email.lastIndexOf('@') + 1).toLowerCase();
  return employeeDomains.some((d) => domain === d || domain.endsWith(`.${d}`));
}

/**
 * preHandler for market-data endpoints (other engineers' routes): 401 without a session, 402
 * when the caller's trial has ended. What an ended trial still may do: sign in and out, see and
 * edit the profile, preferences, second factors and terms, read help and the blog.
 */
export async function requireActiveSubscription(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
  if (!request.auth) throw unauthorized();
  const { db, config } = request.server;
  const row = await db
    .selectFrom('users')
    .leftJoin('organizations', 'organizations.id', 'users.organization_id')
    .select([
      'users.email',
      'users.is_admin',
      'users.trial_started_at',
      'users.trial_ends_at',
      'users.trial_extended_until',
      'organizations.subscribed',
    ])
    .where('users.id', '=', request.auth.userId)
    .executeTakeFirst();
  if (!row) throw unauthorized('Your account no longer exists; please sign in again');
  const trial = trialOf({
    is_admin: row.is_admin,
    isEmployee: isEmployeeEmail(row.email, config.employeeEmailDomains),
    orgSubscribed: row.subscribed === true,
    trial_started_at: row.trial_started_at,
    trial_ends_at: row.trial_ends_at,
    trial_extended_until: row.trial_extended_until,
  });
  if (trial.state === 'trialEnded') {
    throw new HttpError(
      402,
      `Your trial has ended. Contact ${config.supportEmail} to subscribe; your profile and settings remain available.`,
    );
  }
}
