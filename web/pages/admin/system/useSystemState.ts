import { useQuery } from '@tanstack/react-query';
import { SYSTEM_PATHS, type SystemState } from '@common/api/system';
import { api } from '../../../api/client';
import { apiKey } from '../../../api/queries';

/** How often the admin pages re-read the system state (jobs run every minute or so). */
const REFRESH_MS = 15_000;

export const systemStateKey = apiKey(SYSTEM_PATHS.system);

/** GET /admin/system, refreshed while the page is open. */
export function useSystemState() {
  return useQuery({ queryKey: systemStateKey, queryFn: () => api.get<SystemState>(SYSTEM_PATHS.system), refetchInterval: REFRESH_MS });
}
