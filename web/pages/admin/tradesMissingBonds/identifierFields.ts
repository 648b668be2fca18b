/**
 * What the panel of one waiting identifier offers: the bond template's required columns and
 * hints, the bonds to map to, and the small texts. No React here.
 */
import type { BondListResponse } from '@common/api/bond';
import type { BondReferenceField, MissingGroup } from '@common/api/tradesMissingBonds';

/** The template's required columns (the importer refuses a row without them). */
export const REQUIRED: readonly BondReferenceField[] = [
  'cusip',
  'issuer_name',
  'issuer_ticker',
  'sector_code',
  'coupon_type',
  'coupon_pct',
  'issue_date',
  'maturity_date',
  'amount_issued',
  'seniority',
];
export const HINTS: Partial<Record<BondReferenceField, string>> = {
  sector_code: 'e.g. UTIL.ELECTRIC_UTILITIES',
  coupon_type: 'fixed, floating or zero',
  coupon_pct: 'percent, e.g. 4.1',
  issue_date: 'YYYY-MM-DD',
  maturity_date: 'YYYY-MM-DD',
  first_coupon_date: 'YYYY-MM-DD',
  amount_issued: 'USD, e.g. 600000000',
  seniority: 'e.g. Senior Unsecured',
  call_schedule: 'e.g. 2030-11-23@100',
};

/** A bond search is only sent once two characters are typed. */
export const canSearch = (search: string) => search.trim().length >= 2;

export const nothingFoundText = (search: string) => (canSearch(search) ? 'No bond found' : 'Type two characters or more');

/** The bonds to choose from: the same issuer's bonds first, then search hits not already listed. */
export function bondOptions(group: MissingGroup, found: BondListResponse['rows']) {
  return [
    ...group.sameIssuerBonds.map((b) => ({ value: String(b.id), label: `${b.description} · ${b.cusip}` })),
    ...found
      .filter((r) => !group.sameIssuerBonds.some((b) => b.id === r.id))
      .map((r) => ({ value: String(r.id), label: `${r.description} · ${r.bondIdentifier}` })),
  ];
}

/** Mapping is the likelier answer when the issuer already has bonds. */
export const firstTab = (group: MissingGroup) => (group.sameIssuerBonds.length ? 'map' : 'create');

export const sideText = (side: string) => side.replace('_', ' ');
