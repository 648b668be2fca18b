/**
 * THE API client (spec §7). Every request:
 * - sends `Authorization: Bearer <access token>` when logged in,
 * - sends `X-Device-Fingerprint` (random device id kept in local storage),
 *   `X-Document-Has-Focus` (1/0) and `X-Runtime-Age` (ms since load),
 * - sends cookies (`credentials: 'include'`),
 * - on a 503 from the maintenance gate (`X-Bondwise-Maintenance: on`) switches the app to maintenance,
 * - treats any status above 299 as an `ApiError`
 *   (`Unexpected API response {status}: {statusText}`) carrying the server's `{ error }` text,
 * - answered 429 or 503 with Retry-After (a per-user limit on heavy requests, a busy instance), a
 *   GET waits that long and asks once more — only once, and only for a wait of at most
 *   RETRY_AFTER_MAX_S — then throws with a sentence saying when to try again.
 * In development a dial-up simulation (random 1–5 s delay per call) can be switched on with
 * `?dialup=1` in the URL or local storage `bw.dialup = "1"`.
 */
import { API_HEADERS, DIALUP_MAX_DELAY_MS, DIALUP_MIN_DELAY_MS, STORAGE_KEYS } from '@common/constants';
import { useAppStore } from '../stores/app';
import { humaneServerError } from './humaneError';
import { useSession } from '../stores/session';

/** Error for any API response with a status above 299. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly status: number,
    readonly statusText: string,
    /** The server's error text (`{ "error": "text" }` body) as a person reads it, when present. */
    readonly serverError: string | null,
    /** The parsed body (JSON when possible, otherwise text). */
    readonly body: unknown,
    /** The server's Retry-After in seconds (a 429 or 503 that says when to come back), else null. */
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(`Unexpected API response ${status}: ${statusText}`);
  }
}

/** Returns the device id, creating and storing a random one on first use. */
export function getDeviceId(): string {
  try {
    const existing = localStorage.getItem(STORAGE_KEYS.deviceId);
    if (existing) return existing;
    const id = crypto.randomUUID();
    localStorage.setItem(STORAGE_KEYS.deviceId, id);
    return id;
  } catch {
    return 'no-storage';
  }
}

/** True in development when the dial-up simulation is switched on. */
export function isDialupEnabled(): boolean {
  if (!import.meta.env.DEV) return false;
  try {
    const href = typeof location === 'undefined' ? '' : location.href;
    if (/[?&]dialup=1(\b|&|$)/.test(href)) {
      localStorage.setItem(STORAGE_KEYS.dialup, '1');
      return true;
    }
    if (/[?&]dialup=0(\b|&|$)/.test(href)) localStorage.removeItem(STORAGE_KEYS.dialup);
    return localStorage.getItem(STORAGE_KEYS.dialup) === '1';
  } catch {
    return false;
  }
}

/** Random dial-up delay in [DIALUP_MIN_DELAY_MS, DIALUP_MAX_DELAY_MS]. */
export function dialupDelayMs(random: () => number = Math.random): number {
  return DIALUP_MIN_DELAY_MS + Math.floor(random() * (DIALUP_MAX_DELAY_MS - DIALUP_MIN_DELAY_MS + 1));
}

/** Builds the headers every request carries (spec §7). */
export function buildRequestHeaders(extra?: HeadersInit): Headers {
  const headers = new Headers(extra);
  const token = useSession.getState().accessToken;
  if (token && !headers.has(API_HEADERS.authorization)) {
    headers.set(API_HEADERS.authorization, `Bearer ${token}`);
  }
  headers.set(API_HEADERS.deviceFingerprint, getDeviceId());
  const focused = typeof document !== 'undefined' && document.hasFocus();
  headers.set(API_HEADERS.documentHasFocus, focused ? '1' : '0');
  headers.set(API_HEADERS.runtimeAge, String(Math.round(performance.now())));
  return headers;
}

