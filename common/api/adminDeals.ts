/**
 * API contract of deal administration (`/admin/deal`, admins only): list, create and edit deals,
 * their tranches and their status timeline (announced → initial price talk → guidance →
 * launched → priced). Every change is written to the audit log in the transaction that makes it,
 * and the deal's page shows its audit trail. Units as in the primary-market contract (primary.ts),
 * except sizes and books, entered in USD millions as a syndicate desk types them.
 */
import { z } from 'zod';
import { DEAL_STATUSES } from '../market';
import { calendarDateSchema } from './dates';
import { decimalRate, positiveId } from './shared';
import { path } from './path';

export const ADMIN_DEAL_PATHS = {
  deals: '/admin/deal',
  deal: path('/admin/deal/:id'),
  tranches: path('/admin/deal/:id/tranche'),
  tranche: path('/admin/deal/:id/tranche/:trancheId'),
  status: path('/admin/deal/:id/status'),
  latestStatus: path('/admin/deal/:id/status/latest'),
} as const;

export const ADMIN_DEAL_MAX_TRANCHES = 10;
export const ADMIN_DEAL_LIST_MAX = 500;

const spreadBp = z.number().min(-1_000).max(5_000).nullable();
const bookrunners = z.array(z.string().trim().min(1).max(100)).max(20);
const useOfProceeds = z.string().trim().min(1).max(500).nullable();

/** A tranche as an admin enters it; a spread not yet known is null. */
export const adminTrancheInputSchema = z
  .object({
    tenorYears: z.number().int().min(1).max(50),
    sizeMm: z.number().positive().max(100_000),
    /** Decimal, e.g. 0.0475. */
    coupon: decimalRate(0, 0.5).nullable().default(null),
    iptSpreadBp: spreadBp.default(null),
    guidanceSpreadBp: spreadBp.default(null),
    launchSpreadBp: spreadBp.default(null),
    pricedSpreadBp: spreadBp.default(null),
    orderBookMm: z.number().min(0).max(1_000_000).nullable().default(null),
  })
  .strict();
export type AdminTrancheInput = z.input<typeof adminTrancheInputSchema>;

export const adminTrancheUpdateSchema = adminTrancheInputSchema
  .partial()
  .strict()
  .refine((t) => Object.keys(t).length > 0, { message: 'nothing to change', path: ['tenorYears'] });

export const adminDealCreateSchema = z
  .object({
    issuerId: positiveId,
    /** When it was announced (default: now). */
    announcedAt: z.string().datetime({ offset: true }).optional(),
    bookrunners: bookrunners.default([]),
    useOfProceeds: useOfProceeds.default(null),
    tranches: z.array(adminTrancheInputSchema).min(1).max(ADMIN_DEAL_MAX_TRANCHES),
  })
  .strict();
export type AdminDealCreate = z.input<typeof adminDealCreateSchema>;

export const adminDealUpdateSchema = z
  .object({ issuerId: positiveId.optional(), bookrunners: bookrunners.optional(), useOfProceeds: useOfProceeds.optional() })
  .strict()
  .refine((d) => Object.keys(d).length > 0, {
    message: 'Nothing to change: give an issuer, bookrunners or a use of proceeds.',
    path: ['issuerId'],
  });
export type AdminDealUpdate = z.input<typeof adminDealUpdateSchema>;

/** The next step of the timeline: a later stage than the current one, at or after the last step. */
export const adminDealStatusSchema = z.object({ status: z.enum(DEAL_STATUSES), at: z.string().datetime({ offset: true }) }).strict();
export type AdminDealStatus = z.infer<typeof adminDealStatusSchema>;

export const adminDealListQuerySchema = z.object({
  /** Announced on or after / before or on (New York days); default the last 90 days. */
  from: calendarDateSchema.optional(),
  to: calendarDateSchema.optional(),
  status: z.enum(DEAL_STATUSES).optional(),
  /** Issuer ticker or name contains. */
  q: z.string().trim().max(100).optional(),
});
export type AdminDealListQuery = z.input<typeof adminDealListQuerySchema>;

export const adminDealParamsSchema = z.object({ id: positiveId });
export const adminTrancheParamsSchema = z.object({ id: positiveId, trancheId: positiveId });

/** Where a deal came from. */
export const DEAL_SOURCES = ['market', 'calculator', 'admin', 'edgar'] as const;

const issuer = z.object({ id: z.number().int(), ticker: z.string(), name: z.string() });

export const adminDealRowSchema = z.object({
  id: z.number().int(),
  issuer,
  status: z.enum(DEAL_STATUSES),
  announcedAt: z.string(),
  pricedAt: z.string().nullable(),
  tranches: z.number().int(),
  sizeMm: z.number(),
  source: z.enum(DEAL_SOURCES),
});
export const adminDealListSchema = z.object({ from: z.string(), to: z.string(), deals: z.array(adminDealRowSchema) });
export type AdminDealList = z.infer<typeof adminDealListSchema>;

export const adminTrancheSchema = z.object({
  id: z.number().int(),
  tenorYears: z.number().int(),
  sizeMm: z.number(),
  coupon: z.number().nullable(),
  iptSpreadBp: z.number().nullable(),
  guidanceSpreadBp: z.number().nullable(),
  launchSpreadBp: z.number().nullable(),
  pricedSpreadBp: z.number().nullable(),
  orderBookMm: z.number().nullable(),
  /** The bond the priced tranche became, if any. */
  bondId: z.number().int().nullable(),
});
export type AdminTranche = z.infer<typeof adminTrancheSchema>;

export const adminDealSchema = z.object({
  id: z.number().int(),
  issuer,
  status: z.enum(DEAL_STATUSES),
  announcedAt: z.string(),
  pricedAt: z.string().nullable(),
  bookrunners: z.array(z.string()),
  useOfProceeds: z.string().nullable(),
  source: z.enum(DEAL_SOURCES),
  /** The user a calculator deal belongs to (null: a market deal, seen by every subscriber). */
  createdBy: z.string().nullable(),
  tranches: z.array(adminTrancheSchema),
  timeline: z.array(z.object({ status: z.enum(DEAL_STATUSES), at: z.string() })),
  /** The deal's audit trail, newest first. */
  audit: z.array(
    z.object({ at: z.string(), actor: z.string().nullable(), action: z.string(), details: z.record(z.string(), z.unknown()) }),
  ),
});
export type AdminDeal = z.infer<typeof adminDealSchema>;
