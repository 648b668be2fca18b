import pino from 'pino';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { type DatabaseHandle, openDatabase } from './db/database';
import { migrateToLatest } from './db/migrate';
import { logDestination } from './logging';
import { progressReporter, runSeeds } from './seed';
import { bondTableSnapshot } from './services/market/queries/bondTableSnapshot';
import { ensureWebBuild } from './webBuild';
import { indexHelpContent } from './services/content/helpIndex';

/**
 * `npm start`: validate configuration, open the database (embedded PGlite unless DATABASE_URL),
 * migrate, seed on first start, build the web app when needed, then serve API and app on PORT.
 */
async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(`Bondwise cannot start.\n${err.message}\nSee "Configuration" in README.md.`);
      process.exit(1);
    }
    throw err;
  }
  const destination = logDestination();
  const log = destination ? pino({ level: config.logLevel }, destination) : pino({ level: config.logLevel });
  const where = config.databaseUrl ? `PostgreSQL (${redact(config.databaseUrl)})` : `embedded PGlite in ${config.dataDir}`;
  log.info(`Opening the database: ${where}`);

  let handle: DatabaseHandle | undefined;
  try {
    handle = await openDatabase(config, {
      onConnectionError: (err) => log.warn({ err }, 'database connection lost; the pool reconnects on the next query'),
    });
    const applied = await migrateToLatest(handle.db);
    log.info(applied.length ? `Applied migrations: ${applied.join(', ')}` : 'Database schema is up to date');
    // The help centre's Markdown files are the source; the index is rebuilt from them (unchanged files skipped).
    const help = await indexHelpContent(handle.db, new Date());
    log.info(`Help centre indexed: ${help.indexed} updated, ${help.unchanged} unchanged, ${help.removed} removed`);
  } catch (err) {
    log.fatal(`Bondwise cannot start: ${err instanceof Error ? err.message : String(err)}`);
    await handle?.close().catch(() => {});
    process.exit(1);
  }
  const db = handle.db;

  if (config.seedDemo) await runSeeds({ db, config, log, now: Date.now, progress: progressReporter(log) });
  await ensureWebBuild(log);

  const app = await buildApp({
    config,
    db,
    logger: { level: config.logLevel, ...(destination ? { stream: destination } : {}) },
    serveWebApp: true,
  });
  const scheduler = app.scheduler;
  for (const job of app.recurringJobs) scheduler.start(job);
  // Jobs that wait on events (market hawk) run when they are committed, not at their next interval.
  await scheduler
    .listen(app.recurringJobs)
    .catch((err: unknown) => app.log.warn({ err }, 'jobs will run on their intervals only: cannot listen for events'));

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal} received: finishing requests and background jobs`);
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    await scheduler.stop();
    await app.close();
    await handle!.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  app.log.info(`Bondwise is ready at ${config.publicUrl}/app/ (API reference at ${config.publicUrl}/api/docs)`);
  // Load the bond table's snapshot now rather than on the first user's request: at 30,000 bonds
  // the load takes ~2 s, which the first visitor after a restart would otherwise wait through.
  const warmStarted = Date.now();
  bondTableSnapshot(db)
    .then((s) => app.log.info(`Bond table ready: ${s.records.length} bonds in memory (${Date.now() - warmStarted} ms)`))
    .catch((err: unknown) => app.log.warn({ err }, 'Bond table snapshot could not be loaded yet; the first request will retry'));
}

function redact(url: string): string {
  return url.replace(/\/\/([^:@/]+):[^@/]+@/, '//$1:***@');
}

void main();
