import { type ChildProcess, spawn } from 'node:child_process';
import { createWriteStream, mkdirSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { E2E_PORT } from './environment';

/**
 * A Bondwise server a test owns — started as `npm start` starts it (scripts/start.mjs: the
 * TypeScript server through tsx, migrate, seed on first start, serve) on its own port and its own
 * scratch DATA_DIR (embedded PGlite) — so the test can stop the real process and start it again
 * on the same port and data. Playwright's webServer owns the suite's server for the whole run,
 * which a test cannot stop.
 *
 * Port: E2E_OWN_SERVER_PORT, else E2E_PORT + 1 (an engineer's E2E_PORT comes with the next ports).
 */
export const OWN_SERVER_PORT = Number(process.env.E2E_OWN_SERVER_PORT ?? E2E_PORT + 1);
const root = fileURLToPath(new URL('../..', import.meta.url));

/** Starting is migrating and seeding a small market; on a machine at load 30 that takes minutes. */
const START_TIMEOUT_MS = 300_000;

export interface OwnServer {
  readonly baseURL: string;
  readonly dataDir: string;
  readonly logFile: string;
  /** Starts the server (fresh data the first time) and resolves once /health answers 200. */
  start(): Promise<void>;
  /** SIGTERM (the server closes as on a deploy: held polls answered, database closed) and waits for the exit. */
  stop(): Promise<void>;
  /** Kills what is still running (cleanup after a failure). */
  kill(): void;
}

async function healthy(baseURL: string): Promise<boolean> {
  try {
    return (await fetch(`${baseURL}/health`, { signal: AbortSignal.timeout(5_000) })).ok;
  } catch {
    return false;
  }
}

/** The test's environment less DATABASE_URL: the server keeps its data in its own DATA_DIR (PGlite). */
function withoutDatabaseUrl(): NodeJS.ProcessEnv {
  const { DATABASE_URL: _ignored, ...rest } = process.env;
  return rest;
}

export function ownServer(label: string, port = OWN_SERVER_PORT, env: Record<string, string> = {}): OwnServer {
  const baseURL = `http://localhost:${port}`;
  const dataDir = `${root}.tmp/e2e-${label}-data-${port}`;
  const logFile = `${root}.tmp/e2e-${label}-server-${port}.log`;
  let child: ChildProcess | null = null;
  let starts = 0;

  const start = async () => {
    if (child) throw new Error('the server is already running');
    if (await healthy(baseURL)) throw new Error(`something already answers on ${baseURL}; set E2E_OWN_SERVER_PORT`);
    if (starts === 0) rmSync(dataDir, { recursive: true, force: true });
    mkdirSync(dataDir, { recursive: true });
    starts += 1;
    const log = createWriteStream(logFile, { flags: starts === 1 ? 'w' : 'a' });
    // Its own process group, so a cleanup can end tsx's child too (start.mjs forwards SIGTERM itself).
    const proc = spawn(process.execPath, ['scripts/start.mjs'], {
      cwd: root,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        ...withoutDatabaseUrl(),
        NODE_ENV: 'development',
        HOST: '127.0.0.1',
        PORT: String(port),
        DATA_DIR: dataDir,
        PUBLIC_URL: baseURL,
        LOG_LEVEL: 'info',
        LOG_FORMAT: 'json',
        LIVE_MARKET: 'false',
        SIM_BONDS: '400',
        SIM_HISTORY_DAYS: '30',
        AUTH_RATE_LIMIT_PER_MINUTE: '1000',
        API_RATE_LIMIT_PER_MINUTE: '100000',
        ...env,
      },
    });
    proc.stdout!.pipe(log);
    proc.stderr!.pipe(log);
    child = proc;
    const exited = new Promise<number | null>((resolve) => proc.once('exit', (code) => resolve(code)));
    const began = Date.now();
    while (Date.now() - began < START_TIMEOUT_MS) {
      if (proc.exitCode !== null) throw new Error(`the server exited (${proc.exitCode}) while starting; see ${logFile}`);
      if (await healthy(baseURL)) return;
      // Waiting for another process to come up: there is no event to wait on but its port.
      await Promise.race([exited, new Promise((r) => setTimeout(r, 1_000))]);
    }
    throw new Error(`the server did not answer /health within ${START_TIMEOUT_MS / 1000} s; see ${logFile}`);
  };

  const stop = async () => {
    const proc = child;
    if (!proc) return;
    child = null;
    if (proc.exitCode !== null || proc.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => proc.once('exit', () => resolve()));
    proc.kill('SIGTERM');
    await exited;
  };

  const kill = () => {
    const proc = child;
    child = null;
    if (proc?.pid && proc.exitCode === null && proc.signalCode === null) {
      try {
        process.kill(-proc.pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }
  };

  return { baseURL, dataDir, logFile, start, stop, kill };
}
