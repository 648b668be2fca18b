/** The deals list's pure parts: the stage choices and the new deal's tranches and body. No React here. */
import type { AdminDealListQuery, AdminTrancheInput } from '@common/api/adminDeals';
import { DEAL_STATUSES } from '@common/market';
import { STATUS_LABELS } from '../../../components/dealStatus';
import { commaList } from '../commaList';

export const STAGE_OPTIONS = DEAL_STATUSES.map((s) => ({ value: s, label: STATUS_LABELS[s] }));

/** The issuer filter as typed: blank is no filter. */
export const withIssuerText = (query: AdminDealListQuery, q: string): AdminDealListQuery => ({ ...query, q: q.trim() || undefined });

/** A new deal opens with one 10-year, 1000mm tranche; an added one starts at 5 years, 500mm. */
export const FIRST_TRANCHE: AdminTrancheInput = { tenorYears: 10, sizeMm: 1000 };
export const ADDED_TRANCHE: AdminTrancheInput = { tenorYears: 5, sizeMm: 500 };

export interface NewDealDraft {
  issuerId: string;
  bookrunners: string;
  useOfProceeds: string;
  tranches: AdminTrancheInput[];
}

/** The create body: bookrunners as a list, a blank use of proceeds as null. */
export const newDealBody = (d: NewDealDraft) => ({
  issuerId: Number(d.issuerId),
  bookrunners: commaList(d.bookrunners),
  useOfProceeds: d.useOfProceeds.trim() || null,
  tranches: d.tranches,
});
