/**
 * `npm run import -- <kind> <file> [--skip-bad-rows]` — imports a Treasury par yield curve CSV
 * (treasury), a FINRA TRACE Enhanced historical file (trace), a bond reference CSV (bonds) or an
 * EDGAR FWP pricing term sheet (fwp: read, stored, and made into its deal when complete) into
 * the configured database (DATABASE_URL, else the embedded PGlite under DATA_DIR). The file is
 * streamed in one transaction: a file with any bad row changes nothing unless --skip-bad-rows.
 * Progress (rows/s) goes to stderr, the JSON report to stdout. Exit code 0 when imported, 1 when
 * nothing was imported, 2 for a usage error.
 */
import { createReadStream, existsSync, readFileSync, statSync } from 'node:fs';
import { basename } from 'node:path';
import { ConfigError, loadConfig } from '../server/config';
import { openDatabase } from '../server/db/database';
import { migrateToLatest } from '../server/db/migrate';
import { IMPORT_KINDS, type ImportKind, importFile, summarize } from '../server/services/importers';
import { repriceAfterImport } from '../server/services/importers/reprice';
import { importFiling } from '../server/services/primary/edgar/filings';
import { MAX_FWP_CHARS } from '../common/api/edgar';

const USAGE = `usage: npm run import -- <${IMPORT_KINDS.join('|')}> <file> [--skip-bad-rows]
  treasury  US Treasury daily par yield curve CSV (Date,"1 Mo",…,"30 Yr")
  trace     FINRA TRACE Enhanced historical file (pipe-delimited)
  bonds     bond reference CSV (template: samples/bonds-template.csv, docs/market-data.md)
  fwp       SEC EDGAR FWP pricing term sheet, HTML or text (samples/fwp/, docs/primary-markets.md)`;

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
  if (!(IMPORT_KINDS as readonly string[]).includes(kind) && kind !== 'fwp') fail(`unknown kind "${kind}"\n${USAGE}`);
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
        `Upload the file instead (${kind === 'fwp' ? 'the admin page /bw/admin/edgar' : `POST /admin/upload/${kind} as an admin`}) or stop the server and run this again.`,
    );
  }
  const handle = await openDatabase(config);
  try {
    await migrateToLatest(handle.db);
    if (kind === 'fwp') {
      process.exitCode = await importTermSheet(handle.db, file);
      return;
    }
    const tty = process.stderr.isTTY;
    const size = statSync(file).size;
    process.stderr.write(
      `Importing ${basename(file)} (${(size / 1e6).toFixed(1)} MB) as ${kind}${skipBadRows ? ', skipping bad rows' : ''}\n`,
    );
    const report = await importFile(handle.db, kind as ImportKind, createReadStream(file, { highWaterMark: 1 << 20 }), {
      now: Date.now,
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

/** One FWP term sheet: the filing's status and problems to stderr, the result as JSON to stdout. */
async function importTermSheet(db: Parameters<typeof importFiling>[0], file: string): Promise<number> {
  if (statSync(file).size > MAX_FWP_CHARS * 4) fail(`${file} is larger than a term sheet can be`);
  const content = readFileSync(file, 'utf8');
  if (content.length > MAX_FWP_CHARS)
    fail(`${file} is larger than a term sheet can be (${MAX_FWP_CHARS.toLocaleString('en-US')} characters)`);
  const now = new Date();
  const { bondIds, ...result } = await importFiling(db, { fileName: basename(file), content }, null, now);
  const priced = await repriceAfterImport(db, bondIds, now);
  process.stderr.write(`Filing ${result.id}: ${result.status}${result.duplicate ? ' (this document was imported before)' : ''}\n`);
  for (const p of result.problems) process.stderr.write(`  ${p.field}: ${p.message}\n`);
  if (result.dealId !== null) process.stderr.write(`Deal ${result.dealId} with ${bondIds.length} bonds\n`);
  else if (result.status === 'parsed')
    process.stderr.write(`Its issuer is not known yet: pick or create it on /bw/admin/edgar/${result.id}\n`);
  process.stdout.write(`${JSON.stringify({ ...result, bondIds, ...priced }, null, 2)}\n`);
  return result.status === 'rejected' ? 1 : 0;
}

await main();
