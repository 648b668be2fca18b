/** Test fixtures shaped by the contract (common/api/user.ts). */
import type { TosStatus, UserInfo } from '@common/api/user';

export function makeTosStatus(overrides: Partial<TosStatus> = {}): TosStatus {
  return { tosConsent: true, currentVersion: '2026-01', consentedVersion: '2026-01', consentedAt: '2026-01-02T10:00:00Z', ...overrides };
}

export function makeUserInfo(overrides: Partial<UserInfo> = {}): UserInfo {
  return {
    id: 'u-1',
    email: 'ann@example.com',
    name: 'Ann Lee',
    created: '2026-01-02T10:00:00Z',
    organizationToken: null,
    supportToken: 'sup-1',
    profile: {
      roleType: 'Portfolio manager',
      roleFunction: 'IG credit',
      jobFunction: 'pm',
      seniority: 'director',
      organizationType: 'buyside',
      sectors: ['Financials'],
    },
    features: ['blog', 'help'],
    featureLevels: { blog: 2, help: 1, sparklines: 0 },
    notificationPreferences: { browserNotifications: [], browserNotificationsOn: false, appNotificationsOn: true, emailDigestOn: true },
    isAdmin: false,
    isEmployee: false,
    blogAuthor: false,
    organization: null,
    trial: { state: null, startedAt: null, endsAt: null, extendedUntil: null, daysLeft: null },
    tos: makeTosStatus(),
    mfa: { totpEnabled: false, passkeyCount: 0 },
    supportWidget: null,
    ...overrides,
  };
}
