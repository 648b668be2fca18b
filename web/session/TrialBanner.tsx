/**
 * Trial status banner in the logged-in layout (spec §1, §3 trial states): trial, trialEnding,
 * trialEnded, trialExtension, with their dates. Nothing for paying accounts (state null).
 */
import { Alert, Text } from '@mantine/core';
import type { Trial } from '@common/api/user';
import { formatDay, MISSING } from '@common/format';
import { useAppStore } from '../stores/app';
import { useUserInfo } from './userInfo';

/** "Mar 5, 2026" through the one formatter, or null when there is no (valid) date to say. */
function trialDate(iso: string | null): string | null {
  const text = formatDay(iso);
  return text === MISSING ? null : text;
}

function days(n: number | null): string {
  if (n === null) return '';
  return n === 1 ? '1 day' : `${n} days`;
}

/** The banner's colour and text for a trial, or null when nothing is shown. */
export function trialMessage(trial: Trial, supportEmail: string): { color: string; text: string } | null {
  const ends = trialDate(trial.endsAt);
  const extended = trialDate(trial.extendedUntil);
  switch (trial.state) {
    case null:
      return null;
    case 'trial':
      return {
        color: 'blue',
        text: `Free trial${trial.daysLeft !== null ? `: ${days(trial.daysLeft)} left` : ''}${ends ? ` (ends ${ends})` : ''}.`,
      };
    case 'trialEnding':
      return {
        color: 'orange',
        text:
          `Your trial ends ${trial.daysLeft === null ? 'soon' : trial.daysLeft === 0 ? 'today' : `in ${days(trial.daysLeft)}`}${ends ? ` (${ends})` : ''}. ` +
          `To keep market data, contact ${supportEmail} to subscribe.`,
      };
    case 'trialExtension':
      return {
        color: 'blue',
        text: `Your trial was extended${extended ? ` until ${extended}` : ''}${trial.daysLeft !== null ? ` (${days(trial.daysLeft)} left)` : ''}.`,
      };
    case 'trialEnded':
      return {
        color: 'red',
        text:
          `Your trial ended${ends ? ` on ${ends}` : ''}. Market data is unavailable until a subscription starts — ` +
          `contact ${supportEmail}. Your profile, help and blog keep working.`,
      };
  }
}

export function TrialBanner() {
  const info = useUserInfo();
  const supportEmail = useAppStore((s) => s.supportEmail);
  const trial = info.data?.trial;
  const message = trial ? trialMessage(trial, supportEmail) : null;
  if (!trial || !message) return null;
  return (
    <Alert color={message.color} variant="light" p={6} mb="sm" data-testid="trial-banner" data-state={trial.state}>
      <Text size="sm">{message.text}</Text>
    </Alert>
  );
}
