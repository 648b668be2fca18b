/**
 * API contract of custom bond tables (/bw/bond/config): named bond-table views — columns, primary
 * and secondary sort, filters — saved server-side per user and addressed by uuid (so they can be
 * shared later). The limits below are used by the server schema, the database and the editor form.
 *
 * - GET    /v2/bond-tables            → { tables } (the caller's, most recently updated first)
 * - POST   /v2/bond-tables            → 201 BondTable
 * - GET    /v2/bond-tables/{id}       → BondTable
 * - PATCH  /v2/bond-tables/{id}       → BondTable (any subset of the fields: rename, re-configure)
 * - POST   /v2/bond-tables/{id}/duplicate → 201 BondTable ("{name} (copy)")
 * - DELETE /v2/bond-tables/{id}       → 204
 * Owner only: another user's table answers 403, an unknown uuid 404, a malformed one 400.
 */
import { z } from 'zod';
import { BOND_TABLE_COLUMNS } from '../enums';
import { RATING_FILTER_VALUES } from './bond';
import { TENOR_BUCKET_IDS } from '../market';
import { sharedWithCallerSchema } from './shares';
import { path } from './path';

export const BOND_TABLE_NAME_MAX_LENGTH = 80;
/** Custom tables one user may keep. */
export const BOND_TABLES_PER_USER_MAX = 100;
/** Values per filter (sectors, ratings, seniorities, issuers). */
export const BOND_TABLE_FILTER_VALUES_MAX = 50;
export const BOND_TABLE_QUERY_MAX_LENGTH = 60;

export const BOND_TABLE_PATHS = {
  list: '/v2/bond-tables',
  one: path('/v2/bond-tables/:id'),
  duplicate: path('/v2/bond-tables/:id/duplicate'),
} as const;

const column = z.enum(BOND_TABLE_COLUMNS);

/** Filters of a saved table: the bond list's filter parameters (common/api/bond.ts). */
export const bondTableFiltersSchema = z.object({
  sector: z.array(z.string().min(1).max(40)).max(BOND_TABLE_FILTER_VALUES_MAX).default([]),
  rating: z.array(z.enum(RATING_FILTER_VALUES)).max(BOND_TABLE_FILTER_VALUES_MAX).default([]),
  seniority: z.array(z.string().min(1).max(60)).max(BOND_TABLE_FILTER_VALUES_MAX).default([]),
  tenor: z.array(z.enum(TENOR_BUCKET_IDS)).max(TENOR_BUCKET_IDS.length).default([]),
  /** true: callables only; false: bullets only; null: both. */
  callable: z.boolean().nullable().default(null),
  q: z.string().trim().max(BOND_TABLE_QUERY_MAX_LENGTH).nullable().default(null),
  /**
   * Issuers (database ids), e.g. from the sector overview's "bonds of this issuer". Kept in saved
   * tables too: "the bonds of these issuers" is a view worth naming, and an id (unlike a ticker
   * prefix in `q`) cannot match another issuer. Defaults to [] so tables saved before it existed
   * still parse.
   */
  issuerId: z.array(z.number().int().positive()).max(BOND_TABLE_FILTER_VALUES_MAX).default([]),
});
export type BondTableFilters = z.infer<typeof bondTableFiltersSchema>;

export const bondTableNameSchema = z
  .string()
  .trim()
  .min(1, 'Enter a name')
  .max(BOND_TABLE_NAME_MAX_LENGTH, `At most ${BOND_TABLE_NAME_MAX_LENGTH} characters`);

/** Columns in display order: at least one, each at most once. */
const columnsSchema = z
  .array(column)
  .min(1, 'Choose at least one column')
  .max(BOND_TABLE_COLUMNS.length)
  .refine((list) => new Set(list).size === list.length, 'Each column at most once');

export const bondTableConfigSchema = z.object({
  columns: columnsSchema,
  primarySort: column.nullable(),
  primaryDescending: z.boolean(),
  secondarySort: column.nullable(),
  secondaryDescending: z.boolean(),
  filters: bondTableFiltersSchema,
});

/** POST body: a name, and any configuration (defaults: the standard columns, volume descending). */
export const bondTableCreateBodySchema = bondTableConfigSchema.partial().extend({ name: bondTableNameSchema });
export type BondTableCreateBody = z.input<typeof bondTableCreateBodySchema>;

/** PATCH body: any subset (rename = `{ name }`). */
export const bondTableUpdateBodySchema = bondTableConfigSchema.partial().extend({ name: bondTableNameSchema.optional() });
export type BondTableUpdateBody = z.input<typeof bondTableUpdateBodySchema>;

export const bondTableSchema = bondTableConfigSchema.extend({
  id: z.string().uuid(),
  name: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Present when the table is someone else's, shared with the caller (common/api/shares.ts). */
  shared: sharedWithCallerSchema.optional(),
});
export type BondTable = z.infer<typeof bondTableSchema>;
export type BondTableConfig = z.infer<typeof bondTableConfigSchema>;

export const bondTableListResponseSchema = z.object({ tables: z.array(bondTableSchema) });
export type BondTableListResponse = z.infer<typeof bondTableListResponseSchema>;

export const bondTableIdParamsSchema = z.object({ id: z.string().uuid('must be a uuid') });

/** Columns a new table starts with (the desk's everyday view). */
export const DEFAULT_BOND_TABLE_COLUMNS = [
  'description',
  'ticker',
  'bondIdentifier',
  'ratingMoody',
  'coupon',
  'maturityDate',
  'price',
  'changePrice',
  'yieldToWorst',
  'changeYTW',
  'gSpread',
  'changeGSpread',
  'duration',
  'volume',
  'amountIssued',
  'confidence',
  'source',
] as const satisfies ReadonlyArray<(typeof BOND_TABLE_COLUMNS)[number]>;
