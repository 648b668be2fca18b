/**
 * Admin contract of market hawk's user statistics (/bw/admin/hawk/user-stats): per user and
 * organisation, rules by kind, firings per day, delivery channels' states and template use.
 */
import { z } from 'zod';

export const HAWK_ADMIN_PATHS = { userStats: '/admin/hawk/user-stats' } as const;
/** Days the statistics look back. */
export const HAWK_STATS_DAYS = 30;

const kindCounts = z.record(z.string(), z.number().int());
export const hawkUserStatsSchema = z.object({
  from: z.string(),
  to: z.string(),
  users: z.array(
    z.object({
      userId: z.string(),
      email: z.string(),
      organization: z.string().nullable(),
      rulesByKind: kindCounts,
      active: z.number().int(),
      paused: z.number().int(),
      firings: z.number().int(),
      firingsPerDay: z.number(),
    }),
  ),
  organizations: z.array(
    z.object({ organization: z.string().nullable(), users: z.number().int(), rules: z.number().int(), firings: z.number().int() }),
  ),
  firingsByDay: z.array(z.object({ day: z.string(), firings: z.number().int() })),
  /** Deliveries by channel and state (email queued / no_address, in_app sent, push queued for the push job). */
  channels: z.array(z.object({ channel: z.string(), state: z.string(), deliveries: z.number().int() })),
  templates: z.array(z.object({ template: z.string(), subscriptions: z.number().int() })),
});
export type HawkUserStats = z.infer<typeof hawkUserStatsSchema>;
