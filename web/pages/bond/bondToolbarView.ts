/** The bond toolbar's choices and column-toggle rule, without React. */
import type { BondTableFilters } from '@common/api/bondTables';
import type { BondTableColumn } from '@common/enums';
import { BOND_SENIORITIES, RATING_BUCKETS, RATING_CLASSES, SECTORS, TENOR_BUCKET_IDS } from '@common/market';

export interface FilterOption {
  value: string;
  label: string;
}

/** The filters picked from a list (several values each). */
export type MultiFilterKey = 'sector' | 'rating' | 'seniority' | 'tenor';

export const SECTOR_OPTIONS: FilterOption[] = SECTORS.map((s) => ({ value: s.code, label: s.name }));
// Chips carry the short name; the list says what each covers (by the lower of S&P and Moody's).
export const RATING_OPTIONS: FilterOption[] = [...RATING_CLASSES, ...RATING_BUCKETS].map((r) => ({ value: r, label: r }));
export const RATING_HINTS: Record<string, string> = {
  IG: 'BBB-/Baa3 and better',
  HY: 'BB+/Ba1 and below',
  CCC: 'CCC+/Caa1 and below',
};
export const SENIORITY_OPTIONS: FilterOption[] = BOND_SENIORITIES.map((s) => ({ value: s, label: s }));
export const TENOR_OPTIONS: FilterOption[] = TENOR_BUCKET_IDS.map((t) => ({ value: t, label: t }));

export type CallableChoice = 'all' | 'callable' | 'bullet';

export const CALLABLE_CHOICES: Array<{ value: CallableChoice; label: string }> = [
  { value: 'all', label: 'All' },
  { value: 'callable', label: 'Callable' },
  { value: 'bullet', label: 'Bullet' },
];

/** The callable switch's position for the filters (null: either). */
export function callableChoice(callable: BondTableFilters['callable']): CallableChoice {
  return callable === null ? 'all' : callable ? 'callable' : 'bullet';
}

/** The callable filter for a switch position. */
export function callableFilter(choice: string): BondTableFilters['callable'] {
  return choice === 'all' ? null : choice === 'callable';
}

/**
 * The shown columns after ticking or unticking one; null when unticking would leave none, since
 * the table needs at least one column.
 */
export function toggledColumns(visible: readonly BondTableColumn[], column: BondTableColumn, on: boolean): BondTableColumn[] | null {
  if (!on && visible.length === 1) return null;
  return on ? [...visible, column] : visible.filter((v) => v !== column);
}
