/**
 * Query hooks over the one client. Feature code may use TanStack Query directly with `api.*`;
 * these cover the common "GET this path" case with a consistent key (the path and its query).
 */
import { useQuery, type UseQueryOptions } from '@tanstack/react-query';
import { api, type RequestOptions } from './client';

/** Query key for a GET: ['api', path, query?]. Invalidate a resource with ['api', path]. */
export function apiKey(path: string, query?: RequestOptions['query']): readonly unknown[] {
  return query ? ['api', path, query] : ['api', path];
}

/** GET `path` (with optional query) as a TanStack query. */
export function useApiQuery<T>(
  path: string | null,
  options: { query?: RequestOptions['query'] } & Omit<UseQueryOptions<T, Error, T, readonly unknown[]>, 'queryKey' | 'queryFn'> = {},
) {
  const { query, ...rest } = options;
  return useQuery<T, Error, T, readonly unknown[]>({
    ...rest,
    queryKey: apiKey(path ?? '', query),
    queryFn: ({ signal }) => api.get<T>(path as string, { query, signal }),
    enabled: path !== null && (rest.enabled ?? true),
  });
}
