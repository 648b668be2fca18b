/**
 * Bulk reads as one packed text value. On PGlite the per-row cost of the wire protocol dominates
 * (300k rows of 7 columns take seconds as rows, well under one second as one string_agg value),
 * and on PostgreSQL it is no slower; so the pricing engine's large reads come back as a single
 * string with unit/record separators and are split in JavaScript.
 */
import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { Database } from '../../db/schema';
import { preparedStatement } from '../../db/prepared';

export const FIELD_SEP = '\x1f';
export const RECORD_SEP = '\x1e';

/**
 * Runs `inner`, which must select one text column named `r` (fields joined with
 * {@link FIELD_SEP}, e.g. by {@link packFields}), and returns its rows split into fields.
 */
export async function fetchPacked(
  db: Kysely<Database>,
  inner: RawBuilder<unknown>,
  options: { prepared?: boolean } = {},
): Promise<string[][]> {
  // Prepared only where the caller says so: a request-path read of a fixed shape (prepared.ts).
  // The pricing engine's bulk reads keep per-execution plans, which see their ranges' sizes.
  const { rows } = await sql<{
    s: string | null;
  }>`select ${options.prepared ? preparedStatement : sql``} string_agg(q.r, ${RECORD_SEP}) as s from (${inner}) q`.execute(db);
  const s = rows[0]?.s;
  if (!s) return [];
  const records = s.split(RECORD_SEP);
  const out = new Array<string[]>(records.length);
  for (let i = 0; i < records.length; i++) out[i] = records[i]!.split(FIELD_SEP);
  return out;
}

/** `concat_ws(<field sep>, a, b, …) as r` for the given SQL expressions (nulls become ''). */
export function packFields(expressions: string[]): RawBuilder<unknown> {
  return sql.raw(`${packedText(expressions)} as r`);
}

/** The packed text of packFields without its alias (for use inside a larger expression). */
export function packedText(expressions: string[]): string {
  const parts = expressions.map((e) => `coalesce((${e})::text, '')`).join(', ');
  return `concat_ws(E'\\x1f', ${parts})`;
}

/** '' → null, else Number. */
export function numOrNull(text: string | undefined): number | null {
  return text === undefined || text === '' ? null : Number(text);
}

/**
 * Bulk writes the same way round: the rows travel as one JSON parameter expanded by
 * json_to_recordset. On PGlite this costs about half of unnest over one array parameter per
 * column (pg's array serialisation and float8 array parsing are the slow parts), and on
 * PostgreSQL about the same. `columns` are [name, SQL type]; rows are objects keyed by name.
 */
export function jsonRecordset(
  rows: readonly Record<string, unknown>[],
  columns: readonly (readonly [string, string])[],
): RawBuilder<unknown> {
  const def = columns.map(([name, type]) => `${name} ${type}`).join(', ');
  return sql`json_to_recordset(${JSON.stringify(rows)}::json) as x(${sql.raw(def)})`;
}
