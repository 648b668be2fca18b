import { Worker } from 'node:worker_threads';
import type { PGlite } from '@electric-sql/pglite';
import { createPgConfig } from '@electric-sql/pglite/node-postgres';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { Parser } from 'pg-protocol/dist/parser';
import type { BackendMessage } from 'pg-protocol/dist/messages';
import type { Database } from './schema';

/**
 * PGlite in a worker thread. PGlite runs PostgreSQL as WebAssembly on the thread that calls it:
 * in-process, a heavy query held the HTTP event loop for its whole length (20 market-detail
 * requests kept `/health` waiting 33 s). Here a worker thread owns the database
 * (`pgliteThread.mjs`) and the main thread keeps the same stack as before — Kysely over a
 * node-postgres pool of one — whose connection sends its wire-protocol bytes to the worker
 * instead of into an in-process PGlite. Everything above the bytes is unchanged: one connection
 * (so a transaction is pinned to it and nothing interleaves), pg's own type parsing and parameter
 * serialisation, COPY and NOTIFY.
 */
export class PgliteWorker {
  private readonly worker: Worker;
  private readonly pending = new Map<number, { resolve: (v: { bytes?: Uint8Array }) => void; reject: (e: Error) => void }>();
  private nextId = 1;
  private failure: Error | undefined;
  /** Resolves once the worker has opened the database (node-postgres waits on it to connect). */
  readonly waitReady: Promise<void>;
  private readonly parser = new Parser();
  /** Frontend messages waiting for the Sync (or other answer-requesting message) that ends them. */
  private held: Uint8Array[] = [];
  /** Round trips to the worker so far (what the pipelining saves; read by its test). */
  exchanges = 0;

  constructor(source: { dataDir: string } | { loadDataDir: Uint8Array }) {
    this.worker = new Worker(new URL('./pgliteThread.mjs', import.meta.url), { workerData: source });
    let ready!: () => void;
    let failed!: (e: Error) => void;
    this.waitReady = new Promise<void>((resolve, reject) => {
      ready = resolve;
      failed = reject;
    });
    this.worker.on('message', (msg: { id: number; ready?: boolean; bytes?: Uint8Array; error?: { message: string; stack?: string } }) => {
      if (msg.ready) return ready();
      const waiter = this.pending.get(msg.id);
      if (!waiter) return;
      this.pending.delete(msg.id);
      if (msg.error) waiter.reject(Object.assign(new Error(msg.error.message), { stack: msg.error.stack }));
      else waiter.resolve(msg);
    });
    const fail = (err: Error) => {
      this.failure ??= err;
      failed(err);
      for (const w of this.pending.values()) w.reject(err);
      this.pending.clear();
    };
    this.worker.on('error', fail);
    this.worker.on('exit', (code) => fail(new Error(`PGlite worker exited (code ${code})`)));
  }

  private call(type: string, bytes?: Uint8Array): Promise<{ bytes?: Uint8Array }> {
    if (this.failure) return Promise.reject(this.failure);
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ id, type, bytes });
    });
  }

  /**
   * What the node-postgres adapter calls on a PGlite (`PglitePgConnection`): run protocol bytes,
   * answer the parsed backend messages. Errors come back as ErrorResponse messages, as with
   * `throwOnError: false`.
   *
   * The adapter calls this once per frontend message and waits for each answer before sending
   * the next, so one extended-protocol query (Parse, Bind, Describe, Execute, Sync) cost five
   * round trips to the worker and five runs of PGlite's protocol loop: ~0.6 ms of CPU for a
   * `select 1`. A PostgreSQL server over a socket receives those messages as one pipelined write
   * and answers them together after the Sync; this does the same. Parse, Bind, Describe, Execute
   * and Close are held (answered with no messages, as a socket with nothing to read yet) and sent
   * with the next message that asks the backend to answer (Sync, Flush, a simple Query, COPY
   * data, …), whose reply carries every held message's response in order — the order node-postgres
   * reads them in from a real server.
   */
  async execProtocolStream(bytes: Uint8Array): Promise<BackendMessage[]> {
    if (PIPELINED.has(bytes[0]!)) {
      this.held.push(bytes);
      return [];
    }
    const batch = this.held.length === 0 ? bytes : concat([...this.held, bytes]);
    this.held = [];
    this.exchanges++;
    const { bytes: raw } = await this.call('exec', batch);
    const messages: BackendMessage[] = [];
    if (raw) this.parser.parse(Buffer.from(raw.buffer, raw.byteOffset, raw.byteLength), (m) => messages.push(m));
    return messages;
  }

  /** The data directory as a tarball (what `PGlite.dumpDataDir('none')` gives). */
  async dumpDataDir(): Promise<Uint8Array> {
    return (await this.call('dump')).bytes!;
  }

  async close(): Promise<void> {
    if (!this.failure) await this.call('close').catch(() => {});
    await this.worker.terminate();
  }
}

/** Frontend message types the backend answers only at the next Sync or Flush: Parse, Bind, Describe, Execute, Close. */
const PIPELINED = new Set(['P', 'B', 'D', 'E', 'C'].map((c) => c.charCodeAt(0)));

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.byteLength, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.byteLength;
  }
  return out;
}

/** Kysely over a pool of one node-postgres connection whose PGlite lives in the worker. */
export function kyselyOverWorker(worker: PgliteWorker): { db: Kysely<Database>; pool: pg.Pool } {
  // The adapter only needs waitReady and execProtocolStream from its "PGlite".
  const pool = new pg.Pool(createPgConfig(worker as unknown as PGlite) as unknown as pg.PoolConfig);
  // If the worker dies its connection errors; queries then reject (and /health reads down)
  // rather than an unhandled 'error' event ending the process.
  pool.on('error', () => {});
  pool.on('connect', (client) => client.on('error', () => {}));
  return { db: new Kysely<Database>({ dialect: new PostgresDialect({ pool }) }), pool };
}
