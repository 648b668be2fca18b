import { sql } from 'kysely';
import type pg from 'pg';

/**
 * Prepared statements for the hot read queries, on both engines.
 *
 * Kysely sends every statement unnamed, so PostgreSQL plans it again at each execution. For the
 * market reads that plan is most of the work: the bond detail (a dozen joins and four JSON
 * sub-selects) took 5.7–9.9 ms to plan and 1.0–1.1 ms to run (EXPLAIN ANALYZE on the 30,000-bond
 * benchmark universe), and planning was most of the database's CPU under the API benchmark's
 * mixed load. A statement whose SQL carries {@link PREPARED_MARK} is sent as a named statement
 * instead: node-postgres parses it once per connection and then only binds and executes it, and
 * each connection is set to use the generic plan for named statements, so it is never re-planned
 * (only marked statements are named, so nothing else changes).
 *
 * Names are unique across every connection of the process, not only per connection: PGlite has
 * one backend behind all its pooled sessions, so two sessions preparing the same name would
 * collide there.
 */
export const PREPARED_MARK = '/*prepared*/';

/** For Kysely select builders: `.modifyFront(preparedStatement)` puts the mark after `select`. */
export const preparedStatement = sql.raw(PREPARED_MARK);

/** How far into a statement's text the mark is looked for (after `select ` or leading whitespace). */
const MARK_WITHIN = 40;
let nextName = 1;

type QueryFn = (...args: unknown[]) => unknown;

/**
 * Makes a pool's connections send marked statements as named, prepared ones; call once per pool,
 * before its first query. Connections are patched as the pool opens them.
 */
export function usePreparedStatements(pool: pg.Pool): void {
  pool.on('connect', (client) => {
    const names = new Map<string, string>();
    const query = client.query.bind(client) as QueryFn;
    // Queued ahead of anything the pool's user sends on this connection.
    void (client.query('set plan_cache_mode = force_generic_plan') as Promise<unknown>).catch(() => {});
    (client as unknown as { query: QueryFn }).query = (text: unknown, ...rest: unknown[]) => {
      if (typeof text !== 'string' || !text.slice(0, MARK_WITHIN).includes(PREPARED_MARK) || !Array.isArray(rest[0])) {
        return query(text, ...rest);
      }
      let name = names.get(text);
      if (!name) names.set(text, (name = `bw_${nextName++}`));
      return query({ name, text, values: rest[0] }, ...rest.slice(1));
    };
  });
}
