/**
 * "Create alert" from other pages: the bond table's row menu (a bond), the sector overview's
 * issuer panel (an issuer) and its sector drill-down (a sector) link to the subscription page with
 * the target in the query (?bondId= / ?issuerId= / ?sector=, and &label= naming it), and the page
 * opens the rule editor pre-filled from it (pages/alerts/handoff.ts). The link is the whole
 * contract, so the pages that offer it and the editor never import each other: both import this.
 *
 * A sector is not a target kind of its own (targets are bond, issuer, custom table, market): the
 * sector alert is a new-deal rule on the market filtered to that sector, the one rule that takes a
 * sector.
 */
import { HAWK_NAME_MAX_LENGTH } from '@common/api/hawk';
import { SECTOR_CODES, type SectorCode } from '@common/market';

export const SUBSCRIPTIONS_PATH = '/bw/alerts/subscriptions';

export type AlertHandoff =
  | { kind: 'bond'; bondId: number; label?: string | undefined }
  | { kind: 'issuer'; issuerId: number; label?: string | undefined }
  | { kind: 'sector'; sector: SectorCode; label?: string | undefined };

/** The subscription page's address that opens the editor for this target. */
export function createAlertLink(h: AlertHandoff): string {
  const q = new URLSearchParams();
  if (h.kind === 'bond') q.set('bondId', String(h.bondId));
  else if (h.kind === 'issuer') q.set('issuerId', String(h.issuerId));
  else q.set('sector', h.sector);
  if (h.label) q.set('label', h.label);
  return `${SUBSCRIPTIONS_PATH}?${q.toString()}`;
}

const positiveId = (v: string | null): number | null => (v && /^[1-9]\d{0,9}$/.test(v) ? Number(v) : null);

/** The target handed over in the subscription page's query; null when none (or not a valid one). */
export function handoffFromParams(params: URLSearchParams): AlertHandoff | null {
  // The label only names the target in the editor; cut to what a name may hold.
  const label = params.get('label')?.trim().slice(0, HAWK_NAME_MAX_LENGTH) || undefined;
  const bondId = positiveId(params.get('bondId'));
  if (bondId !== null) return { kind: 'bond', bondId, label };
  const issuerId = positiveId(params.get('issuerId'));
  if (issuerId !== null) return { kind: 'issuer', issuerId, label };
  const sector = params.get('sector');
  if (sector && (SECTOR_CODES as readonly string[]).includes(sector)) return { kind: 'sector', sector: sector as SectorCode, label };
  return null;
}
