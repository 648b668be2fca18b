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
  /** The body as sent when it is not JSON text: a file, a form. */
  raw: RequestInit['body'];
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
 * An XMLHttpRequest (the client sends uploads with it, for their progress) answered like fetch:
 * the whole body is reported sent in one progress event, then the recorded answer loads.
 */
function recordedXhr(respond: (url: string, init: RequestInit) => Promise<Response>) {
  return class RecordedXhr {
    upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    withCredentials = false;
    status = 0;
    statusText = '';
    responseText = '';
    private request: { method: string; url: string; headers: Headers } = { method: 'GET', url: '', headers: new Headers() };
    private answered = new Headers();
    open(method: string, url: string) {
      this.request = { method, url, headers: new Headers() };
    }
    setRequestHeader(name: string, value: string) {
      this.request.headers.set(name, value);
    }
    getAllResponseHeaders(): string {
      return [...this.answered].map(([name, value]) => `${name}: ${value}`).join('\r\n');
    }
    abort() {
      this.onabort?.();
    }
    send(body: XMLHttpRequestBodyInit | null) {
      const { method, url, headers } = this.request;
      void respond(url, { method, headers, body }).then(
        async (response) => {
          this.upload.onprogress?.(new ProgressEvent('progress', { lengthComputable: true, loaded: 1, total: 1 }));
          this.status = response.status;
          this.statusText = response.statusText;
          this.answered = response.headers;
          this.responseText = await response.text();
          this.onload?.();
        },
        () => this.onerror?.(),
      );
    }
  };
}

/**
 * Tests the web app at the HTTP boundary: stubs the global `fetch` (and XMLHttpRequest, for
 * uploads) and answers each request from `answers`, keyed "METHOD /path" (no query string), so
 * the app's own client, schemas and session code all run. A request with no recorded answer gets
 * a 404 refusal naming it, and is recorded like the others. Undo with vi.unstubAllGlobals() (the web project's setup does after each test).
 */
export function serveApi(answers: Record<string, ApiAnswer> = {}) {
  const recorded = new Map(Object.entries(answers));
  const calls: ApiCall[] = [];
  const respond = async (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    const url = new URL(String(input), 'http://localhost');
    const method = (init.method ?? 'GET').toUpperCase();
    const text = typeof init.body === 'string' ? init.body : undefined;
    const call: ApiCall = {
      method,
      path: url.pathname,
      query: url.searchParams,
      headers: new Headers(init.headers),
      keepalive: init.keepalive === true,
      body: text ? JSON.parse(text) : undefined,
      raw: text === undefined ? init.body : undefined,
    };
    calls.push(call);
    const key = `${method} ${url.pathname}`;
    if (!recorded.has(key)) return refusal(404, `no recorded answer for ${key}`);
    const answer = recorded.get(key);
    const value = typeof answer === 'function' ? await (answer as (c: ApiCall) => unknown)(call) : answer;
    return value instanceof Response ? value : json(200, value ?? {});
  };
  vi.stubGlobal('fetch', vi.fn(respond));
  vi.stubGlobal('XMLHttpRequest', recordedXhr(respond));
  return {
    calls,
    /** The calls made to one "METHOD /path". */
    callsTo: (key: string) => calls.filter((c) => `${c.method} ${c.path}` === key),
    /** Records (or replaces) the answer to one "METHOD /path". */
    answer: (key: string, answer: ApiAnswer) => recorded.set(key, answer),
  };
}
