/**
 * The admin error page (/bw/admin/errors): browser and server errors stored by the product itself
 * when no Sentry DSN is configured, grouped by fingerprint (message shape + top stack frame).
 */
import { z } from 'zod';
import { calendarDateSchema } from './dates';
import { path } from './path';

export const ADMIN_ERROR_PATHS = {
  errors: '/admin/errors',
  errorGroup: path('/admin/errors/:fingerprint'),
} as const;

export const errorListQuerySchema = z
  .object({ since: calendarDateSchema.optional(), source: z.enum(['browser', 'server']).optional() })
  .strict();

export const errorGroupSchema = z.object({
  fingerprint: z.string(),
  source: z.enum(['browser', 'server']),
  occurrences: z.number().int(),
  affectedUsers: z.number().int(),
  firstSeen: z.string(),
  lastSeen: z.string(),
  message: z.string(),
  release: z.string().nullable(),
  lastRequestId: z.string(),
});
export type ErrorGroup = z.infer<typeof errorGroupSchema>;
export const errorListResponseSchema = z.object({ since: z.string(), groups: z.array(errorGroupSchema) });
export type ErrorListResponse = z.infer<typeof errorListResponseSchema>;

export const errorGroupParamsSchema = z.object({ fingerprint: z.string().regex(/^[0-9a-f]{16}$/, 'a 16-character error fingerprint') });
export const errorGroupDetailSchema = z.object({
  fingerprint: z.string(),
  occurrences: z.array(
    z.object({
      id: z.string(),
      source: z.enum(['browser', 'server']),
      message: z.string(),
      stack: z.string().nullable(),
      url: z.string().nullable(),
      userAgent: z.string().nullable(),
      userId: z.string().nullable(),
      requestId: z.string(),
      release: z.string().nullable(),
      at: z.string(),
    }),
  ),
});
export type ErrorGroupDetail = z.infer<typeof errorGroupDetailSchema>;
