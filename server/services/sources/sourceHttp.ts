/**
 * The HTTP GET the public-data fetchers share (the Treasury's yield curve file, EDGAR's indexes
 * and filings): a declared User-Agent, a size limit, a response cut off before its end refused,
 * and retries with backoff on what is transient (the network, a cut-off body, 429 and 5xx). The
 * waits go through the caller's clock, so tests move time instead of sleeping.
 */

/** Time as a fetcher needs it: the current instant and a wait (real timers in the server, a hand clock in tests). */
export interface SourceClock {
  now(): number;
  sleep(ms: number): Promise<void>;
}

/** A clock reading `now` (the job's) that waits on real timers. */
export function timerClock(now: () => number): SourceClock {
  return { now, sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)) };
}

/** A request that failed; `transient` ones were retried before this was thrown. */
export class SourceHttpError extends Error {
  override name = 'SourceHttpError';
  constructor(
    message: string,
    readonly status: number | null,
    readonly transient: boolean,
    /** What the server asked to wait (Retry-After) before the next attempt. */
    readonly retryAfterMs?: number,
  ) {
    super(message);
  }
}

export interface GetTextOptions {
  userAgent: string;
  clock: SourceClock;
  /** Called before every attempt (the EDGAR rate limit takes a token here). */
  beforeRequest?: () => Promise<void>;
  /** Retries after the first attempt (default 3). */
  retries?: number;
  /** First backoff; doubled at each retry (default 1 s). */
  backoffMs?: number;
  /** Bodies longer than this are refused (default 20 MB). */
  maxBytes?: number;
  /** One attempt's limit (default 60 s). */
  timeoutMs?: number;
  /** Answered as `{ status: 404 }` rather than thrown (a file not published yet). */
  allowNotFound?: boolean;
}

export type GetTextResult = { status: 200; text: string } | { status: 404 };

const TRANSIENT_STATUSES = new Set([408, 425, 429, 500, 502, 503, 504]);
const MAX_RETRY_AFTER_MS = 60_000;

/** GETs a text resource, retrying what is transient; throws SourceHttpError naming the URL otherwise. */
export async function getText(url: string, options: GetTextOptions): Promise<GetTextResult> {
  const retries = options.retries ?? 3;
  const backoff = options.backoffMs ?? 1000;
  let last: SourceHttpError | null = null;
  for (let attempt = 0; attempt <= retries; attempt += 1) {
    if (attempt > 0) await options.clock.sleep(last?.retryAfterMs ?? backoff * 2 ** (attempt - 1));
    await options.beforeRequest?.();
    const outcome = await attemptGet(url, options);
    if (!(outcome instanceof SourceHttpError)) return outcome;
    if (!outcome.transient) throw outcome;
    last = outcome;
  }
  throw new SourceHttpError(`${last!.message} (gave up after ${retries + 1} attempts)`, last!.status, true);
}

const retryable = (message: string, status: number | null, retryAfterMs?: number) =>
  new SourceHttpError(message, status, true, retryAfterMs);

async function attemptGet(url: string, options: GetTextOptions): Promise<GetTextResult | SourceHttpError> {
  let response: Response;
  try {
    response = await fetch(url, {
      headers: { 'user-agent': options.userAgent, accept: '*/*' },
      redirect: 'follow',
      signal: AbortSignal.timeout(options.timeoutMs ?? 60_000),
    });
  } catch (err) {
    return retryable(`GET ${url} failed: ${describe(err)}`, null);
  }
  if (response.status === 404 && options.allowNotFound) {
    await response.body?.cancel();
    return { status: 404 };
  }
  if (response.status !== 200) {
    await response.body?.cancel();
    const message = `GET ${url} answered ${response.status}${response.statusText ? ` ${response.statusText}` : ''}`;
    if (TRANSIENT_STATUSES.has(response.status)) return retryable(message, response.status, retryAfter(response));
    return new SourceHttpError(message, response.status, false);
  }
  const declared = Number(response.headers.get('content-length') ?? NaN);
  const maxBytes = options.maxBytes ?? 20 * 1024 * 1024;
  if (declared > maxBytes) {
    await response.body?.cancel();
    return new SourceHttpError(`GET ${url}: the response is ${declared} bytes, more than the ${maxBytes} allowed`, 200, false);
  }
  try {
    const text = await readLimited(response, maxBytes);
    if (text === null) return new SourceHttpError(`GET ${url}: the response is more than the ${maxBytes} bytes allowed`, 200, false);
    return { status: 200, text };
  } catch (err) {
    // The connection closed before the declared length (or the chunked end) arrived.
    return retryable(`GET ${url}: the response was cut off before its end (${describe(err)})`, 200);
  }
}

async function readLimited(response: Response, maxBytes: number): Promise<string | null> {
  if (!response.body) return '';
  const decoder = new TextDecoder('utf-8');
  let text = '';
  let bytes = 0;
  for await (const chunk of response.body) {
    bytes += chunk.byteLength;
    if (bytes > maxBytes) {
      await response.body.cancel().catch(() => undefined);
      return null;
    }
    text += decoder.decode(chunk, { stream: true });
  }
  return text + decoder.decode();
}

function retryAfter(response: Response): number | undefined {
  const header = response.headers.get('retry-after');
  if (!header) return undefined;
  const seconds = Number(header);
  return Number.isFinite(seconds) && seconds >= 0 ? Math.min(seconds * 1000, MAX_RETRY_AFTER_MS) : undefined;
}

function describe(err: unknown): string {
  if (!(err instanceof Error)) return String(err);
  const cause = err.cause instanceof Error ? `: ${err.cause.message}` : '';
  return `${err.message}${cause}`;
}
