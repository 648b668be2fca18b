import type { DisplayNamePreview, DisplayNameSubject } from '@common/api/adminDisplayNames';

/** The kinds of subject an override can name, as the search's segmented control offers them. */
export const SUBJECT_TYPES: { value: DisplayNameSubject; label: string }[] = [
  { value: 'issuer', label: 'Issuer' },
  { value: 'bond', label: 'Bond' },
];

/** What the search matches for each kind of subject. */
export const searchPlaceholder = (type: DisplayNameSubject) => (type === 'issuer' ? 'Ticker or name' : 'CUSIP or description');

/** The bond-table columns a preview compares, before and after. */
export const PREVIEW_FIELDS = ['issuer', 'displayName', 'description'] as const;

/** The line over a preview: how many rows change, and how many of them the server sent. */
export function previewSummary(preview: DisplayNamePreview): string {
  const partial = preview.bondCount > preview.rows.length ? `; the first ${preview.rows.length}` : '';
  return `${preview.bondCount} bond-table row(s) change${partial}:`;
}
