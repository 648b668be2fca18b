import { EventEmitter } from 'node:events';
import { type Kysely, sql } from 'kysely';
import pg from 'pg';
import type { Database } from './schema';

/**
 * LISTEN on a PostgreSQL channel, on either engine. NOTIFY is delivered on commit, so a listener
 * never hears of a row it cannot read yet.
 *
 * - PostgreSQL: one dedicated connection per listener (outside the pool, which would hand it to
 *   queries), re-opened after a lost connection; `onReconnect` then lets the listener catch up
 *   on what it may have missed while deaf.
 * - PGlite: one backend serves every pooled session, so a LISTEN issued on any of them is heard
 *   by the backend, and the notification comes back in the answer of whichever session committed
 *   — in this process. Every pooled client forwards it (kyselyOverWorker).
 */
export interface ChannelListener {
  close(): Promise<void>;
}
export type Listen = (channel: string, onNotify: (payload: string) => void, onReconnect?: () => void) => Promise<ChannelListener>;

const listeners = new WeakMap<object, Listen>();

/** How the database opened as `db` listens, or undefined (a handle opened elsewhere). */
export function listenerOf(db: Kysely<Database>): Listen | undefined {
  return listeners.get(db);
}

export function setListener(db: Kysely<Database>, listen: Listen): void {
  listeners.set(db, listen);
}

const CHANNEL_NAME = /^[a-z_][a-z0-9_]*$/;
function checked(channel: string): string {
  if (!CHANNEL_NAME.test(channel)) throw new Error(`Not a channel name: ${channel}`);
  return channel;
}

/** PGlite: notifications that pooled sessions received, by channel (see kyselyOverWorker). */
export function pgliteListen(db: Kysely<Database>, heard: EventEmitter): Listen {
  return async (channel, onNotify) => {
    const handler = (n: { channel: string; payload?: string }) => {
      if (n.channel === channel) onNotify(n.payload ?? '');
    };
    heard.on('notification', handler);
    await sql.raw(`listen ${checked(channel)}`).execute(db);
    return {
      async close() {
        heard.off('notification', handler);
      },
    };
  };
}

/** How long a lost listening connection waits before it tries again. */
const RECONNECT_DELAY_MS = 1_000;

/** PostgreSQL: a dedicated connection that LISTENs and comes back after losing the server. */
export function postgresListen(url: string): Listen {
  return async (channel, onNotify, onReconnect) => {
    let closed = false;
    let client: pg.Client | undefined;
    let retry: ReturnType<typeof setTimeout> | undefined;
    const open = async (first: boolean): Promise<void> => {
      const c = new pg.Client({ connectionString: url });
      client = c;
      c.on('notification', (n) => {
        if (n.channel === channel) onNotify(n.payload ?? '');
      });
      const lost = () => {
        if (closed || client !== c) return;
        client = undefined;
        c.end().catch(() => {});
        retry = setTimeout(() => void open(false).catch(lost), RECONNECT_DELAY_MS);
        retry.unref();
      };
      c.on('error', lost);
      c.on('end', lost);
      await c.connect();
      await c.query(`listen ${checked(channel)}`);
      if (!first) onReconnect?.();
    };
    await open(true);
    return {
      async close() {
        closed = true;
        if (retry) clearTimeout(retry);
        await client?.end().catch(() => {});
      },
    };
  };
}
