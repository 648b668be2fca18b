/**
 * API contract of the audit log (`/admin/audit-log`, admins only): every audited change — who,
 * what, on which subject, when, with the values before and after — filtered by actor, action,
 * subject and time, newest first, paged on the server by a cursor, and exported as CSV.
 */
import { z } from 'zod';
import { RANGE_REFUSAL } from './dates';

export const AUDIT_LOG_PATHS = { entries: '/admin/audit-log', csv: '/admin/audit-log/csv' } as const;

export const AUDIT_LOG_PAGE_MAX = 200;
/** Rows one CSV export holds at most (narrow the filters for more). */
export const AUDIT_LOG_CSV_MAX = 100_000;

const instant = z.string().datetime({ offset: true });

/** The filters the page and the CSV export share. */
const filterFields = {
  /** The acting user's id or e-mail (exact). */
  actor: z.string().trim().min(1).max(200).optional(),
  /** An action, or a family with a trailing dot: `deal.` matches `deal.create`, `deal.update`… */
  action: z.string().trim().min(1).max(100).optional(),
  targetType: z.string().trim().min(1).max(100).optional(),
  targetId: z.string().trim().min(1).max(200).optional(),
  from: instant.optional(),
  to: instant.optional(),
};

/**
 * `from` not after `to`, compared as instants (their offsets may differ), refused in the contract
 * like every other range (400 naming `from`, common/api/dates) rather than by the route in words
 * of its own.
 */
function orderedInstants<T extends z.ZodObject<typeof filterFields>>(schema: T) {
  return schema.superRefine((value, ctx) => {
    const { from, to } = value as { from?: string; to?: string };
    if (from && to && Date.parse(from) > Date.parse(to)) {
      ctx.addIssue({ code: 'custom', path: ['from'], message: RANGE_REFUSAL.reversed(to) });
    }
  });
}

export const auditLogQuerySchema = orderedInstants(
  z
    .object({
      ...filterFields,
      /** The `nextCursor` of the previous page. */
      cursor: z
        .string()
        .regex(/^\d{1,19}$/, 'must be the cursor a previous page gave')
        .optional(),
      limit: z.coerce.number().int().min(1).max(AUDIT_LOG_PAGE_MAX).default(50),
    })
    .strict(),
);
export type AuditLogQuery = z.input<typeof auditLogQuerySchema>;

/** GET /admin/audit-log/csv: the same filters, every row (no cursor, no page size). */
export const auditLogCsvQuerySchema = orderedInstants(z.object(filterFields).strict());

export const auditLogEntrySchema = z.object({
  id: z.string(),
  at: z.string(),
  actor: z.object({ id: z.string(), email: z.string().nullable() }).nullable(),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string().nullable(),
  details: z.record(z.string(), z.unknown()),
  /** The address the change came from (null: a background job, or an entry older than the column). */
  clientAddress: z.string().nullable(),
});
export type AuditLogEntry = z.infer<typeof auditLogEntrySchema>;

export const auditLogPageSchema = z.object({
  entries: z.array(auditLogEntrySchema),
  /** Pass as `cursor` for the next (older) page; null at the end. */
  nextCursor: z.string().nullable(),
});
export type AuditLogPage = z.infer<typeof auditLogPageSchema>;
