import { EventEmitter } from 'node:events';
import { Worker } from 'node:worker_threads';
import type { PGlite } from '@electric-sql/pglite';
import { PglitePgConnection } from '@electric-sql/pglite/node-postgres';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { Parser } from 'pg-protocol/dist/parser';
import type { BackendMessage } from 'pg-protocol/dist/messages';
import type { Database } from './schema';
import { usePreparedStatements } from './prepared';

/**
 * PGlite in a worker thread. PGlite runs PostgreSQL as WebAssembly on the thread that calls it:
 * in-process, a heavy query held the HTTP event loop for its whole length (20 market-detail
 * requests kept `/health` waiting 33 s). Here a worker thread owns the database
 * (`pgliteThread.mjs`) and the main thread keeps the same stack as before — Kysely over a
 * node-postgres pool — whose connections send their wire-protocol bytes to the worker instead of
 * into an in-process PGlite: pg's own type parsing and parameter serialisation, COPY and NOTIFY.
 *
 * PGlite has one backend. The pool has several connections ("sessions") so that the next
 * statement is already waiting in the worker when one finishes, instead of being sent only once
 * the busy HTTP thread has read the previous answer (with one connection the backend sat idle
 * two thirds of the time under load while statements queued behind it). The worker runs one
 * statement at a time and keeps a session that is inside a transaction (or a COPY) as the only
 * one served until it is idle again, so a transaction sees nothing interleaved — the guarantee
 * the pool of one gave.
 */
export class PgliteWorker {
  private readonly worker: Worker;
  private readonly pending = new Map<number, { resolve: (v: { bytes?: Uint8Array }) => void; reject: (e: Error) => void }>();
  private nextId = 1;
  private failure: Error | undefined;
  /** Resolves once the worker has opened the database (node-postgres waits on it to connect). */
  readonly waitReady: Promise<void>;
  private nextSession = 1;
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

  /** A new connection's view of the worker (what the node-postgres adapter takes for a PGlite). */
  session(): PgliteSession {
    return new PgliteSession(this, this.nextSession++);
  }

  /** Runs wire-protocol bytes as the given session; answers the raw backend bytes. */
  exec(session: number, bytes: Uint8Array): Promise<{ bytes?: Uint8Array }> {
    this.exchanges++;
    return this.call('exec', bytes, session);
  }

  private call(type: string, bytes?: Uint8Array, session?: number): Promise<{ bytes?: Uint8Array }> {
    if (this.failure) return Promise.reject(this.failure);
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ id, type, bytes, session });
    });
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

/** One pooled connection to the worker's PGlite: its own pipelining buffer and protocol parser. */
class PgliteSession {
  /** Frontend messages waiting for the Sync (or other answer-requesting message) that ends them. */
  private held: Uint8Array[] = [];
  private readonly parser = new Parser();
  readonly waitReady: Promise<void>;

  constructor(
    private readonly worker: PgliteWorker,
    readonly id: number,
  ) {
    this.waitReady = worker.waitReady;
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
    const { bytes: raw } = await this.worker.exec(this.id, batch);
    const messages: BackendMessage[] = [];
    if (raw) this.parser.parse(Buffer.from(raw.buffer, raw.byteOffset, raw.byteLength), (m) => messages.push(m));
    return messages;
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

/** Connections in the pool over the worker: enough that a statement always waits in the worker. */
export const PGLITE_SESSIONS = 4;

/** Kysely over a pool of node-postgres connections whose PGlite lives in the worker. */
export function kyselyOverWorker(worker: PgliteWorker): { db: Kysely<Database>; pool: pg.Pool; heard: EventEmitter } {
  // The adapter's connection only needs waitReady and execProtocolStream from its "PGlite"; each
  // pooled client gets its own (pg.Client takes a ready-made connection in its config).
  class SessionClient extends pg.Client {
    constructor(config: pg.ClientConfig = {}) {
      super({ ...config, connection: new PglitePgConnection({ pglite: worker.session() as unknown as PGlite }) } as pg.ClientConfig);
    }
  }
  // Sessions are kept open (no idle timeout): PGlite's one backend keeps a session's prepared
  // statements (prepared.ts) after the session's client is gone, so recycling would leak them.
  const pool = new pg.Pool({ max: PGLITE_SESSIONS, Client: SessionClient, idleTimeoutMillis: 0 });
  usePreparedStatements(pool);
  // If the worker dies its connections error; queries then reject (and /health reads down)
  // rather than an unhandled 'error' event ending the process.
  pool.on('error', () => {});
  pool.on('connect', (client) => client.on('error', () => {}));
  // A NOTIFY comes back to the session that committed it (one backend): gather them in one place.
  const heard = new EventEmitter();
  heard.setMaxListeners(0);
  pool.on('connect', (client) => client.on('notification', (n) => heard.emit('notification', n)));
  return { db: new Kysely<Database>({ dialect: new PostgresDialect({ pool }) }), pool, heard };
}
