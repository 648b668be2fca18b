/**
 * Which errors mean "the database cannot be reached right now" rather than "this query is wrong".
 * The error handler answers them 503 (try again), `/health` reports the database as down, and the
 * pool drops the broken connection and opens a new one on the next request, so nothing else is
 * needed to recover once the server is back.
 */

/** SQLSTATE classes and codes of a lost or refused server connection. */
const UNAVAILABLE_SQLSTATES = new Set([
  '57P01', // admin_shutdown: pg_terminate_backend, or a fast shutdown/restart
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now: the server is starting up or shutting down
  '53300', // too_many_connections
]);

/** Node socket errors of a refused, reset or timed-out connection. */
const UNAVAILABLE_NODE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);

/** Messages pg raises without a code when a connection dies or cannot be had in time. */
const UNAVAILABLE_MESSAGES = [
  /Connection terminated/i,
  /timeout exceeded when trying to connect/i,
  /Client has encountered a connection error and is not queryable/i,
  /Client was closed and is not queryable/i,
];

export function isDatabaseUnavailable(err: unknown): boolean {
  if (!(err instanceof Error)) return false;
  const code = (err as { code?: unknown }).code;
  if (typeof code === 'string') {
    if (code.startsWith('08')) return true; // connection_exception class
    if (UNAVAILABLE_SQLSTATES.has(code) || UNAVAILABLE_NODE_CODES.has(code)) return true;
  }
  if (UNAVAILABLE_MESSAGES.some((re) => re.test(err.message))) return true;
  // AggregateError from a host that resolves to several addresses, all refused.
  if (err instanceof AggregateError) return err.errors.some(isDatabaseUnavailable);
  return false;
}

export const DATABASE_UNAVAILABLE_MESSAGE = 'The database is unavailable; try again shortly';