export interface RequestOptions extends Omit<RequestInit, 'body'> {
  /** JSON body (serialised, with Content-Type set). */
  json?: unknown;
  /** Raw body (FormData for uploads, text…). */
  body?: BodyInit | null;
  /** Query parameters; undefined values are skipped, arrays repeat the key (no indexes). */
  query?: Record<string, string | number | boolean | undefined | null | Array<string | number>>;
  /** Aborts the request after this many ms. */
  timeoutMs?: number;
  /** 'blob' for a file (a workbook): a successful answer is its bytes; errors are read as usual. */
  responseType?: 'blob';
  /** Upload progress, 0…1 (an upload's progress bar): sent with XMLHttpRequest, which reports it. */
  onUploadProgress?: (fraction: number) => void;
}

/** A request sent with XMLHttpRequest for its upload progress; answers as fetch would. */
function sendWithProgress(
  url: string,
  init: RequestInit & { headers: Headers },
  onProgress: (fraction: number) => void,
): Promise<Response> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(init.method ?? 'GET', url);
    xhr.withCredentials = true;
    init.headers.forEach((value, key) => xhr.setRequestHeader(key, value));
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) onProgress(e.loaded / e.total);
    };
    xhr.onload = () => {
      const headers = new Headers();
      for (const line of xhr.getAllResponseHeaders().trim().split(/\r?\n/)) {
        const at = line.indexOf(':');
        if (at > 0) headers.append(line.slice(0, at).trim(), line.slice(at + 1).trim());
      }
      onProgress(1);
      resolve(new Response(xhr.status === 204 ? null : xhr.responseText, { status: xhr.status, statusText: xhr.statusText, headers }));
    };
    xhr.onerror = () => reject(new TypeError('Failed to fetch'));
    xhr.onabort = () => reject(new DOMException('The upload was aborted', 'AbortError'));
    init.signal?.addEventListener('abort', () => xhr.abort());
    xhr.send((init.body as XMLHttpRequestBodyInit | null | undefined) ?? null);
  });
}

function withQuery(path: string, query: RequestOptions['query']): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) value.forEach((v) => params.append(key, String(v)));
    else params.append(key, String(value));
  }
  const text = params.toString();
  return text ? `${path}${path.includes('?') ? '&' : '?'}${text}` : path;
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** The server's `{ error }` text, validation failures put as sentences for people (the raw text stays in `body`). */
function serverErrorText(body: unknown): string | null {
  if (body && typeof body === 'object' && 'error' in body) {
    const error = (body as { error: unknown }).error;
    if (typeof error === 'string') return humaneServerError(error);
  }
  return null;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** The longest Retry-After a GET waits out by itself; a longer one is the person's to decide. */
export const RETRY_AFTER_MAX_S = 30;

/** Retry-After in whole seconds (delta-seconds or an HTTP date), or null when absent or unreadable. */
export function retryAfterOf(response: Response, nowMs: number = Date.now()): number | null {
  const value = response.headers.get('retry-after')?.trim();
  if (!value) return null;
  if (/^\d+$/.test(value)) return Number(value);
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, Math.ceil((at - nowMs) / 1000));
}

/** A 429 or 503 that says when to come back: the server is shedding load, not gone. */
function isBusy(response: Response, retryAfter: number | null): boolean {
  if (retryAfter === null) return false;
  if (response.status === 503 && response.headers.get(API_HEADERS.maintenance) === 'on') return false;
  return response.status === 429 || response.status === 503;
}

/** What a person reads when a busy answer carried no sentence of its own (a proxy's page). */
function busySentence(status: number, retryAfter: number): string {
  const when = retryAfter <= 1 ? 'in a moment' : `in ${retryAfter} seconds`;
  return status === 429 ? `Too many requests at once. Try again ${when}.` : `The server is busy. Try again ${when}.`;
}

/** Waits ms, or rejects as fetch would when the signal aborts first. */
function waitOrAbort(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason as Error);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal!.reason as Error);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/** Runs before every request, before headers are built (accounts: refresh an expired access token). */
export type BeforeRequestHook = (path: string) => void | Promise<void>;
let beforeRequest: BeforeRequestHook | null = null;

