/**
 * The one data idiom of the web app: `useApiQuery` reads a path, `useApiQueries` reads several
 * paths of one kind (a row per bond), `useApiInfiniteQuery` reads a path page by page (a cursor),
 * `useApiPostQuery` asks a path by POST whose body is the question (a calculator), and
 * `useApiMutation` changes something and re-reads the paths it touched (`useApiSend` the same
 * for a form, whose hook places the refusal). Keys come only from
 * `apiKey(path)`, paths from the shared definitions in common/api; per-area hooks
 * (`useSubscriptions`, …) are built on these. Pages import none of TanStack's query hooks
 * themselves (eslint.config.js refuses it); `useQueryClient` for a cache edit stays theirs.
 */
import {
  useInfiniteQuery,
  useMutation,
  useQueries,
  useQuery,
  useQueryClient,
  type InfiniteData,
  type MutationMeta,
  type QueryClient,
  type UseQueryOptions,
  type UseQueryResult,
} from '@tanstack/react-query';
import type { z } from 'zod';
import { checkedAnswer } from './answerCheck';
import { api, type RequestOptions } from './client';
import { apiErrorText } from './errorText';

/** Query key for a GET: ['api', path, query?]. Invalidate a resource with ['api', path]. */
export function apiKey(path: string, query?: RequestOptions['query']): readonly unknown[] {
  return query ? ['api', path, query] : ['api', path];
}

/** How a page reads a path: its query parameters, its answer's contract, TanStack's own options. */
export type ApiQueryOptions<T> = {
  query?: RequestOptions['query'];
  /**
   * The answer's contract (a response schema of common/api): the answer is checked against it
   * and the query's data is its output, so T comes from the schema. Without one the answer is
   * trusted to be a T.
   */
  schema?: z.ZodType<T>;
  /**
   * For a read that reaches the server another way than its own GET of `path` (batched with
   * other rows', an answer sent early at start-up): what fetches the answer. The key is still
   * `apiKey(path, query)`, and the answer is still checked against `schema`.
   */
  read?: (signal: AbortSignal) => Promise<unknown>;
} & Omit<UseQueryOptions<T, Error, T, readonly unknown[]>, 'queryKey' | 'queryFn'>;

/**
 * The TanStack options of a read of `path`: for a hook of this module, and for a prefetch into the
 * cache a page's hook reads (`queryClient.prefetchQuery(apiQueryOptions(path, …))`, same key, same check).
 */
export function apiQueryOptions<T>(path: string, options: ApiQueryOptions<T> = {}): UseQueryOptions<T, Error, T, readonly unknown[]> {
  const { query, schema, read, ...rest } = options;
  return {
    ...rest,
    queryKey: apiKey(path, query),
    // The check runs in queryFn, not in `select`: a malformed answer then fails the fetch itself, so
    // it is the query's error (reported once by the query cache, not retried: queryClient.ts), and
    // the cache never holds an unchecked body that another reader of the same key would trust.
    queryFn: async ({ signal }) => {
      const answer = read ? await read(signal) : await api.get<unknown>(path, { query, signal });
      return schema ? checkedAnswer(path, schema, answer) : (answer as T);
    },
  };
}

/** GET `path` (with optional query) as a TanStack query; `null` waits (the query is disabled). */
export function useApiQuery<T>(path: string | null, options: ApiQueryOptions<T> = {}) {
  return useQuery<T, Error, T, readonly unknown[]>({
    ...apiQueryOptions(path ?? '', options),
    enabled: path !== null && (options.enabled ?? true),
  });
}

/**
 * GET each of `paths` (reads of one kind: a bond's details per chosen bond), each under its own
 * `apiKey`, so a path added keeps the others cached; the results are in the order of `paths`.
 * `options` (query, schema, freshness, toast…) apply to every read.
 */
export function useApiQueries<T>(paths: readonly string[], options: ApiQueryOptions<T> = {}): UseQueryResult<T, Error>[] {
  return useQueries({ queries: paths.map((path) => apiQueryOptions(path, options)) });
}

/** How a page reads a path page by page: the query of every page, and where the next page starts. */
export type ApiInfiniteQueryOptions<Page> = {
  query?: RequestOptions['query'];
  schema?: z.ZodType<Page>;
  /** The cursor of the page after `last` (sent as `?cursor=`), or null/undefined when it was the last. */
  nextCursor: (last: Page) => string | null | undefined;
};

/**
 * GET `path` page by page (a log paged on the server, "load more"): the first page without a
 * cursor, each next one with the cursor the last page named. One key for all the pages, `apiKey(path, query)`
 * marked as pages, so invalidating the path reads them again.
 */
export function useApiInfiniteQuery<Page>(path: string, options: ApiInfiniteQueryOptions<Page>) {
  const { query, schema, nextCursor } = options;
  return useInfiniteQuery<Page, Error, InfiniteData<Page, string | null>, readonly unknown[], string | null>({
    // Marked as pages: a plain read of the same path and query caches one answer, not a list of pages.
    queryKey: [...apiKey(path, query), 'pages'],
    queryFn: async ({ pageParam, signal }) => {
      const answer = await api.get<unknown>(path, { query: { ...query, ...(pageParam ? { cursor: pageParam } : {}) }, signal });
      return schema ? checkedAnswer(path, schema, answer) : (answer as Page);
    },
    initialPageParam: null,
    getNextPageParam: (last) => nextCursor(last) ?? undefined,
  });
}

