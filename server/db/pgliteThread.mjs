// @ts-check — type-checked from its JSDoc by `npm run typecheck` and linted like the TypeScript.
// The PGlite worker thread: owns the embedded database so its WebAssembly runs off the HTTP
// event loop. Plain JavaScript (no build step) because worker threads load files with plain
// Node, under tsx, vitest and `npm start` alike. The main thread (server/db/pgliteWorker.ts)
// speaks the PostgreSQL wire protocol through node-postgres; this side runs those bytes on
// PGlite's single connection and returns the raw answer, so transactions, COPY, NOTIFY and
// type parsing behave exactly as they did in-process.
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';

/**
 * One request from the main thread (server/db/pgliteWorker.ts).
 * @typedef {{ id: number, type: 'exec' | 'dump' | 'close', bytes?: Uint8Array, session?: number }} WorkerMessage
 */

if (!parentPort) throw new Error('pgliteThread.mjs runs in a worker thread');
const port = parentPort;

/** @type {{ dataDir?: string, loadDataDir?: Uint8Array<ArrayBuffer> }} */
const options = workerData ?? {};

const pglite = await (options.loadDataDir
  ? PGlite.create({ loadDataDir: new Blob([options.loadDataDir]) })
  : PGlite.create(options.dataDir));

/**
 * Messages are run one at a time, first come first served, with one exception: a session whose
 * last answer did not leave the backend idle (inside a transaction, a failed transaction, a COPY,
 * or an extended query not yet synced) is the only one served until it is idle again. The pool on
 * the main thread has several sessions but PGlite has one backend, so this is what keeps other
 * sessions' statements out of an open transaction.
 * @type {WorkerMessage[]}
 */
const waiting = [];
/** @type {number | null} */
let owner = null;
let running = false;

port.on('message', (/** @type {WorkerMessage} */ msg) => {
  waiting.push(msg);
  void pump();
});

async function pump() {
  if (running) return;
  running = true;
  try {
    for (;;) {
      // Closing never waits on a session (its client may be gone); the rest wait for the owner.
      const k = waiting.findIndex((m) => owner === null || m.session === owner || m.type === 'close');
      if (k < 0) break;
      const [msg] = waiting.splice(k, 1);
      if (msg) await handle(msg);
    }
  } finally {
    running = false;
  }
}

/** True when the answer ends with ReadyForQuery reporting an idle backend ('Z', length 5, 'I'). */
function endsIdle(/** @type {Uint8Array} */ out) {
  const n = out.length;
  return n >= 6 && out[n - 6] === 0x5a && out[n - 2] === 5 && out[n - 3] === 0 && out[n - 1] === 0x49;
}

async function handle(/** @type {WorkerMessage} */ msg) {
  try {
    if (msg.type === 'exec') {
      if (!msg.bytes) throw new Error('an exec message carries the bytes to run');
      // execProtocolRaw would also parse every answer message in here (to raise errors and
      // notifications for PGlite's own query API); the main thread parses them anyway, so take
      // the raw bytes as they come. Each chunk is a view into WebAssembly memory: copy it.
      /** @type {Uint8Array<ArrayBuffer>[]} */
      const chunks = [];
      await pglite.execProtocolRawStream(msg.bytes, {
        onRawData: (data) => {
          chunks.push(data.slice());
        },
      });
      const copy = chunks.length === 1 && chunks[0] ? chunks[0] : concat(chunks);
      owner = endsIdle(copy) ? null : (msg.session ?? null);
      port.postMessage({ id: msg.id, bytes: copy }, [copy.buffer]);
    } else if (msg.type === 'dump') {
      const blob = await pglite.dumpDataDir('none');
      const bytes = new Uint8Array(await blob.arrayBuffer());
      port.postMessage({ id: msg.id, bytes }, [bytes.buffer]);
    } else if (msg.type === 'close') {
      await pglite.close();
      port.postMessage({ id: msg.id });
    } else {
      throw new Error(`unknown PGlite worker message ${msg.type}`);
    }
  } catch (err) {
    const e = err instanceof Error ? err : new Error(String(err));
    port.postMessage({ id: msg.id, error: { message: e.message, stack: e.stack } });
  }
}

port.postMessage({ id: 0, ready: true });

/**
 * @param {Uint8Array[]} parts
 * @returns {Uint8Array<ArrayBuffer>}
 */
function concat(parts) {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.byteLength, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.byteLength;
  }
  return out;
}
