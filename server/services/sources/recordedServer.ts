/**
 * For tests: a local HTTP server (127.0.0.1, a free port) that serves recorded responses from a
 * directory laid out by URL path (samples/replay/…, as `npm run replay` serves them), with
 * per-path overrides for the failures a test wants (a 503, a body cut off, a malformed file). It
 * notes every request with the time of the test's clock, so rate limits can be checked.
 */
import { readFile } from 'node:fs/promises';
import { type IncomingMessage, type Server, type ServerResponse, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, normalize, sep } from 'node:path';

export interface RecordedRequest {
  path: string;
  userAgent: string | undefined;
  at: number;
}

export type Override = (req: IncomingMessage, res: ServerResponse) => void;

export interface RecordedServer {
  baseUrl: string;
  requests: RecordedRequest[];
  /** Answers the path (without its query) with the handler instead of the recorded file. */
  override(path: string, handler: Override | null): void;
  close(): Promise<void>;
}

export async function startRecordedServer(root: string, now: () => number): Promise<RecordedServer> {
  const requests: RecordedRequest[] = [];
  const overrides = new Map<string, Override>();
  const server: Server = createServer((req, res) => {
    const path = decodeURIComponent((req.url ?? '/').split('?')[0]!);
    requests.push({ path, userAgent: req.headers['user-agent'], at: now() });
    const handler = overrides.get(path);
    if (handler) return handler(req, res);
    const file = normalize(join(root, path));
    if (!file.startsWith(normalize(root) + sep)) return void res.writeHead(400).end();
    readFile(file).then(
      (body) => res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8', 'content-length': body.length }).end(body),
      () => res.writeHead(404, { 'content-type': 'text/html' }).end('<html><body>Not Found</body></html>'),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    requests,
    override(path, handler) {
      if (handler) overrides.set(path, handler);
      else overrides.delete(path);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A response that declares its full length and closes the connection halfway through it. */
export function cutOff(body: string): Override {
  return (_req, res) => {
    const bytes = Buffer.from(body);
    res.writeHead(200, { 'content-length': bytes.length });
    res.write(bytes.subarray(0, Math.floor(bytes.length / 2)));
    setImmediate(() => res.socket?.destroy());
  };
}

/** Answers `status` the first `times` requests, then hands over to `then`. */
export function failing(status: number, times: number, then: Override, headers: Record<string, string> = {}): Override {
  let left = times;
  return (req, res) => {
    if (left <= 0) return then(req, res);
    left -= 1;
    res.writeHead(status, headers).end(`status ${status}`);
  };
}

export const answer =
  (body: string, status = 200): Override =>
  (_req, res) =>
    res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8' }).end(body);

/** A clock that moves only when waited on: sleeps return at once, having advanced it. */
export function handClock(startMs: number) {
  const clock = {
    t: startMs,
    sleeps: [] as number[],
    now: () => clock.t,
    sleep: async (ms: number) => {
      clock.sleeps.push(ms);
      clock.t += ms;
    },
  };
  return clock;
}
