/**
 * The trial lists of /bw/admin/trial and the request bodies of their actions. No React here.
 */
import type { AdminUserRow, UserTrialFilter } from '@common/api/adminUsers';

const DAY_MS = 24 * 3600 * 1000;
/** Days a trial is extended by unless the admin types another number. */
export const DEFAULT_EXTEND_DAYS = 14;

export type TrialListSpec = { trial: UserTrialFilter; title: string; descending: boolean };
export const LISTS: TrialListSpec[] = [
  { trial: 'trialEnding', title: 'Ending within 3 days', descending: false },
  { trial: 'trialEnded', title: 'Ended', descending: true },
  { trial: 'trialExtension', title: 'Running on an extension', descending: false },
];

export const trialListQuery = ({ trial, descending }: TrialListSpec) => ({
  trial,
  sort: 'trialEnds',
  descending: String(descending),
  limit: 200,
});

/** The PUT body extending a person's trial by some days, as of `nowMs`. */
export function extendBody(u: AdminUserRow, days: number, nowMs: number) {
  const by = days * DAY_MS;
  // A running trial's end moves; an ended one gets an extension from now (or from its current extension).
  const body =
    u.trial.state === 'trialEnding' || u.trial.state === 'trial'
      ? { endsAt: new Date(Date.parse(u.trial.endsAt!) + by).toISOString() }
      : { extendedUntil: new Date(Math.max(nowMs, Date.parse(u.trial.extendedUntil ?? '') || 0) + by).toISOString() };
  return { ...body, version: u.version };
}

/** The POST body converting a trial: the person's organisation subscribes, or the one chosen. */
export const subscribeBody = (u: AdminUserRow, organizationId: string | null | undefined) => ({
  version: u.version,
  ...(u.organization ? {} : { organizationId }),
});

export const subscribeQuestion = (u: AdminUserRow) =>
  `Subscribe ${u.organization?.name ?? 'the chosen organisation'}? Every member's trial ends in the subscription.`;
