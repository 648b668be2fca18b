/**
 * What the calculator page holds — the issuer (or a sector and rating), the tranches as typed
 * and each tranche's overrides — and how it maps to the calculator's request (inputs only: the
 * overrides are applied in the browser) and to a pricing sheet's content (inputs with overrides,
 * as saved). One shape for both pages, so a sheet opens exactly as it was saved.
 */
import type { CalculatorRequest } from '@common/api/newIssueCalculator';
import { type PricingSheetContent, pricingSheetContentSchema } from '@common/api/pricingSheets';
import type { TrancheOverrides } from './calculatorLevels';
import type { TrancheInput } from './calculatorLevels';
import { humaneIssue } from '../../api/humaneError';

export type WorksheetMode = 'issuer' | 'hypothetical';

export interface Worksheet {
  mode: WorksheetMode;
  issuerId: string | null;
  sector: string | null;
  rating: string | null;
  tranches: TrancheInput[];
  overrides: TrancheOverrides[];
}

export const NEW_WORKSHEET: Worksheet = {
  mode: 'issuer',
  issuerId: null,
  sector: 'FINL',
  rating: 'A',
  tranches: [{ tenorYears: 10, sizeMm: 1000 }],
  overrides: [{}],
};

const OVERRIDE_KEYS = ['fairValueBp', 'concessionBp', 'tighteningBp', 'benchmarkYield', 'coupon'] as const;

const trancheValid = (t: TrancheInput) => t.tenorYears >= 1 && t.tenorYears <= 50 && t.sizeMm > 0;

/** The calculator's request (inputs without overrides), or null while something is missing or out of range. */
export function worksheetRequest(w: Worksheet): CalculatorRequest | null {
  if (!w.tranches.every(trancheValid)) return null;
  const tranches = w.tranches.map((t) => ({ tenorYears: t.tenorYears, sizeMm: t.sizeMm }));
  if (w.mode === 'issuer') return w.issuerId ? { issuerId: Number(w.issuerId), tranches } : null;
  return w.sector && w.rating
    ? { sector: w.sector as CalculatorRequest['sector'], rating: w.rating as CalculatorRequest['rating'], tranches }
    : null;
}

/** A request with each tranche's overrides, as the server prices, exports and announces it. */
export function withOverrides(request: CalculatorRequest, overrides: TrancheOverrides[]): CalculatorRequest {
  return { ...request, tranches: request.tranches.map((t, k) => ({ ...t, ...definedOverrides(overrides[k]) })) };
}

function definedOverrides(o: TrancheOverrides | undefined): TrancheOverrides {
  const out: TrancheOverrides = {};
  for (const key of OVERRIDE_KEYS) if (o?.[key] !== undefined) out[key] = o[key];
  return out;
}

/** What a pricing sheet saves: everything on screen, even before an issuer is picked. */
export function worksheetContent(w: Worksheet): PricingSheetContent {
  const tranches = w.tranches.map((t, k) => ({ tenorYears: t.tenorYears, sizeMm: t.sizeMm, ...definedOverrides(w.overrides[k]) }));
  if (w.mode === 'issuer') return w.issuerId ? { issuerId: Number(w.issuerId), tranches } : { tranches };
  return {
    ...(w.sector ? { sector: w.sector as PricingSheetContent['sector'] } : {}),
    ...(w.rating ? { rating: w.rating as PricingSheetContent['rating'] } : {}),
    tranches,
  };
}

/** Why the sheet cannot be saved as it stands (a tenor being typed, say), or null. */
export function worksheetProblem(w: Worksheet): string | null {
  const parsed = pricingSheetContentSchema.safeParse(worksheetContent(w));
  if (parsed.success) return null;
  return humaneIssue(parsed.error.issues[0]);
}

/** A saved sheet back on screen. */
export function worksheetFromContent(c: PricingSheetContent): Worksheet {
  const hypothetical = c.issuerId === undefined && (c.sector !== undefined || c.rating !== undefined);
  return {
    mode: hypothetical ? 'hypothetical' : 'issuer',
    issuerId: c.issuerId === undefined ? null : String(c.issuerId),
    sector: c.sector ?? (hypothetical ? null : NEW_WORKSHEET.sector),
    rating: c.rating ?? (hypothetical ? null : NEW_WORKSHEET.rating),
    tranches: c.tranches.map((t) => ({ tenorYears: t.tenorYears, sizeMm: t.sizeMm })),
    overrides: c.tranches.map((t) => definedOverrides(t)),
  };
}
