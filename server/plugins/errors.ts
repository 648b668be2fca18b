import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { DATABASE_UNAVAILABLE_MESSAGE, isDatabaseUnavailable } from '../db/connectionErrors';
import { reportServerError } from './errorReporting';
import { REFUSAL_STATUS, ServiceRefusal } from '../services/refusal';
import { queryRefusal } from '../../common/api/shared';

/** An error a route or service raises on purpose; its message is shown to the client as is. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const badRequest = (message: string) => new HttpError(400, message);
/**
 * A query refused by a check its contract cannot make (one end of a range defaulted to today), in
 * the validator's form ("Invalid querystring.from: …", `queryRefusal` of common/api/shared): clients
 * and web/api/humaneError read it as the contract's own refusal, a sentence naming the field.
 */
export const badQuery = (field: string, message: string) => badRequest(queryRefusal(field, message));
export const unauthorized = (message = 'Authentication required') => new HttpError(401, message);
export const forbidden = (message = 'You do not have permission to do this') => new HttpError(403, message);
export const notFound = (message = 'Not found') => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);
export const tooManyRequests = (message = 'Too many requests, try again later') => new HttpError(429, message);

/** Fastify's own client errors whose messages are safe and useful to show. */
const CLIENT_ERROR_MESSAGES: Record<number, string> = {
  413: 'Request body is too large',
  415: 'Unsupported content type',
  429: 'Too many requests, try again later',
};

/**
 * PostgreSQL errors that mean the request asked for something impossible rather than that the
 * server failed (SQLSTATE classes 22 data exception and 23 integrity violation). Validation
 * should refuse such input first; this net keeps a gap from becoming a 500.
 */
function databaseInputError(err: unknown): { status: number; error: string } | null {
  const code = typeof err === 'object' && err !== null && 'code' in err ? (err as { code: unknown }).code : null;
  if (typeof code !== 'string' || !/^2[23][0-9A-Z]{3}$/.test(code)) return null;
  if (code === '23505') return { status: 409, error: 'That already exists' };
  if (code === '23503') return { status: 409, error: 'That refers to something that does not exist (any more)' };
  if (code.startsWith('23')) return { status: 409, error: 'That change conflicts with the data as stored' };
  return { status: 400, error: 'A value in the request is out of range or not valid for its field' };
}

/**
 * One error handler for the whole API: every failure answers JSON `{ "error": "text" }`.
 * Validation failures name the field; 5xx answers never carry internals, only the request id
 * that finds the full error in the server log.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(err)) {
      const context = err.validationContext ?? 'request';
      const text = err.validation
        .map((v) => {
          const field = v.instancePath.replace(/^\//, '').replace(/\//g, '.');
          return `${context}${field ? `.${field}` : ''}: ${v.message}`;
        })
        .join('; ');
      return reply.code(400).send({ error: `Invalid ${text}` });
    }
    if (err instanceof ServiceRefusal) return reply.code(REFUSAL_STATUS[err.kind]).send({ error: err.message });
    if (err instanceof HttpError) {
      if (err.statusCode >= 500) {
        request.log.error({ err }, 'service error');
        reportServerError(err, request);
      }
      return reply.code(err.statusCode).send({ error: err.message });
    }
    if (isResponseSerializationError(err)) {
      request.log.error({ err, issues: err.cause.issues }, 'response does not match its schema');
      reportServerError(err, request);
      return reply.code(500).send({ error: `Internal server error (request ${request.id})` });
    }
    const fromDatabase = databaseInputError(err);
    if (fromDatabase) {
      request.log.warn({ err }, 'input refused by the database');
      return reply.code(fromDatabase.status).send({ error: fromDatabase.error });
    }
    if (err.code === 'FST_PARTS_LIMIT' || err.code === 'FST_FILES_LIMIT' || err.code === 'FST_FIELDS_LIMIT') {
      // Too many parts is a malformed upload (the client's mistake), not a body that is too large.
      return reply.code(400).send({ error: 'Too many parts in the upload: send one file part and at most 10 fields' });
    }
    const status = typeof err.statusCode === 'number' ? err.statusCode : 500;
    if (status >= 400 && status < 500) {
      const message = CLIENT_ERROR_MESSAGES[status] ?? err.message ?? 'Bad request';
      if (status === 429 && err.message) return reply.code(429).send({ error: err.message });
      return reply.code(status).send({ error: message });
    }
    if (isDatabaseUnavailable(err)) {
      // Transient: the pool reconnects by itself; clients retry on 503 (Retry-After says when).
      request.log.warn({ err }, 'database unavailable');
      return reply.code(503).header('retry-after', '2').send({ error: DATABASE_UNAVAILABLE_MESSAGE });
    }
    request.log.error({ err }, 'unhandled error');
    reportServerError(err, request);
    return reply.code(500).send({ error: `Internal server error (request ${request.id})` });
  });

  app.setNotFoundHandler((request, reply) => {
    reply.code(404).send({ error: `No route ${request.method} ${request.url.split('?')[0]}` });
  });
}
