/**
 * The replay server: the project's recorded public-source fixtures (samples/replay/<source>/…)
 * served over HTTP at their real paths, so the product (or a test) pointed at it with
 * FINRA_BASE_URL etc. cannot tell it from the services themselves.
 *
 * - `POST /finra/data/group/{group}/name/{dataset}`: FINRA's Query API over the recorded
 *   dataset `finra/{group}/{dataset}.json`, with its filters, sort, paging and Record-Total.
 * - any other `GET /{source}/{path}`: the file at that path under the root (query string
 *   ignored), for sources recorded as plain files (the Treasury's CSV, EDGAR's indexes).
 */
import { readFile, stat } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { extname, join, normalize, sep } from 'node:path';
import { answerFinraQuery } from './finraQuery';

const TYPES: Record<string, string> = {
  '.json': 'application/json',
  '.csv': 'text/csv',
  '.xml': 'application/xml',
  '.idx': 'text/plain',
  '.txt': 'text/plain',
  '.htm': 'text/html',
  '.html': 'text/html',
};

/** Lets a test answer a request itself (a 429, a truncated body); return false to answer normally. */
export type ReplayIntercept = (req: IncomingMessage, res: ServerResponse, body: string) => boolean | Promise<boolean>;

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export function createReplayServer(root: string, intercept?: ReplayIntercept): Server {
  const base = normalize(root);
  return createServer((req, res) => {
    void (async () => {
      const body = await readBody(req);
      if (intercept && (await intercept(req, res, body))) return;
      const path = decodeURIComponent(new URL(req.url ?? '/', 'http://replay').pathname);
      const finra = path.match(/^\/finra\/data\/group\/([A-Za-z0-9]+)\/name\/([A-Za-z0-9]+)$/);
      if (finra && req.method === 'POST') {
        let rows: Record<string, unknown>[];
        try {
          rows = JSON.parse(await readFile(join(base, 'finra', finra[1]!, `${finra[2]!}.json`), 'utf8')) as Record<string, unknown>[];
        } catch {
          res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ message: `No dataset ${finra[1]}/${finra[2]}` }));
          return;
        }
        let parsed: unknown;
        try {
          parsed = body ? JSON.parse(body) : {};
        } catch {
          res.writeHead(400, { 'content-type': 'application/json' }).end(JSON.stringify({ message: 'The request body is not JSON' }));
          return;
        }
        const answer = answerFinraQuery(rows, parsed);
        res.writeHead(answer.status, answer.headers).end(answer.body);
        return;
      }
      const file = normalize(join(base, path));
      if (req.method !== 'GET' || !file.startsWith(base + sep)) {
        res.writeHead(404).end('Not found');
        return;
      }
      try {
        if (!(await stat(file)).isFile()) throw new Error('not a file');
        res.writeHead(200, { 'content-type': TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream' }).end(await readFile(file));
      } catch {
        res.writeHead(404).end('Not found');
      }
    })().catch((err: unknown) => {
      if (!res.headersSent) res.writeHead(500).end(String(err));
    });
  });
}