/** Installs the before-request hook (one owner: web/session); returns the previous one. */
export function setBeforeRequest(hook: BeforeRequestHook | null): BeforeRequestHook | null {
  const previous = beforeRequest;
  beforeRequest = hook;
  return previous;
}

/**
 * Performs a request and returns the parsed JSON body (text for non-JSON, undefined for empty).
 * Throws ApiError for status > 299; network failures and timeouts throw as fetch does. A GET
 * answered "busy" (429/503 with Retry-After ≤ RETRY_AFTER_MAX_S) is asked once more after the
 * wait the server named; a second busy answer is thrown, never retried again.
 */
export async function apiRequest<T = unknown>(path: string, options: RequestOptions = {}): Promise<T> {
  const { json, query, timeoutMs, headers: extraHeaders, signal, body, responseType, onUploadProgress, ...init } = options;
  const signals = [signal, timeoutMs ? AbortSignal.timeout(timeoutMs) : undefined].filter((s): s is AbortSignal => Boolean(s));
  const combined = signals.length > 1 ? AbortSignal.any(signals) : signals[0];
  const idempotent = (init.method ?? 'GET').toUpperCase() === 'GET' && !onUploadProgress;
  for (let attempt = 0; ; attempt++) {
    if (beforeRequest) await beforeRequest(path);
    const headers = buildRequestHeaders(extraHeaders);
    let requestBody: BodyInit | null | undefined = body;
    if (json !== undefined) {
      headers.set('Content-Type', 'application/json');
      requestBody = JSON.stringify(json);
    }
    if (isDialupEnabled()) await sleep(dialupDelayMs());
    const request = { ...init, headers, body: requestBody, credentials: 'include' as const, signal: combined };
    const response = onUploadProgress
      ? await sendWithProgress(withQuery(path, query), request, onUploadProgress)
      : await fetch(withQuery(path, query), request);
    if (responseType === 'blob' && response.ok) return (await response.blob()) as T;
    const parsed = await readBody(response);
    const retryAfter = retryAfterOf(response);
    const busy = isBusy(response, retryAfter);
    if (busy && idempotent && attempt === 0 && retryAfter! <= RETRY_AFTER_MAX_S) {
      await waitOrAbort(retryAfter! * 1000, combined);
      continue;
    }
    // The first call that meets the maintenance gate switches the open tab to the maintenance page;
    // waiting for the next health re-check (30 s) would leave the user with silently failing calls.
    if (response.status === 503 && response.headers.get(API_HEADERS.maintenance) === 'on') {
      useAppStore.getState().enterMaintenance(serverErrorText(parsed));
    }
    // 402: the caller's trial has ended; market-data pages turn into the trial-ended page.
    if (response.status === 402) useAppStore.getState().enterTrialEnded();
    if (response.status > 299) {
      const sentence = serverErrorText(parsed) ?? (busy ? busySentence(response.status, retryAfter!) : null);
      throw new ApiError(response.status, response.statusText, sentence, parsed, busy ? retryAfter : null);
    }
    return parsed as T;
  }
}

/** Convenience verbs over apiRequest. */
export const api = {
  get: <T = unknown>(path: string, options?: RequestOptions) => apiRequest<T>(path, { ...options, method: 'GET' }),
  post: <T = unknown>(path: string, json?: unknown, options?: RequestOptions) => apiRequest<T>(path, { ...options, method: 'POST', json }),
  put: <T = unknown>(path: string, json?: unknown, options?: RequestOptions) => apiRequest<T>(path, { ...options, method: 'PUT', json }),
  patch: <T = unknown>(path: string, json?: unknown, options?: RequestOptions) =>
    apiRequest<T>(path, { ...options, method: 'PATCH', json }),
  delete: <T = unknown>(path: string, options?: RequestOptions) => apiRequest<T>(path, { ...options, method: 'DELETE' }),
};
