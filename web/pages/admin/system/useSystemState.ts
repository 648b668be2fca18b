import { SYSTEM_PATHS, type SystemState } from '@common/api/system';
import { useApiQuery } from '../../../api/queries';

/** How often the admin pages re-read the system state (jobs run every minute or so). */
const REFRESH_MS = 15_000;

/** GET /admin/system, refreshed while the page is open. */
export function useSystemState() {
  return useApiQuery<SystemState>(SYSTEM_PATHS.system, { refetchInterval: REFRESH_MS });
}
