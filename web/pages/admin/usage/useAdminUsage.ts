import { useMemo } from 'react';
import { ADMIN_USAGE_PATHS, type UsageResponse } from '@common/api/usage';
import { useApiQuery } from '../../../api/queries';
import { useUrlChoices } from '../../../routing/urlChoices';
import { dailyActiveSeries, isDay } from './usageView';

/** The range, held in the URL (?from, ?to; the server's default when absent), and the usage report for it. */
export function useAdminUsage() {
  const { params, setChoices } = useUrlChoices();
  const from = isDay(params.get('from')) ? params.get('from')! : undefined;
  const to = isDay(params.get('to')) ? params.get('to')! : undefined;
  const query = { from, to };
  const usage = useApiQuery<UsageResponse>(ADMIN_USAGE_PATHS.usage, { query });
  const data = usage.data;
  const series = useMemo(() => dailyActiveSeries(data), [data]);
  // Each period an admin picks is a history entry, so the back button returns to the one before.
  const setDay = (key: 'from' | 'to', value: string) => setChoices({ [key]: value || null }, 'push');
  return { from, to, setDay, usage, data, series };
}

export type AdminUsageState = ReturnType<typeof useAdminUsage>;
