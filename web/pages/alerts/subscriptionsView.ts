/** Pure helpers of the alert subscriptions page: an alert's editor draft and its status badge. */
import type { HawkSubscription } from '@common/api/hawk';
import type { Draft } from './ruleDraft';

/** The editor's draft of a saved alert. */
export function draftOf(s: HawkSubscription): Draft {
  return {
    name: s.name ?? '',
    template: s.template,
    rule: s.rule as Draft['rule'],
    target: s.target as Draft['target'],
    frequency: s.frequency,
    expiresAt: s.expiresAt,
    channels: s.channels,
    paused: s.paused,
  };
}

/** The status an alert's row shows, the first that applies: disabled, paused, expired, active. */
export function status(s: HawkSubscription, nowMs: number): { label: string; color: string } {
  if (s.disabledAt) return { label: 'Disabled', color: 'gray' };
  if (s.paused) return { label: 'Paused', color: 'yellow' };
  if (s.expiresAt && Date.parse(s.expiresAt) < nowMs) return { label: 'Expired', color: 'gray' };
  return { label: 'Active', color: 'green' };
}
