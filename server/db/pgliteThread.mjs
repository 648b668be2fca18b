// The PGlite worker thread: owns the embedded database so its WebAssembly runs off the HTTP
// event loop. Plain JavaScript (no build step) because worker threads load files with plain
// Node, under tsx, vitest and `npm start` alike. The main thread (server/db/pgliteWorker.ts)
// speaks the PostgreSQL wire protocol through node-postgres; this side runs those bytes on
// PGlite's single connection and returns the raw answer, so transactions, COPY, NOTIFY and
// type parsing behave exactly as they did in-process. Messages are handled one at a time.
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';

/** @type {{ dataDir?: string, loadDataDir?: Uint8Array }} */
const options = workerData ?? {};

const pglite = await (options.loadDataDir
  ? PGlite.create({ loadDataDir: new Blob([options.loadDataDir]) })
  : PGlite.create(options.dataDir));

let queue = Promise.resolve();

parentPort.on('message', (/** @type {{ id: number, type: string, bytes?: Uint8Array }} */ msg) => {
  queue = queue.then(async () => {
    try {
      if (msg.type === 'exec') {
        // execProtocolRaw would also parse every answer message in here (to raise errors and
        // notifications for PGlite's own query API); the main thread parses them anyway, so take
        // the raw bytes as they come. Each chunk is a view into WebAssembly memory: copy it.
        const chunks = [];
        await pglite.execProtocolRawStream(msg.bytes, {
          onRawData: (data) => {
            chunks.push(data.slice());
          },
        });
        const copy = chunks.length === 1 ? chunks[0] : concat(chunks);
        parentPort.postMessage({ id: msg.id, bytes: copy }, [copy.buffer]);
      } else if (msg.type === 'dump') {
        const blob = await pglite.dumpDataDir('none');
        const bytes = new Uint8Array(await blob.arrayBuffer());
        parentPort.postMessage({ id: msg.id, bytes }, [bytes.buffer]);
      } else if (msg.type === 'close') {
        await pglite.close();
        parentPort.postMessage({ id: msg.id });
      } else {
        throw new Error(`unknown PGlite worker message ${msg.type}`);
      }
    } catch (err) {
      const e = err instanceof Error ? err : new Error(String(err));
      parentPort.postMessage({ id: msg.id, error: { message: e.message, stack: e.stack } });
    }
  });
});

parentPort.postMessage({ id: 0, ready: true });

/** @param {Uint8Array[]} parts */
function concat(parts) {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.byteLength, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.byteLength;
  }
  return out;
}
