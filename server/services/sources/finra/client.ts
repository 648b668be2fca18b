/**
 * FINRA's Query API, as its developer documentation and open-source clients describe it:
 * `POST {base}/data/group/{group}/name/{dataset}` with a JSON body of `fields`, `compareFilters`,
 * `domainFilters`, `dateRangeFilters`, `sortFields`, `limit` and `offset`; the answer is a JSON
 * list of records, the query's whole size in the `Record-Total` header, 204 when nothing matches.
 * A synchronous request returns at most 5,000 records. Public datasets can be read anonymously;
 * with an API client (FINRA_CLIENT_ID/SECRET) a bearer token from FINRA's identity platform
 * (OAuth client credentials) is sent, which FINRA requires for some datasets and rates higher.
 *
 * Transient answers (429, 5xx, a dropped connection) are retried with exponential backoff,
 * honouring Retry-After; a body that is not a complete JSON list of records is refused with an
 * error naming the dataset and offset, before anything of it is written.
 */
import type { FinraConfig } from '../../../config';

export const FINRA_GROUP = 'fixedIncomeMarket';
/** The most records one synchronous request returns. */
export const FINRA_PAGE_LIMIT = 5000;

const TRANSIENT = new Set([429, 500, 502, 503, 504, 524]);

/** A failed or refused exchange with FINRA; the message says which dataset and what went wrong. */
export class FinraError extends Error {
  override name = 'FinraError';
}

export type FinraRecord = Record<string, unknown>;

/** The body of a Query API request, without the paging keys. */
export interface FinraQuery {
  fields?: string[];
  compareFilters?: { fieldName: string; fieldValue: string | number | null; compareType: 'EQUAL' | 'GREATER' | 'LESSER' }[];
  domainFilters?: { fieldName: string; values: (string | number)[] }[];
  dateRangeFilters?: { fieldName: string; startDate: string; endDate: string }[];
  sortFields?: string[];
}

export interface FinraPage {
  records: FinraRecord[];
  /** The whole query's size (Record-Total), null when the answer did not say. */
  total: number | null;
}

export interface FinraClientOptions {
  /** Time to wait between attempts; tests pass one that returns at once and records the waits. */
  sleep?: (ms: number) => Promise<void>;
  /** The app's clock, for Retry-After given as a date and the token's expiry. */
  now: () => number;
  maxAttempts?: number;
  /** First backoff; doubles on each retry (capped at 60 s). */
  backoffMs?: number;
  fetch?: typeof fetch;
}

export interface FinraClient {
  page(dataset: string, query: FinraQuery, offset: number, limit: number): Promise<FinraPage>;
}

const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Milliseconds a Retry-After header asks for (seconds or an HTTP date), or null. */
export function retryAfterMs(header: string | null, nowMs: number): number | null {
  if (!header) return null;
  if (/^\d+$/.test(header.trim())) return Number(header.trim()) * 1000;
  const at = Date.parse(header);
  return Number.isNaN(at) ? null : Math.max(0, at - nowMs);
}

