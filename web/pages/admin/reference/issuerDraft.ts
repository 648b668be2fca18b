/**
 * The issuer form's draft and the update it sends: the fields as typed (a select's choice as its
 * string), and only those that differ from the issuer read, with its version. Pure.
 */
import type { AdminIssuerDetail, AdminIssuerUpdate } from '@common/api/adminIssuers';

/** Keyed as the update's fields, so a refusal naming one lands on its input. */
export interface IssuerDraft extends Record<string, unknown> {
  name: string;
  displayName: string;
  ticker: string;
  countryOfRisk: string;
  secCik: string;
  /** The industry chosen (its id as a string). */
  sectorId: string | null;
  parentIssuerId: string | null;
}

export const issuerDraftOf = (issuer: AdminIssuerDetail): IssuerDraft => ({
  name: issuer.name,
  displayName: issuer.displayName,
  ticker: issuer.ticker,
  countryOfRisk: issuer.countryOfRisk,
  secCik: issuer.secCik ?? '',
  sectorId: String(issuer.industry.id),
  parentIssuerId: issuer.parent ? String(issuer.parent.id) : null,
});

/**
 * The changed fields as typed (the server trims and upper-cases them as the contract says), with
 * the version read; a field differs when its stored form would.
 */
export function issuerUpdateOf(issuer: AdminIssuerDetail, draft: IssuerDraft): AdminIssuerUpdate {
  const update: AdminIssuerUpdate = { version: issuer.version };
  if (draft.name.trim() !== issuer.name) update.name = draft.name;
  if (draft.displayName.trim() !== issuer.displayName) update.displayName = draft.displayName;
  if (draft.ticker.trim().toUpperCase() !== issuer.ticker) update.ticker = draft.ticker;
  if (draft.countryOfRisk.trim().toUpperCase() !== issuer.countryOfRisk) update.countryOfRisk = draft.countryOfRisk;
  if (draft.secCik.trim() !== (issuer.secCik ?? '')) update.secCik = draft.secCik.trim() === '' ? null : draft.secCik;
  if (draft.sectorId !== null && Number(draft.sectorId) !== issuer.industry.id) update.sectorId = Number(draft.sectorId);
  const parentId = draft.parentIssuerId === null ? null : Number(draft.parentIssuerId);
  if (parentId !== (issuer.parent?.id ?? null)) update.parentIssuerId = parentId;
  return update;
}

/** Whether the draft changes anything (else there is nothing to save). */
export const changesSomething = (update: AdminIssuerUpdate) => Object.keys(update).some((key) => key !== 'version');
