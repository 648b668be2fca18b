/**
 * /bw/admin/deal/{dealId}: one deal as an admin edits it — bookrunners and use of proceeds, the
 * tranches (tenor, size, coupon, spread at each stage, book), the status timeline (a later stage
 * added, the last step undone) and the audit trail of every change. The server holds the rules;
 * what it refuses is shown with its reason.
 * The data and calls live in useAdminDeal.ts; the editor, timeline and audit trail in their own files.
 */
import { Alert, Anchor, Badge, Center, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { formatDate } from '@common/format';
import { apiErrorText } from '../../../api/errorText';
import { PageTitle } from '../../../components/PageTitle';
import { STATUS_LABELS } from '../../../components/dealStatus';
import { DealEditor } from './DealEditor';
import { useAdminDeal } from './useAdminDeal';

export default function AdminDealPage() {
  const deal = useAdminDeal();
  const d = deal.data;
  return (
    <Stack gap="sm" data-testid="admin-deal-page">
      <PageTitle />
      {deal.isPending && (
        <Center py="xl">
          <Loader size="sm" type="dots" />
        </Center>
      )}
      {deal.isError && <Alert color="red">{apiErrorText(deal.error)}</Alert>}
      {d && (
        <>
          <Group>
            <Title order={2} size="h3">
              #{d.id} {d.issuer.ticker} — {d.issuer.name}
            </Title>
            <Badge variant="light" data-testid="admin-deal-status">
              {STATUS_LABELS[d.status]}
            </Badge>
            <Text size="sm" c="dimmed">
              announced {formatDate(d.announcedAt)}
              {d.pricedAt ? ` · priced ${formatDate(d.pricedAt)}` : ''} · source {d.source}
              {d.createdBy ? ` · kept to ${d.createdBy}'s organisation` : ''}
            </Text>
            <Anchor component={Link} to={`/bw/primary/pricing/${d.id}`} size="sm">
              Deal page
            </Anchor>
            <Anchor component={Link} to="/bw/admin/deal" size="sm">
              All deals
            </Anchor>
          </Group>
          {/* Keyed by deal and stage, so a new stage starts the editor afresh (its next-stage choice included). */}
          <DealEditor key={`${d.id}:${d.status}`} deal={d} />
        </>
      )}
    </Stack>
  );
}