/**
 * A question asked by POST (the body is the question: a calculator's worksheet, an alert rule to
 * backtest) and cached by that body under `apiKey(path, { body })`; `null` waits. Nothing on the
 * server changes, so it is a read, not a mutation: asked again only when the body changes.
 */
export function useApiPostQuery<T>(path: string, body: object | null, options: Omit<ApiQueryOptions<T>, 'query' | 'read'> = {}) {
  return useApiQuery<T>(path, {
    ...options,
    query: { body: JSON.stringify(body) },
    read: (signal) => api.post<unknown>(path, body, { signal }),
    enabled: body !== null && (options.enabled ?? true),
  });
}

/** What a session read sets as its meta: an `'everything'` re-read leaves it alone (see `rereadEverything`). */
export const SESSION_READ = { sessionRead: true } as const;

/**
 * Reads again every `apiKey` query on screen: after an edit whose subject shows everywhere (a
 * display name, a sector). The session's own reads (the ToS check, the user info: `SESSION_READ`)
 * are not the subject of such an edit and stay as they are.
 */
export function rereadEverything(client: QueryClient): Promise<void> {
  return client.invalidateQueries({ queryKey: ['api'], predicate: (q) => !q.meta?.sessionRead });
}

/**
 * What an edit reads again: paths (each an `apiKey` prefix: a list and its filtered variants), or
 * `'everything'` for an edit whose subject shows on every screen (a display name, a sector).
 */
export type Reread = readonly string[] | 'everything';

/** What a page holds of one kind of edit (save, delete, pause…). */
export interface ApiMutation<Vars, Result> {
  /** Runs the edit; resolves with its result, or undefined when it was refused (the sentence is in `error`). */
  run: (vars: Vars) => Promise<Result | undefined>;
  /** True while the edit is on its way. */
  busy: boolean;
  /** The edit in flight (or the last one): which row a "Saving…" belongs to. */
  variables: Vars | undefined;
  /** The refusal as one sentence for the page (the server's own text when it sent one), else null. */
  error: string | null;
  /** Forgets the last refusal (the form was edited, the dialog closed). */
  reset: () => void;
}

/** Reads again what an edit touched (see `Reread`). */
function useReread(): (what: Reread) => Promise<void> {
  const client = useQueryClient();
  return async (what) => {
    if (what === 'everything') await rereadEverything(client);
    else await Promise.all(what.map((path) => client.invalidateQueries({ queryKey: apiKey(path) })));
  };
}

/**
 * An edit a form sends (the one form hook, components/forms/useContractForm): the paths it
 * touched are read again as `useApiMutation` reads them, then `onDone` runs; a refusal is thrown,
 * after `rereadWhenRefused`, so the form puts it on the field it names, or says it once on its
 * error line (the form reports it; a mutation's would report it a second time).
 */
export function useApiSend<Vars, Result = unknown>(
  call: (vars: Vars) => Promise<Result>,
  options: { invalidates?: Reread; rereadWhenRefused?: Reread; onDone?: (result: Result, vars: Vars) => unknown } = {},
): (vars: Vars) => Promise<Result> {
  const { invalidates = [], rereadWhenRefused = [], onDone } = options;
  const reread = useReread();
  return async (vars) => {
    let result: Result;
    try {
      result = await call(vars);
    } catch (refusal) {
      await reread(rereadWhenRefused);
      throw refusal;
    }
    await reread(invalidates);
    await onDone?.(result, vars);
    return result;
  };
}

/**
 * One edit through the one client: TanStack's `useMutation`, with the refusal turned into the
 * sentence a page shows (`apiErrorText`) and, once it succeeded, every path in `invalidates`
 * read again (`apiKey(path)` prefixes: a list and its filtered variants). `onDone` runs after the
 * re-read (close the editor, go to the new page). A refused edit never throws into the page; a
 * page that says refusals as a toast rather than inline sets `meta: { errorToast: true }` (queryClient.ts).
 */
export function useApiMutation<Vars = void, Result = unknown>(
  call: (vars: Vars) => Promise<Result>,
  options: {
    invalidates?: Reread;
    /**
     * For an edit that names the version it was shown: what to read again when it is refused too
     * (mostly a version changed meanwhile), before the refusal is shown, so that the table shows
     * what is stored and the next try names the version the server holds.
     */
    rereadWhenRefused?: Reread;
    onDone?: (result: Result, vars: Vars) => unknown;
    fallback?: string;
    meta?: MutationMeta;
  } = {},
): ApiMutation<Vars, Result> {
  const { invalidates = [], rereadWhenRefused = [], onDone, fallback, meta } = options;
  const reread = useReread();
  const mutation = useMutation<Result, Error, Vars>({
    mutationFn: call,
    ...(meta ? { meta } : {}),
    onSuccess: async (result, vars) => {
      await reread(invalidates);
      await onDone?.(result, vars);
    },
    onError: () => reread(rereadWhenRefused),
  });
  return {
    run: (vars) => mutation.mutateAsync(vars).catch(() => undefined),
    busy: mutation.isPending,
    variables: mutation.variables,
    error: mutation.error ? apiErrorText(mutation.error, fallback) : null,
    reset: mutation.reset,
  };
}
