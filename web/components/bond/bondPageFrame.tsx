/**
 * The frame every bond page shares (pricing, cash flow, history): the bond's detail from the API,
 * its loading and error states, and the header with the bond's name, ratings and the page tabs.
 */
import { Alert, Anchor, Badge, Button, Center, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { BOND_PATHS, type BondDetailResponse } from '@common/api/bond';
import { useApiQuery } from '../../api/queries';
import { apiErrorText } from '../../api/errorText';

export function BondHeader({ detail, active }: { detail: BondDetailResponse; active: 'pricing' | 'cashflow' | 'history' }) {
  const tab = (to: 'pricing' | 'cashflow' | 'history', label: string) => (
    <Button component={Link} to={`/bw/bond/${detail.id}/${to}`} size="compact-xs" variant={active === to ? 'filled' : 'default'}>
      {label}
    </Button>
  );
  return (
    <Group justify="space-between" align="flex-end" mb={4}>
      <Stack gap={0}>
        <Group gap="xs">
          <Title order={2} size="h3" data-testid="bond-description">
            {detail.description}
          </Title>
          {detail.ratings.moody && (
            <Badge variant="outline" size="sm" tt="none">
              {detail.ratings.moody}
            </Badge>
          )}
          {detail.ratings.sp && (
            <Badge variant="outline" size="sm" color="gray" tt="none">
              {detail.ratings.sp}
            </Badge>
          )}
          {detail.terms.couponType === 'floating' && (
            <Badge size="sm" color="grape">
              FRN
            </Badge>
          )}
          {detail.callSchedule.length > 0 && (
            <Badge size="sm" color="yellow">
              Callable
            </Badge>
          )}
        </Group>
        <Text size="xs" c="dimmed">
          {detail.issuer.name} · CUSIP {detail.cusip} · ISIN {detail.isin} · {detail.issuer.sector?.name ?? detail.issuer.industry.name}
        </Text>
      </Stack>
      <Group gap={4}>
        <Button component={Link} to="/bw/bond" size="compact-xs" variant="subtle">
          ← Bond table
        </Button>
        {tab('pricing', 'Pricing')}
        {tab('cashflow', 'Cash flow')}
        {tab('history', 'History')}
      </Group>
    </Group>
  );
}

export function useBondDetail(bondId: string | undefined) {
  return useApiQuery<BondDetailResponse>(bondId && /^\d+$/.test(bondId) ? BOND_PATHS.bond({ id: bondId }) : null, {
    meta: { errorToast: 'Loading the bond failed:' },
  });
}

export function BondLoadState({ bondId, query }: { bondId: string | undefined; query: ReturnType<typeof useBondDetail> }) {
  if (!bondId || !/^\d+$/.test(bondId))
    return (
      <Alert color="red" data-testid="bond-error">
        “{bondId}” is not a bond id.
      </Alert>
    );
  if (query.isPending)
    return (
      <Center py="xl">
        <Loader size="sm" type="dots" />
      </Center>
    );
  if (query.isError) {
    return (
      <Alert color="red" data-testid="bond-error">
        <Text size="sm">{apiErrorText(query.error)}</Text>
        <Anchor component={Link} to="/bw/bond" size="sm">
          Back to the bond table
        </Anchor>
      </Alert>
    );
  }
  return null;
}
