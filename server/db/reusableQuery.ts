import type { Compilable, CompiledQuery, Kysely, QueryResult } from 'kysely';
import type { Database } from './schema';

/**
 * A hot statement built with Kysely once per database and then run with new parameter values.
 *
 * Building and compiling a big select (the bond detail: the bond-table row's joins plus JSON
 * sub-selects) walks and freezes Kysely's operation tree on every request: under the API
 * benchmark's load that was a third of the detail's server CPU, for SQL text that never changes
 * (only the parameters do — and the statement is prepared, db/prepared.ts, so PostgreSQL does not
 * re-plan it either). The query is built with `placeholders`, values that appear nowhere else in
 * it; each call puts its own values where those were.
 */
export function reusableQuery<P extends readonly unknown[], R>(
  build: (db: Kysely<Database>, ...params: P) => Compilable<R>,
  placeholders: P,
): (db: Kysely<Database>, ...params: P) => Promise<QueryResult<R>> {
  if (new Set(placeholders).size !== placeholders.length) throw new Error('reusableQuery: placeholders must differ');
  const compiledPer = new WeakMap<object, { query: CompiledQuery<R>; slots: number[] }>();
  const templateOf = (db: Kysely<Database>) => {
    let template = compiledPer.get(db);
    if (template) return template;
    const query = build(db, ...placeholders).compile();
    // For each parameter of the compiled statement, which of ours it is (-1: a constant of the query).
    const slots = query.parameters.map((value) => placeholders.indexOf(value));
    placeholders.forEach((placeholder, k) => {
      if (!slots.includes(k)) throw new Error(`reusableQuery: placeholder ${String(placeholder)} is not a parameter of the query`);
    });
    compiledPer.set(db, (template = { query, slots }));
    return template;
  };
  return (db, ...params) => {
    const { query, slots } = templateOf(db);
    const parameters = query.parameters.map((constant, k) => (slots[k]! >= 0 ? params[slots[k]!] : constant));
    return db.executeQuery({ ...query, parameters });
  };
}
