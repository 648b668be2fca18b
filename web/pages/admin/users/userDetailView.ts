/** What the user detail panel shows of a person: session columns, feature levels, texts. Pure. */
import type { AdminUserDetail } from '@common/api/adminUsers';
import { formatDate } from '@common/format';
import type { Column } from '../../../components/DataTable';

export type Session = AdminUserDetail['sessions'][number];
export type Feature = AdminUserDetail['features'][number];
type SecondFactor = AdminUserDetail['secondFactors'][number];

export const SESSION_COLUMNS: Column<Session>[] = [
  { header: 'Started', field: 'createdAt', kind: 'date', flex: 1 },
  { header: 'Last used', field: 'lastUsedAt', kind: 'date', flex: 1 },
  { field: 'ip', header: 'Address', flex: 1 },
  { field: 'userAgent', header: 'Browser', flex: 2 },
];

/** A feature override's choices; 'inherit' removes the person's own override. */
export const LEVELS = [
  { value: 'inherit', label: 'as organisation/global' },
  { value: '0', label: '0 off' },
  { value: '1', label: '1 non-production' },
  { value: '2', label: '2 on' },
];

/** The override a feature's select shows: the unsaved choice, else the person's own override. */
export const featureLevelValue = (f: Feature, edits: Record<string, string>) =>
  edits[f.name] ?? (f.override === null ? 'inherit' : String(f.override));

/** Edited overrides as the server takes them: a level, or null to inherit. */
export const featureOverrides = (edits: Record<string, string>) =>
  Object.fromEntries(Object.entries(edits).map(([name, v]) => [name, v === 'inherit' ? null : Number(v)]));

export function trialText(trial: AdminUserDetail['trial']) {
  const ends = trial.endsAt
    ? ` (ends ${formatDate(trial.endsAt)}${trial.extendedUntil ? `, extended to ${formatDate(trial.extendedUntil)}` : ''})`
    : '';
  return `Trial: ${trial.state ?? 'none'}${ends}`;
}

export const secondFactorText = (f: SecondFactor) =>
  `${f.kind === 'totp' ? 'Authenticator app' : `Passkey “${f.name}”`}, added ${formatDate(f.addedAt)}${
    f.lastUsedAt ? `, last used ${formatDate(f.lastUsedAt)}` : ''
  }`;
