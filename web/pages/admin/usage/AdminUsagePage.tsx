/**
 * /bw/admin/usage: how the product is used, from the first-party analytics events (GET
 * /admin/usage): active users by day and week (chart), by organisation and role, page and feature
 * use, the sign-up → first login → first alert funnel and weekly retention. The range is in the URL.
 */
import { Alert, Stack } from '@mantine/core';
import { apiErrorText } from '../../../api/errorText';
import { PageTitle } from '../../../components/PageTitle';
import { UsageRange } from './UsageRange';
import { UsageReport } from './UsageReport';
import { useAdminUsage } from './useAdminUsage';

export default function AdminUsagePage() {
  const state = useAdminUsage();
  const { usage, data, series } = state;
  return (
    <Stack gap="sm" data-testid="admin-usage-page">
      <PageTitle />
      <UsageRange state={state} />
      {usage.isError && <Alert color="red">{apiErrorText(usage.error)}</Alert>}
      {data && <UsageReport data={data} series={series} />}
    </Stack>
  );
}
