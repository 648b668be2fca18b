import { vi } from 'vitest';

/**
 * Stubs `fetch` for start-up tests: records each requested path in `fetched` and answers from
 * `answer(path)`, or a healthy /health body when it gives nothing. Undo with vi.unstubAllGlobals().
 */
export function recordFetches(answer: (path: string) => Response | undefined = () => undefined): string[] {
  const fetched: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const path = new URL(String(input), 'http://localhost').pathname;
      fetched.push(path);
      return answer(path) ?? new Response(JSON.stringify({ status: 'ok', maintenanceMode: false }), { status: 200 });
    }),
  );
  return fetched;
}
