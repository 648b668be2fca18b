import { vi } from 'vitest';
import type { z } from 'zod';

/** One request the page sent, as the server would see it. */
export interface ApiCall {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: Headers;
  /** Sent with keepalive, so it may outlive the page. */
  keepalive: boolean;
  /** The JSON body, parsed; undefined when there was none. */
  body: unknown;
}

/** A recorded answer: a JSON body (status 200), a whole Response, or a function of the call. */
export type ApiAnswer = unknown | Response | ((call: ApiCall) => unknown | Response | Promise<unknown | Response>);

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/**
 * A recorded body checked against its route's response schema (common/api): a test that records
 * an answer the server could no longer send fails here, not in a page that trusts the shape.
 */
export const shaped = <S extends z.ZodType>(schema: S, body: z.input<S>): z.output<S> => schema.parse(body);

/** A JSON refusal in the server's `{ error }` shape. */
export const refusal = (status: number, error: string) => json(status, { error });

/**
 * Tests the web app at the HTTP boundary: stubs the global `fetch` and answers each request from
 * `answers`, keyed "METHOD /path" (no query string), so the app's own client, schemas and session
 * code all run. A request with no recorded answer gets a 404 refusal naming it, and is recorded
 * like the others. Undo with vi.unstubAllGlobals() (the web project's setup does after each test).
 */
export function serveApi(answers: Record<string, ApiAnswer> = {}) {
  const recorded = new Map(Object.entries(answers));
  const calls: ApiCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = new URL(String(input), 'http://localhost');
      const method = (init.method ?? 'GET').toUpperCase();
      const body = typeof init.body === 'string' && init.body !== '' ? JSON.parse(init.body) : undefined;
      const call: ApiCall = {
        method,
        path: url.pathname,
        query: url.searchParams,
        headers: new Headers(init.headers),
        keepalive: init.keepalive === true,
        body,
      };
      calls.push(call);
      const key = `${method} ${url.pathname}`;
      if (!recorded.has(key)) return refusal(404, `no recorded answer for ${key}`);
      const answer = recorded.get(key);
      const value = typeof answer === 'function' ? await (answer as (c: ApiCall) => unknown)(call) : answer;
      return value instanceof Response ? value : json(200, value ?? {});
    }),
  );
  return {
    calls,
    /** The calls made to one "METHOD /path". */
    callsTo: (key: string) => calls.filter((c) => `${c.method} ${c.path}` === key),
    /** Records (or replaces) the answer to one "METHOD /path". */
    answer: (key: string, answer: ApiAnswer) => recorded.set(key, answer),
  };
}
