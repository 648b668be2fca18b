/** The deals list's pure parts: the stage choices, the filters read from the URL, the new deal's tranches and body. No React here. */
import { adminDealListQuerySchema, type AdminDealListQuery, type AdminTrancheInput } from '@common/api/adminDeals';
import type { z } from 'zod';
import { DEAL_STATUSES } from '@common/market';
import { STATUS_LABELS } from '../../../components/dealStatus';
import { commaList } from '../commaList';

export const STAGE_OPTIONS = DEAL_STATUSES.map((s) => ({ value: s, label: STATUS_LABELS[s] }));

/**
 * The filters held in the URL (?q, ?status, ?from, ?to), each checked by the contract's own rule:
 * a link edited by hand or kept from long ago may carry a day that is no day or an unknown stage,
 * and one bad value must fall back to its default (no filter), not break the page or draw a 400.
 */
export function listQueryFromParams(params: URLSearchParams): AdminDealListQuery {
  const shape = adminDealListQuerySchema.shape;
  const valid = <T>(schema: z.ZodType<T>, key: string): T | undefined => {
    const raw = params.get(key);
    const parsed = raw === null ? undefined : schema.safeParse(raw);
    // A blank or all-space issuer text is no filter, as when typed.
    return parsed?.success && parsed.data ? parsed.data : undefined;
  };
  return { q: valid(shape.q, 'q'), status: valid(shape.status, 'status'), from: valid(shape.from, 'from'), to: valid(shape.to, 'to') };
}

/** The issuer filter as typed: blank is no filter. */
export const issuerText = (q: string): string | null => q.trim() || null;

/** A new deal opens with one 10-year, 1000mm tranche; an added one starts at 5 years, 500mm. */
export const FIRST_TRANCHE: AdminTrancheInput = { tenorYears: 10, sizeMm: 1000 };
export const ADDED_TRANCHE: AdminTrancheInput = { tenorYears: 5, sizeMm: 500 };

/** The new-deal form's fields; no issuer picked yet is null. */
export interface NewDealDraft extends Record<string, unknown> {
  issuerId: string | null;
  bookrunners: string;
  useOfProceeds: string;
  tranches: AdminTrancheInput[];
}

/** The create body: bookrunners as a list, a blank use of proceeds as null; no issuer is left out (the form refuses it). */
export const newDealBody = (d: NewDealDraft) => ({
  issuerId: d.issuerId === null ? undefined : Number(d.issuerId),
  bookrunners: commaList(d.bookrunners),
  useOfProceeds: d.useOfProceeds.trim() || null,
  tranches: d.tranches,
});
