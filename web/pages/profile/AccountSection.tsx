/**
 * Who the account belongs to (spec §1/§3): organisation, access and the support token a user reads
 * out to support. Read-only: organisations and trials are managed by administrators.
 */
import { Button, Code, CopyButton, Group, Text, Tooltip } from '@mantine/core';
import type { UserInfo } from '@common/api/user';
import { formatDay } from '@common/format';
import { FactsTable } from '../../components/FactsTable';
import { enumLabel } from './labels';
import { Section } from './Section';

/** The account's access in words: employee, subscribed organisation, or the trial and its end. */
export function accessText(info: Pick<UserInfo, 'isEmployee' | 'organization' | 'trial'>): string {
  if (info.isEmployee) return 'Employee';
  const { trial } = info;
  switch (trial.state) {
    case null:
      return info.organization ? `Subscription of ${info.organization.name}` : 'Subscription';
    case 'trialEnded':
      return `Trial ended${trial.endsAt ? ` ${formatDay(trial.endsAt)}` : ''}`;
    case 'trialExtension':
      return `Trial extended${trial.extendedUntil ? ` until ${formatDay(trial.extendedUntil)}` : ''}`;
    default:
      return `Trial${trial.endsAt ? ` until ${formatDay(trial.endsAt)}` : ''}`;
  }
}

export function AccountSection({ info }: { info: UserInfo }) {
  const { organization, profile } = info;
  const role = [profile.roleType, profile.roleFunction].filter(Boolean).join(' · ');
  return (
    <Section title="Account" description="Your organisation and access, set by your administrator." testId="profile-account">
      <FactsTable
        facts={[
          { label: 'E-mail', testId: 'profile-account-email', value: <Text size="sm">{info.email}</Text> },
          {
            label: 'Organisation',
            testId: 'profile-account-organization',
            value: (
              <Text size="sm">
                {organization
                  ? `${organization.name}${organization.type ? ` (${enumLabel(organization.type)})` : ''}`
                  : 'None: an individual account'}
              </Text>
            ),
          },
          { label: 'Role', testId: 'profile-account-role', value: <Text size="sm">{role || 'Not set: add it under Profile'}</Text> },
          { label: 'Access', testId: 'profile-account-access', value: <Text size="sm">{accessText(info)}</Text> },
          {
            label: 'Support token',
            testId: 'profile-account-support-token',
            value: (
              <Group gap={6} wrap="nowrap">
                <Code>{info.supportToken}</Code>
                <CopyButton value={info.supportToken}>
                  {({ copied, copy }) => (
                    <Tooltip label={copied ? 'Copied' : 'Copy: quote it when you contact support'}>
                      {/* Words, not a glyph: the '⧉' sign is missing from common fonts and showed as an empty box. */}
                      <Button
                        size="compact-xs"
                        variant="subtle"
                        onClick={copy}
                        aria-label="Copy support token"
                        data-testid="copy-support-token"
                      >
                        {copied ? 'Copied' : 'Copy'}
                      </Button>
                    </Tooltip>
                  )}
                </CopyButton>
              </Group>
            ),
          },
        ]}
      />
    </Section>
  );
}
