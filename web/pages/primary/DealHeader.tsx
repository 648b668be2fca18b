import { Anchor, Badge, Group, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { DealSummary } from '@common/api/primary';
import { formatDate, formatRatings, formatSize } from '@common/format';
import { PageTitle } from '../../components/PageTitle';
import { STATUS_LABELS } from '../../components/dealStatus';

/** The deal's title, status, ratings and size, its timeline in New York time, and its bookrunners. */
export function DealHeader({ deal }: { deal: DealSummary }) {
  return (
    <>
      <PageTitle title={`${deal.issuer.displayName} — ${deal.tranches.map((t) => `${t.tenorYears}Y`).join(' / ')}`} />
      <Group gap="sm">
        <Badge data-testid="deal-status">{STATUS_LABELS[deal.status]}</Badge>
        <Text size="sm">
          {formatRatings(deal.ratingMoody, deal.ratingSp, 'NR')} · {deal.sector.name} · {formatSize(deal.totalSize)} ·{' '}
          <Anchor component={Link} to={`/bw/bond?issuerId=${deal.issuer.id}`}>
            {deal.issuer.ticker} bonds
          </Anchor>
        </Text>
      </Group>
      <Text size="sm" c="dimmed">
        {deal.timeline.map((s) => `${STATUS_LABELS[s.status]} ${formatDate(s.at, 'America/New_York')}`).join(' → ')} (New York)
      </Text>
      <Text size="sm">
        Bookrunners: {deal.bookrunners.join(', ')}
        {deal.useOfProceeds ? ` · Use of proceeds: ${deal.useOfProceeds}` : ''}
      </Text>
    </>
  );
}
