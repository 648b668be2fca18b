import { HeaderError } from './report';
import { normalizeHeader } from './lines';

/** One logical column of a format: the name shown in messages and every accepted header spelling. */
export interface ColumnSpec<K extends string> {
  key: K;
  /** First alias is the display name used in messages. */
  names: readonly string[];
  required: boolean;
}

/** Where each logical column sits in the file (-1 when an optional column is absent). */
export type ColumnIndex<K extends string> = Record<K, number>;

/**
 * Maps a header row to column positions by name (any order, case and punctuation ignored). Missing
 * required columns refuse the whole file with a message naming each one and its accepted spellings.
 */
export function mapColumns<K extends string>(header: string[], specs: readonly ColumnSpec<K>[], format: string): ColumnIndex<K> {
  const positions = new Map<string, number>();
  header.forEach((name, i) => {
    const key = normalizeHeader(name);
    if (key && !positions.has(key)) positions.set(key, i);
  });
  const index = {} as ColumnIndex<K>;
  const missing: string[] = [];
  for (const spec of specs) {
    const found = spec.names.map((n) => positions.get(normalizeHeader(n))).find((p) => p !== undefined);
    index[spec.key] = found ?? -1;
    if (found === undefined && spec.required) {
      const others = spec.names.slice(1);
      missing.push(others.length > 0 ? `"${spec.names[0]}" (or ${others.map((n) => `"${n}"`).join(', ')})` : `"${spec.names[0]}"`);
    }
  }
  if (missing.length > 0) {
    const shown = header
      .slice(0, 12)
      .map((h) => `"${h.trim()}"`)
      .join(', ');
    throw new HeaderError(
      `not a ${format} file: missing required column${missing.length > 1 ? 's' : ''} ${missing.join(', ')}; the header has ${shown}${header.length > 12 ? ', …' : ''}`,
    );
  }
  return index;
}
