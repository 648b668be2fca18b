import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FinraConfig } from '../../../config';
import { createReplayServer } from '../replay/replayServer';

/** What the FINRA tests' own server was asked: the dataset named by the path, and the query body. */
export interface FinraRequest {
  dataset: string;
  body: Record<string, unknown>;
}

/**
 * For tests: the replay server over a private copy of the project's recorded records
 * (samples/replay), on a free local port, with the FINRA settings that point at it. Each request
 * is handed to `onRequest`, which may answer it itself (returning true) to stage a failure.
 * `root` is the copy, which a test may edit; `close` stops the server and removes it.
 */
export async function startFinraReplay(
  onRequest: (request: FinraRequest, res: ServerResponse) => boolean,
): Promise<{ config: FinraConfig; root: string; close: () => Promise<void> }> {
  const root = mkdtempSync(join(tmpdir(), 'bw-finra-'));
  cpSync(join(process.cwd(), 'samples/replay'), root, { recursive: true });
  const server = createReplayServer(root, (req, res, body) =>
    onRequest({ dataset: (req.url ?? '').split('/').at(-1)!, body: JSON.parse(body) as Record<string, unknown> }, res),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    config: {
      baseUrl: `http://127.0.0.1:${port}/finra`,
      tokenUrl: `http://127.0.0.1:${port}/token`,
      clientId: undefined,
      clientSecret: undefined,
      historyDays: 30,
    },
    root,
    close: async () => {
      await new Promise((resolve) => server.close(resolve));
      rmSync(root, { recursive: true, force: true });
    },
  };
}
