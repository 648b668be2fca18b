import type { FeatureName } from '@common/features';
import type { BondTableColumn } from '@common/enums';

/**
 * Data only a feature unlocks, declared once each by what the data is — not by how one response
 * spells it. Every reader goes through this list: the response gate (`withoutGatedData`, applied
 * to every `/v2` answer by plugins/access.ts and by the routes that send files), the bond table's
 * columns and filters (routes/bond/columnAccess.ts), market hawk's rules, backtests and firings
 * (services/hawk), and docs/access.md (plugins/accessDoc.ts). The generated test
 * (server/policies/gatedData.test.ts) walks every route and every notification kind as a user
 * without each feature, and every response schema for a field spelled like a gated one but not
 * declared here.
 */
export type GatedDatumName = 'sp_ratings' | 'discount_margin' | 'term_structure_levels' | 'term_structure_bonds';

/** A place in one route's answer: object keys, `*` for every element of an array. */
export interface RoutePath {
  /** "METHOD /path" as the route inventory names it. */
  route: string;
  path: readonly string[];
  /** Only when the answer's root says so (the calculator echoes a rating the caller typed in). */
  when?: (root: Readonly<Record<string, unknown>>) => boolean;
  /** What the caller gets instead: null (default), or an empty list. */
  withheldAs?: 'null' | 'empty';
}

export interface GatedDatum {
  name: GatedDatumName;
  feature: FeatureName;
  /** In words, for docs/access.md. */
  what: string;
  /** Field names that carry it wherever they appear in an answer (any depth): null without the feature. */
  fields: readonly string[];
  /** A key that carries it only beside a sibling (a bond's `ratings.sp` beside `ratings.moody`): null. */
  pairedKey?: { key: string; beside: string };
  /** List entries that are it (`{ agency: 'sp', … }` in a ratings history): left out. */
  entry?: { key: string; value: string };
  /** Places in particular answers whose field names are too general to gate everywhere. */
  routePaths?: readonly RoutePath[];
  /** Bond-table columns that show it: left out of the defaults, refused when asked for. */
  columns?: readonly BondTableColumn[];
  /** Query filters that select by it (their results tell it): refused without the feature. */
  filters?: readonly string[];
  /** Market hawk rating rules on this agency read it: refused at save and backtest, never fired without the feature. */
  hawkRatingAgency?: { agency: 'sp'; label: string };
}

export const GATED_DATA: readonly GatedDatum[] = [
  {
    name: 'sp_ratings',
    feature: 's_and_p_ratings',
    what: "a bond's or deal's S&P rating, its history and alerts on it",
    fields: ['ratingSP', 'ratingSp'],
    pairedKey: { key: 'sp', beside: 'moody' },
    entry: { key: 'agency', value: 'sp' },
    routePaths: [
      // The issuer's rating, read from its largest bond — unless the caller typed one in for a hypothetical issuer.
      { route: 'POST /v2/primary/calculator', path: ['rating'], when: (root) => root.issuer !== null },
      { route: 'POST /v2/primary/calculator/xlsx', path: ['rating'], when: (root) => root.issuer !== null },
      { route: 'GET /v2/primary/pricing-sheet/:id/xlsx', path: ['rating'], when: (root) => root.issuer !== null },
    ],
    columns: ['ratingSP'],
    filters: ['rating'],
    hawkRatingAgency: { agency: 'sp', label: 'S&P ratings' },
  },
  {
    name: 'discount_margin',
    feature: 'bond_table_discount_margin',
    what: "a floating-rate bond's discount margin",
    fields: ['discountMargin'],
    columns: ['discountMargin'],
  },
  {
    name: 'term_structure_levels',
    feature: 'term_structure_change_non_delta_metrics',
    what: "the term-structure change's curve levels on each date (only the changes without it)",
    fields: [],
    routePaths: ['buckets', 'bonds'].flatMap((list) =>
      ['from', 'to'].map((end) => ({ route: 'GET /v2/market/term-structure-change', path: [list, '*', end] })),
    ),
  },
  {
    name: 'term_structure_bonds',
    feature: 'term_structure_change_visual_bond',
    what: "the term-structure change's bond points",
    fields: [],
    routePaths: [{ route: 'GET /v2/market/term-structure-change', path: ['bonds'], withheldAs: 'empty' }],
  },
];

export function gatedDatum(name: GatedDatumName): GatedDatum {
  return GATED_DATA.find((d) => d.name === name)!;
}

