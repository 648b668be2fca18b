/**
 * The one data idiom of the web app: `useApiQuery` reads a path, `useApiMutation` changes
 * something and re-reads the paths it touched. Keys come only from `apiKey(path)`, paths from the
 * shared definitions in common/api; per-area hooks (`useSubscriptions`, …) are built on these two.
 */
import { useMutation, useQuery, useQueryClient, type MutationMeta, type UseQueryOptions } from '@tanstack/react-query';
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
} & Omit<UseQueryOptions<T, Error, T, readonly unknown[]>, 'queryKey' | 'queryFn'>;

/** GET `path` (with optional query) as a TanStack query; `null` waits (the query is disabled). */
export function useApiQuery<T>(path: string | null, options: ApiQueryOptions<T> = {}) {
  const { query, schema, ...rest } = options;
  return useQuery<T, Error, T, readonly unknown[]>({
    ...rest,
    queryKey: apiKey(path ?? '', query),
    // The check runs in queryFn, not in `select`: a malformed answer then fails the fetch itself, so
    // it is the query's error (reported once by the query cache, not retried: queryClient.ts), and
    // the cache never holds an unchecked body that another reader of the same key would trust.
    queryFn: async ({ signal }) => {
      const answer = await api.get<unknown>(path as string, { query, signal });
      return schema ? checkedAnswer(path as string, schema, answer) : (answer as T);
    },
    enabled: path !== null && (rest.enabled ?? true),
  });
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
  const client = useQueryClient();
  const { invalidates = [], rereadWhenRefused = [], onDone, fallback, meta } = options;
  const reread = async (what: Reread) => {
    if (what === 'everything') await client.invalidateQueries({ queryKey: ['api'] });
    else await Promise.all(what.map((path) => client.invalidateQueries({ queryKey: apiKey(path) })));
  };
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
