import type { Trial } from '@common/api/user';
import type { Kysely } from 'kysely';
import type { Config } from '../../config';
import type { Database } from '../../db/schema';

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
export function trialOf(f: TrialFacts, now: Date): Trial {
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
 * The employee domains: the configuration's (EMPLOYEE_EMAIL_DOMAINS) and those an admin marked on
 * the domains page (organization_domains.employee).
 */
export async function employeeDomains(db: Kysely<Database>, config: Pick<Config, 'employeeEmailDomains'>): Promise<string[]> {
  const marked = await db.selectFrom('organization_domains').select('domain').where('employee', '=', true).execute();
  return [...config.employeeEmailDomains, ...marked.map((r) => r.domain)];
}

/** What a caller whose trial has ended is told (the web app shows its trial-ended page). */
export function trialEndedMessage(supportEmail: string): string {
  return `Your trial has ended. Contact ${supportEmail} to subscribe; your profile and settings remain available.`;
}

/**
 * A user's trial state at `now`, read from the database; null when the user does not exist.
 * Market data needs a state other than trialEnded (the access hook's `subscription`). What an
 * ended trial still may do: sign in and out, see and edit the profile, preferences, second
 * factors and terms, custom tables, read help and the blog.
 */
export async function trialOfUser(
  db: Kysely<Database>,
  config: Pick<Config, 'employeeEmailDomains'>,
  userId: string,
  now: Date,
): Promise<Trial | null> {
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
    .where('users.id', '=', userId)
    .executeTakeFirst();
  if (!row) return null;
  return trialOf(
    {
      is_admin: row.is_admin,
      isEmployee: isEmployeeEmail(row.email, await employeeDomains(db, config)),
      orgSubscribed: row.subscribed === true,
      trial_started_at: row.trial_started_at,
      trial_ends_at: row.trial_ends_at,
      trial_extended_until: row.trial_extended_until,
    },
    now,
  );
}
