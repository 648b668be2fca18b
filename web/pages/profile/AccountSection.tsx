/**
 * Who the account belongs to (spec §1/§3): organisation, access and the support token a user reads
 * out to support. Read-only: organisations and trials are managed by administrators.
 */
import { Button, Code, CopyButton, Group, Table, Text, Tooltip } from '@mantine/core';
import type { ReactNode } from 'react';
import type { UserInfo } from '@common/api/user';
import { formatDay } from '@common/format';
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

function Row({ label, children, testId }: { label: string; children: ReactNode; testId: string }) {
  return (
    <Table.Tr>
      <Table.Th w={160} fw={500}>
        <Text size="sm" c="dimmed">
          {label}
        </Text>
      </Table.Th>
      <Table.Td data-testid={testId}>{children}</Table.Td>
    </Table.Tr>
  );
}

export function AccountSection({ info }: { info: UserInfo }) {
  const { organization, profile } = info;
  const role = [profile.roleType, profile.roleFunction].filter(Boolean).join(' · ');
  return (
    <Section title="Account" description="Your organisation and access, set by your administrator." testId="profile-account">
      <Table withRowBorders={false} verticalSpacing={4}>
        <Table.Tbody>
          <Row label="E-mail" testId="profile-account-email">
            <Text size="sm">{info.email}</Text>
          </Row>
          <Row label="Organisation" testId="profile-account-organization">
            <Text size="sm">
              {organization
                ? `${organization.name}${organization.type ? ` (${enumLabel(organization.type)})` : ''}`
                : 'None: an individual account'}
            </Text>
          </Row>
          <Row label="Role" testId="profile-account-role">
            <Text size="sm">{role || 'Not set: add it under Profile'}</Text>
          </Row>
          <Row label="Access" testId="profile-account-access">
            <Text size="sm">{accessText(info)}</Text>
          </Row>
          <Row label="Support token" testId="profile-account-support-token">
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
          </Row>
        </Table.Tbody>
      </Table>
    </Section>
  );
}
