/**
 * Texts and the curve points of /bw/admin/issuer/{issuerId}. No React here.
 */
import type { AdminIssuerDetail, AdminIssuerMergeResponse } from '@common/api/adminIssuers';
import { formatDate } from '@common/format';
import { monthPoints } from '../../../components/market/curvePoints';

/** Only a numeric id can name an issuer; anything else is not asked of the server. */
export const isIssuerId = (issuerId: string) => /^\d+$/.test(issuerId);

export const issuerTitle = (issuer: AdminIssuerDetail | undefined) =>
  issuer ? `Admin: ${issuer.ticker} — ${issuer.displayName}` : undefined;

export const savedNotice = (saved: AdminIssuerDetail) => `Saved (version ${saved.version}).`;

export const mergedNotice = (r: AdminIssuerMergeResponse) =>
  `Merged: ${r.bondsMoved} bond(s), ${r.dealsMoved} deal(s) and ${r.subsidiariesMoved} subsidiar(ies) moved here.`;

/** The issuer's curve as month points (G-spread by remaining maturity). */
export const curvePoints = (issuer: AdminIssuerDetail | undefined) =>
  monthPoints(
    issuer?.curve.points ?? [],
    (p) => p.tenor,
    (p) => p.gSpread,
  );

export const curveCaption = (issuer: AdminIssuerDetail) =>
  `G-spread (bp) of each outstanding bond by remaining maturity${issuer.curve.asOf ? ` · ${formatDate(issuer.curve.asOf)}` : ''}`;

export const subsidiariesText = (issuer: AdminIssuerDetail) =>
  issuer.subsidiaries.length > 0 ? ` · subsidiaries: ${issuer.subsidiaries.map((s) => s.ticker).join(', ')}` : '';