export function createFinraClient(config: Omit<FinraConfig, 'historyDays'>, options: FinraClientOptions): FinraClient {
  const sleep = options.sleep ?? realSleep;
  const { now } = options;
  const maxAttempts = options.maxAttempts ?? 5;
  const backoffMs = options.backoffMs ?? 1000;
  const doFetch = options.fetch ?? fetch;
  let token: { value: string; expiresAt: number } | null = null;

  async function bearer(): Promise<string | null> {
    if (!config.clientId || !config.clientSecret) return null;
    if (token && token.expiresAt > now() + 60_000) return token.value;
    const url = new URL(config.tokenUrl);
    url.searchParams.set('grant_type', 'client_credentials');
    const basic = Buffer.from(`${config.clientId}:${config.clientSecret}`).toString('base64');
    const res = await doFetch(url, { method: 'POST', headers: { Authorization: `Basic ${basic}`, Accept: 'application/json' } });
    const body: unknown = await res.json().catch(() => null);
    const accessToken = body && typeof body === 'object' && 'access_token' in body ? body.access_token : null;
    if (!res.ok || typeof accessToken !== 'string')
      throw new FinraError(`FINRA's identity platform refused the API client's credentials (HTTP ${res.status})`);
    const expiresIn = body && typeof body === 'object' && 'expires_in' in body ? Number(body.expires_in) : 1800;
    token = { value: accessToken, expiresAt: now() + (Number.isFinite(expiresIn) ? expiresIn : 1800) * 1000 };
    return token.value;
  }

  async function page(dataset: string, query: FinraQuery, offset: number, limit: number): Promise<FinraPage> {
    const url = `${config.baseUrl}/data/group/${FINRA_GROUP}/name/${dataset}`;
    const where = `${dataset} at offset ${offset}`;
    for (let attempt = 1; ; attempt++) {
      let status: number;
      let text: string;
      let headers: Headers;
      try {
        const auth = await bearer();
        const res = await doFetch(url, {
          method: 'POST',
          headers: {
            Accept: 'application/json',
            'Content-Type': 'application/json',
            ...(auth ? { Authorization: `Bearer ${auth}` } : {}),
          },
          body: JSON.stringify({ ...query, limit, offset }),
        });
        status = res.status;
        headers = res.headers;
        text = await res.text();
      } catch (err) {
        if (err instanceof FinraError) throw err;
        // The connection dropped (before or during the body): worth another attempt.
        if (attempt >= maxAttempts)
          throw new FinraError(`FINRA could not be reached for ${where} after ${attempt} attempts: ${(err as Error).message}`);
        await sleep(Math.min(60_000, backoffMs * 2 ** (attempt - 1)));
        continue;
      }
      if (TRANSIENT.has(status)) {
        if (attempt >= maxAttempts) throw new FinraError(`FINRA answered ${where} with HTTP ${status} ${attempt} times; giving up for now`);
        const wait = retryAfterMs(headers.get('retry-after'), now()) ?? backoffMs * 2 ** (attempt - 1);
        await sleep(Math.min(60_000, wait));
        continue;
      }
      if (status === 204) return { records: [], total: 0 };
      if (status === 400 && /larger than the number of records/i.test(text)) return { records: [], total: null };
      if (status !== 200) throw new FinraError(`FINRA refused ${where} with HTTP ${status}: ${messageOf(text)}`);
      return { records: parseRecords(text, where), total: totalOf(headers.get('record-total'), where) };
    }
  }

  return { page };
}

function messageOf(text: string): string {
  try {
    const body: unknown = JSON.parse(text);
    if (body && typeof body === 'object' && 'message' in body && typeof body.message === 'string') return body.message;
  } catch {
    // not JSON: the text itself says what it says
  }
  return text.slice(0, 200) || '(no message)';
}

function totalOf(header: string | null, where: string): number | null {
  if (header === null) return null;
  if (!/^\d+$/.test(header.trim())) throw new FinraError(`FINRA's answer to ${where} has a Record-Total that is not a count: "${header}"`);
  return Number(header.trim());
}

/** The records of a 200 answer: a complete JSON list of objects, or an error saying why not. */
export function parseRecords(text: string, where: string): FinraRecord[] {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new FinraError(
      `FINRA's answer to ${where} is not complete JSON (${text.length} characters, truncated or malformed); nothing of it was loaded`,
    );
  }
  if (!Array.isArray(body)) throw new FinraError(`FINRA's answer to ${where} is not a list of records; nothing of it was loaded`);
  body.forEach((record: unknown, i) => {
    if (!record || typeof record !== 'object' || Array.isArray(record))
      throw new FinraError(`FINRA's answer to ${where} has an item ${i + 1} that is not a record; nothing of it was loaded`);
  });
  return body as FinraRecord[];
}
