import { useQueryClient } from '@tanstack/react-query';
import { apiKey } from '../../api/queries';

/**
 * For an edit that names the version it was shown (409 when the record changed meanwhile): wraps
 * its call so a refusal reads `paths` again too, and the next try names the version the server
 * holds. `useApiMutation` re-reads only after a success; the refusal still reaches it.
 */
export function useRereadOnRefusal(paths: readonly string[]) {
  const client = useQueryClient();
  return <T>(call: Promise<T>): Promise<T> =>
    call.catch(async (refusal: unknown) => {
      await Promise.all(paths.map((path) => client.invalidateQueries({ queryKey: apiKey(path) })));
      throw refusal;
    });
}
