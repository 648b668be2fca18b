/** The issuer's reference fields (edited with a version check) and the merge of a duplicate into it. */
import { Card, Group, Text, Title } from '@mantine/core';
import type { AdminIssuerDetail } from '@common/api/adminIssuers';
import { formatDate } from '@common/format';
import { IssuerEditForm } from './IssuerEditForm';
import { IssuerMergePanel } from './IssuerMergePanel';
import type { AdminIssuerState } from './useAdminIssuer';

export function IssuerReferenceCards({ issuer, state }: { issuer: AdminIssuerDetail; state: AdminIssuerState }) {
  return (
    <>
      <Card withBorder padding="sm">
        <Group justify="space-between" mb="xs">
          <Title order={2} size="h4">
            Reference
          </Title>
          <Text size="xs" c="dimmed" data-testid="issuer-version">
            version {issuer.version} · changed {formatDate(issuer.updatedAt)}
          </Text>
        </Group>
        <IssuerEditForm key={issuer.version} issuer={issuer} sectors={state.sectors} onReload={state.reload} onSaved={state.saved} />
      </Card>
      <Card withBorder padding="sm" mt="sm">
        <Title order={2} size="h4" mb="xs">
          Merge a duplicate
        </Title>
        <IssuerMergePanel survivor={issuer} onMerged={state.merged} />
      </Card>
    </>
  );
}
