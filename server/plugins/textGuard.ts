import type { FastifyInstance } from 'fastify';
import { badRequest } from './errors';

/**
 * Text PostgreSQL cannot store never reaches a service: a NUL character (`\u0000`, `%00`) or a
 * lone UTF-16 surrogate (`\ud800`) in any string of the query, the path parameters or a JSON body
 * is a 400 naming the field, for every route, before its schema runs. (PostgreSQL refuses both in
 * text and JSON, which surfaced as a 500 wherever such a value was stored.)
 */
export function registerTextGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    const found = badText(request.params, 'params') ?? badText(request.query, 'querystring') ?? badText(request.body, 'body');
    if (found) throw badRequest(`Invalid ${found.path}: ${found.problem}`);
  });
}

/** Deepest nesting inspected; deeper JSON is refused by the route schemas anyway. */
const MAX_DEPTH = 32;

/** The first string (or key) at `value` that PostgreSQL could not store, with its path. */
export function badText(value: unknown, path: string, depth = 0): { path: string; problem: string } | null {
  if (typeof value === 'string') return textProblem(value, path);
  if (value === null || typeof value !== 'object' || depth > MAX_DEPTH) return null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const hit = badText(value[i], `${path}.${i}`, depth + 1);
      if (hit) return hit;
    }
    return null;
  }
  for (const [key, item] of Object.entries(value as Record<string, unknown>)) {
    const keyProblem = textProblem(key, `${path} key`);
    if (keyProblem) return keyProblem;
    const hit = badText(item, `${path}.${key}`, depth + 1);
    if (hit) return hit;
  }
  return null;
}

/** A high surrogate not followed by a low one, or a low one not preceded by a high one. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

function textProblem(text: string, path: string): { path: string; problem: string } | null {
  if (text.includes('\u0000')) return { path, problem: 'must not contain a NUL character' };
  if (LONE_SURROGATE.test(text)) return { path, problem: 'must be valid Unicode text (it contains a lone surrogate)' };
  return null;
}
