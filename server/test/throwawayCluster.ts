import { execFile } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

/**
 * A private PostgreSQL 15 cluster in a temp directory, for tests that must stop or restart the
 * server (the shared one on 5432 is used by every other suite and must never be touched).
 * initdb and pg_ctl refuse to run as root, so they run as the `postgres` OS user via runuser.
 */
const BIN = process.env.PG_BIN_DIR ?? newestDebianPostgresBin() ?? '/usr/lib/postgresql/15/bin';

/** The newest /usr/lib/postgresql/<version>/bin (Debian's layout, as .ci/run finds it). */
function newestDebianPostgresBin(): string | undefined {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root).filter((v) => /^\d+$/.test(v) && existsSync(join(root, v, 'bin', 'initdb')));
  const newest = versions.sort((a, b) => Number(a) - Number(b)).at(-1);
  return newest ? join(root, newest, 'bin') : undefined;
}
const run = promisify(execFile);

/** Why a throwaway cluster cannot be made here, or undefined when it can. */
export function throwawayClusterUnavailable(): string | undefined {
  if (!existsSync(join(BIN, 'initdb'))) return `no initdb in ${BIN} (set PG_BIN_DIR)`;
  if (process.getuid?.() !== 0) return 'needs root to run initdb as the postgres OS user (runuser)';
  if (!existsSync('/usr/sbin/runuser') && !existsSync('/sbin/runuser') && !existsSync('/usr/bin/runuser')) return 'no runuser';
  return undefined;
}

export interface ThrowawayCluster {
  url: string;
  port: number;
  /** `pg_ctl restart -m fast`: every connection is ended, then the server starts again. */
  restart(): Promise<void>;
  /** Stops the server and removes its directory. */
  destroy(): Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

const asPostgres = (command: string, args: string[]) => run('runuser', ['-u', 'postgres', '--', join(BIN, command), ...args]);

export async function startThrowawayCluster(): Promise<ThrowawayCluster> {
  const dir = mkdtempSync(join(tmpdir(), 'bw-pgcluster-'));
  const uid = Number((await run('id', ['-u', 'postgres'])).stdout.trim());
  const gid = Number((await run('id', ['-g', 'postgres'])).stdout.trim());
  chownSync(dir, uid, gid);
  const data = join(dir, 'data');
  const port = await freePort();
  await asPostgres('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--no-sync']);
  // Own socket directory and port: nothing shared with the server on 5432.
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1`;
  await asPostgres('pg_ctl', ['-D', data, '-l', join(dir, 'server.log'), '-o', options, '-w', 'start']);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    restart: async () => {
      await asPostgres('pg_ctl', ['-D', data, '-l', join(dir, 'server.log'), '-m', 'fast', '-w', 'restart']);
    },
    destroy: async () => {
      await asPostgres('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']).catch(() => {});
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
