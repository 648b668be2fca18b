/**
 * A tranche's make-whole call as the bond stores it (bonds.make_whole_spread_bp and
 * make_whole_until): the spread over Treasuries the sheet states and the last day it applies — the
 * par call date, from which the bond is callable at par instead, else the maturity. Both null when
 * the sheet states no make-whole.
 */
import type { TermSheetReading } from '../../../../common/api/edgar';

type Tranche = TermSheetReading['tranches'][number];

export function makeWholeTerms(t: Pick<Tranche, 'makeWholeBp' | 'parCallDate' | 'maturityDate'>): {
  make_whole_spread_bp: number | null;
  make_whole_until: string | null;
} {
  if (t.makeWholeBp === null) return { make_whole_spread_bp: null, make_whole_until: null };
  return { make_whole_spread_bp: t.makeWholeBp, make_whole_until: t.parCallDate ?? t.maturityDate };
}
