import type { IncomingMessage, ServerResponse } from 'node:http';

type Middleware = (req: IncomingMessage, res: ServerResponse, next: (err?: unknown) => void) => void;

/**
 * The headers a header-only middleware (helmet) sets, read off it once by running it against a
 * response that only records them. Valid only for a middleware whose headers do not depend on
 * the request and that finishes synchronously: anything else is refused here, not silently
 * frozen.
 */
export function headersSetBy(middleware: Middleware): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: unknown) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
      return recorder;
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  let finished = false;
  middleware({ headers: {} } as IncomingMessage, recorder as unknown as ServerResponse, (err) => {
    if (err) throw err instanceof Error ? err : new Error(String(err));
    finished = true;
  });
  if (!finished) throw new Error('headersSetBy: the middleware did not finish synchronously');
  return headers;
}
