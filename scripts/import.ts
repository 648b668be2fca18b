/**
 * `npm run import -- <kind> <file> [--skip-bad-rows]` — imports a Treasury par yield curve CSV
 * (treasury), a FINRA TRACE Enhanced historical file (trace) or a bond reference CSV (bonds) into
 * the configured database (DATABASE_URL, else the embedded PGlite under DATA_DIR). The file is
 * streamed in one transaction: a file with any bad row changes nothing unless --skip-bad-rows.
 * Progress (rows/s) goes to stderr, the JSON report to stdout. Exit code 0 when imported, 1 when
 * nothing was imported, 2 for a usage error.
 */
import { createReadStream, existsSync, statSync } from 'node:fs';
import { basename } from 'node:path';
import { ConfigError, loadConfig } from '../server/config';
import { openDatabase } from '../server/db/database';
import { migrateToLatest } from '../server/db/migrate';
import { IMPORT_KINDS, type ImportKind, importFile, summarize } from '../server/services/importers';

const USAGE = `usage: npm run import -- <${IMPORT_KINDS.join('|')}> <file> [--skip-bad-rows]
  treasury  US Treasury daily par yield curve CSV (Date,"1 Mo",…,"30 Yr")
  trace     FINRA TRACE Enhanced historical file (pipe-delimited)
  bonds     bond reference CSV (template: samples/bonds-template.csv, docs/market-data.md)`;

function fail(message: string, code = 2): never {
  process.stderr.write(`${message}\n`);
  process.exit(code);
}

/** PGlite allows one process per data directory: refuse while the server holds it. */
async function serverIsRunning(port: number): Promise<boolean> {
  try {
    const res = await fetch(`http://127.0.0.1:${port}/health`, { signal: AbortSignal.timeout(700) });
    return res.ok;
  } catch {
    return false;
  }
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const skipBadRows = args.includes('--skip-bad-rows');
  const [kind, file, ...rest] = args.filter((a) => a !== '--skip-bad-rows');
  if (!kind || !file || rest.length > 0) fail(USAGE);
  if (!(IMPORT_KINDS as readonly string[]).includes(kind)) fail(`unknown kind "${kind}"\n${USAGE}`);
  if (!existsSync(file) || !statSync(file).isFile()) fail(`no such file: ${file}`);

  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) fail(err.message);
    throw err;
  }
  if (!config.databaseUrl && (await serverIsRunning(config.port))) {
    fail(
      `The server is running on the embedded database in ${config.dataDir}, which only one process may open.\n` +
        `Upload the file instead (POST /admin/upload/${kind} as an admin) or stop the server and run this again.`,
    );
  }
  const handle = await openDatabase(config);
  try {
    await migrateToLatest(handle.db);
    const tty = process.stderr.isTTY;
    const size = statSync(file).size;
    process.stderr.write(
      `Importing ${basename(file)} (${(size / 1e6).toFixed(1)} MB) as ${kind}${skipBadRows ? ', skipping bad rows' : ''}\n`,
    );
    const report = await importFile(handle.db, kind as ImportKind, createReadStream(file, { highWaterMark: 1 << 20 }), {
      skipBadRows,
      fileName: basename(file),
      onProgress: (p) => {
        const line = `  ${p.rowsRead.toLocaleString('en-US')} rows read, ${p.rowsPerSecond.toLocaleString('en-US')} rows/s${p.done ? '' : '…'}`;
        process.stderr.write(tty ? `\r${line}${p.done ? '\n' : ''}` : `${line}\n`);
      },
    });
    for (const r of report.rejected.slice(0, 20)) process.stderr.write(`  line ${r.line}: ${r.reason}\n`);
    if (report.rowsRejected > 20)
      process.stderr.write(`  … ${report.rowsRejected - 20} more rejected rows (all listed in the report, up to 1,000)\n`);
    process.stderr.write(`${summarize(report)}\n`);
    if (!report.committed && !report.error && report.rowsRejected > 0) {
      process.stderr.write('Nothing was imported. Fix the rows above, or run again with --skip-bad-rows to import the rest.\n');
    }
    process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
    process.exitCode = report.committed ? 0 : 1;
  } finally {
    await handle.close();
  }
}

await main();
