/**
 * The whole simulated universe in memory, before it touches the database: issuers, the hidden
 * factor paths over the history window, outstanding bonds and the window's new-issue deals.
 * Pure and deterministic: the same seed, size and end date give the same universe.
 */
import { SECTORS } from '../../../../common/market';
import { type SimBond, generateExistingBonds } from './bonds';
import { businessDaysEnding } from '../../../../common/calendar';
import { generateDeals, type SimDeal } from './deals';
import { generateIssuers, type SimIssuer } from './issuers';
import { type DayState, simulatePaths } from './paths';
import { Rng } from './random';

export interface UniverseOptions {
  /** Master seed. */
  seed: number;
  /** Total bonds at the end of the window (outstanding + new issues). */
  bonds: number;
  /** Issuers; default one per ten bonds, at least 20. */
  issuers?: number;
  /** Business days of history. */
  historyDays: number;
  /** Last business day of history (ISO). */
  endDate: string;
}

export interface Universe {
  options: UniverseOptions;
  days: DayState[];
  issuers: SimIssuer[];
  bonds: SimBond[];
  deals: SimDeal[];
}

/**
 * New issues a year as a share of the universe's bonds: ~17 %, so a 3,000-bond universe sees
 * 4–5 IG deals a week (the US IG market prices ~25–30 a week on a universe ~6× bigger).
 */
export const NEW_ISSUE_SHARE = 0.17;

/** Builds the universe. New issues make up NEW_ISSUE_SHARE of the bonds per year of window. */
export function generateUniverse(options: UniverseOptions): Universe {
  const { seed } = options;
  const dayList = businessDaysEnding(options.endDate, Math.max(1, options.historyDays));
  const issuerCount = options.issuers ?? Math.max(20, Math.round(options.bonds / 10));
  const issuers = generateIssuers(new Rng(seed, 'issuers'), issuerCount, dayList);
  const days = simulatePaths(
    seed,
    dayList,
    SECTORS.map((s) => s.code),
    issuers.map((i) => String(i.index)),
  );
  const nextIssue = issuers.map(() => 0);
  // New issues in the window come from deals; the rest of the bonds were outstanding already.
  const windowYears = dayList.length / 252;
  const dealTarget = Math.round(options.bonds * NEW_ISSUE_SHARE * windowYears);
  const dealBonds: SimBond[] = [];
  // Deals never price on the last day, so every new bond has settled (issued) by the end.
  const dealDays = days.slice(0, -1).map((d) => ({ date: d.date, curve: d.curveObj, spreads: d.spreads }));
  const deals = options.bonds >= 20 ? generateDeals(new Rng(seed, 'deals'), issuers, dealDays, dealTarget, dealBonds, nextIssue) : [];
  // Deals were built with their own bond indexes from 0; place them after the outstanding bonds.
  const existingCount = Math.max(issuers.length, options.bonds - dealBonds.length);
  const bonds = generateExistingBonds(new Rng(seed, 'bonds'), issuers, existingCount, dayList[0]!, dayList[dayList.length - 1]!, nextIssue);
  const offset = bonds.length;
  for (const b of dealBonds) bonds.push({ ...b, index: b.index + offset });
  for (const d of deals) for (const t of d.tranches) t.bond += offset;
  return { options, days, issuers, bonds, deals };
}