/** The data a caller with these features may not read. */
export function withheldData(features: ReadonlySet<FeatureName>): GatedDatum[] {
  return GATED_DATA.filter((d) => !features.has(d.feature));
}

/** A name for what a caller with these features may read (equal for equal answers). */
export function gatedVariant(features: ReadonlySet<FeatureName>): string {
  return GATED_DATA.map((d) => (features.has(d.feature) ? '1' : '0')).join('');
}

/** Every field name a gated datum is declared under (the schema check reads it). */
export const GATED_FIELD_NAMES: ReadonlySet<string> = new Set(GATED_DATA.flatMap((d) => d.fields));

const ROUTES_WITH_PATHS: ReadonlySet<string> = new Set(GATED_DATA.flatMap((d) => (d.routePaths ?? []).map((p) => p.route)));

/**
 * Whether an answer may hold anything gated (a gated field, an `sp` rating beside a `moody` one,
 * an S&P history entry, or it is a route with declared paths). When it holds none it is the same
 * for every caller, so the caller's features need not be read: a notification poll answers
 * thousands of held requests at once, and each would otherwise re-read them.
 */
export function holdsGatedData(value: unknown, route?: string): boolean {
  if (route !== undefined && ROUTES_WITH_PATHS.has(route)) return true;
  return holds(value, 0);
}

function holds(value: unknown, depth: number): boolean {
  if (value === null || typeof value !== 'object' || depth > 12) return false;
  if (Array.isArray(value)) return value.some((item) => isEntry(item, GATED_DATA) || holds(item, depth + 1));
  for (const [key, item] of Object.entries(value as Record<string, unknown>)) {
    if (GATED_FIELD_NAMES.has(key) || isPaired(value as object, key, GATED_DATA)) return true;
    if (holds(item, depth + 1)) return true;
  }
  return false;
}

function isEntry(item: unknown, data: readonly GatedDatum[]): boolean {
  if (!item || typeof item !== 'object') return false;
  return data.some((d) => d.entry && (item as Record<string, unknown>)[d.entry.key] === d.entry.value);
}

function isPaired(parent: object, key: string, data: readonly GatedDatum[]): boolean {
  return data.some((d) => d.pairedKey?.key === key && d.pairedKey.beside in parent);
}

/**
 * An answer as a caller with these features may have it: every gated datum the caller lacks the
 * feature for is withheld (its fields null, its list entries left out, its route paths null or
 * empty). A copy: answers may be shared between callers through caches. Of the same type: every
 * gated field is nullable in its response schema (the schema check of gatedData.test.ts).
 */
export function withoutGatedData<T>(value: T, features: ReadonlySet<FeatureName>, route?: string): T {
  const hidden = withheldData(features);
  if (hidden.length === 0) return value;
  return withheld(value, hidden, route) as T;
}

function withheld(value: unknown, hidden: readonly GatedDatum[], route: string | undefined): unknown {
  const fields = new Set(hidden.flatMap((d) => d.fields));
  let out = strip(value, fields, hidden, 0);
  if (route === undefined || out === null || typeof out !== 'object') return out;
  const root = out as Record<string, unknown>;
  for (const d of hidden)
    for (const p of d.routePaths ?? [])
      if (p.route === route && (!p.when || p.when(root))) out = withheldAt(out, p.path, p.withheldAs === 'empty' ? [] : null);
  return out;
}

function strip(value: unknown, fields: ReadonlySet<string>, hidden: readonly GatedDatum[], depth: number): unknown {
  if (value === null || typeof value !== 'object' || depth > 12) return value;
  if (Array.isArray(value)) return value.filter((item) => !isEntry(item, hidden)).map((item) => strip(item, fields, hidden, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value as Record<string, unknown>)) {
    const withheld = fields.has(key) || isPaired(value, key, hidden);
    out[key] = withheld ? null : strip(item, fields, hidden, depth + 1);
  }
  return out;
}

/** A copy of `value` with what is at `path` replaced (nothing there: unchanged). */
function withheldAt(value: unknown, path: readonly string[], replacement: unknown): unknown {
  if (path.length === 0) return replacement;
  if (value === null || typeof value !== 'object') return value;
  const [head, ...rest] = path;
  if (head === '*') return Array.isArray(value) ? value.map((item) => withheldAt(item, rest, replacement)) : value;
  if (Array.isArray(value) || !(head! in value)) return value;
  return { ...(value as Record<string, unknown>), [head!]: withheldAt((value as Record<string, unknown>)[head!], rest, replacement) };
}
