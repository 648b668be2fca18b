/**
 * Notification long-poll benchmark (not a test):
 * `npm run bench:notify [-- --engine pglite|postgres] [--two]`.
 *
 * Starts the real server on 127.0.0.1 (with `--two`, two instances on one PostgreSQL, pollers
 * split between them, notifications created through the first), holds BENCH_POLLERS long-polls
 * (10,000 by default) from a separate client process (support/pollClients.ts), then creates
 * BENCH_ROUNDS rounds (20) of notifications for BENCH_PER_ROUND random users (100) and measures,
 * per notification, commit → arrival at its held poller. Also times one deal message to 1,000
 * recipients (message, recipient rows and notifications in one transaction). Prints the server
 * process's resident memory with every poll held. Targets: < 500 MB with 10,000 pollers,
 * p99 < 100 ms, a 1,000-recipient message < 200 ms.
 */
import { fork } from 'node:child_process';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { openPostgres } from '../server/db/database';
import { migrateToLatest } from '../server/db/migrate';
import { signAccessToken } from '../server/plugins/auth';
import { createMessage } from '../server/services/messaging/messages';
import { createNotifications } from '../server/services/notifications/notifications';
import { databaseCpuMs } from './support/databaseCpu';
import { openScratchDatabase, type BenchEngine } from './support/scratchDatabase';
import type { PollClientMessage, PollPlan } from './support/pollClients';

const POLLERS = Number(process.env.BENCH_POLLERS ?? 10_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 20);
const PER_ROUND = Number(process.env.BENCH_PER_ROUND ?? 100);
const arg = (name: string) => (process.argv.includes(name) ? process.argv[process.argv.indexOf(name) + 1] : undefined);
const ENGINE = (arg('--engine') ?? 'pglite') as BenchEngine;
const TWO = process.argv.includes('--two');
const SECRET = 'bench-secret-that-is-long-enough-for-hs256-signing';

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
const waitFor = async (check: () => boolean, what: string, ms = 300_000) => {
  const until = Date.now() + ms;
  while (!check()) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
};

async function main(): Promise<void> {
  if (TWO && ENGINE !== 'postgres') throw new Error('--two needs --engine postgres');
  const handle = await openScratchDatabase(ENGINE, 'notify', 10);
  const second = TWO ? openPostgres(handle.url!, 10) : undefined;
  const apps: FastifyInstance[] = [];
  try {
    await migrateToLatest(handle.db);
    const db = handle.db;
    // Pollers, and 1,000 buy-side readers (some of them pollers) for the message.
    await sql`insert into organizations (id, token, name, type) values ('sell', 'tok-sell', 'Sell', 'sellside'), ('buy', 'tok-buy', 'Buy', 'buyside')`.execute(
      db,
    );
    await sql`insert into users (id, email, password_hash, support_token, organization_id, profile)
      select 'u' || g, 'u' || g || '@bench.local', 'x', 's' || g, case when g <= 1000 then 'buy' end, '{}'::jsonb
      from generate_series(1, ${Math.max(POLLERS, 1000)}) g`.execute(db);
    await sql`insert into users (id, email, password_hash, support_token, organization_id, profile)
      values ('syn', 'syn@bench.local', 'x', 'syn', 'sell', '{"jobFunction":"syndicate"}')`.execute(db);
    await sql`insert into sectors (code, name) values ('B', 'Bench')`.execute(db);
    await sql`insert into issuers (name, display_name, ticker, sector_id, country_of_risk, corporate_structure)
      select 'Bench issuer', 'Bench', 'BNCH', id, 'US', 'OPCO' from sectors where code = 'B'`.execute(db);
    const deal = await sql<{ id: number }>`insert into deals (issuer_id, status, announced_at, bookrunners)
      select id, 'announced', now(), '[]'::jsonb from issuers limit 1 returning id`.execute(db);

    const config = loadConfig({
      NODE_ENV: 'development',
      DATA_DIR: '.tmp/bench-notify-data',
      JWT_SECRET: SECRET,
      LOG_LEVEL: 'silent',
      LIVE_MARKET: 'false',
      SEED_DEMO: 'false',
      API_RATE_LIMIT_PER_MINUTE: '1000000',
    });
    // When the server hands each notification to its socket: commit → send, apart from the client's own delay.
    const sentAt = new Map<string, number>();
    for (const appDb of [db, ...(second ? [second.db] : [])]) {
      const app = await buildApp({ config, db: appDb, logger: false });
      app.addHook('onSend', async (request, _reply, payload) => {
        if (request.url.startsWith('/v2/user/notification/poll') && typeof payload === 'string') {
          const now = Date.now();
          for (const m of payload.matchAll(/"id":"(\d+)"/g)) sentAt.set(m[1]!, now);
        }
        return payload;
      });
      await app.listen({ host: '127.0.0.1', port: 0 });
      apps.push(app);
    }
    const ports = apps.map((a) => (a.server.address() as { port: number }).port);
    const tokens: string[] = [];
    for (let k = 1; k <= POLLERS; k++)
      tokens.push(await signAccessToken(SECRET, { userId: `u${k}`, scopes: ['user'], ttlSeconds: 3600 }, Date.now));

    const rss0 = process.memoryUsage().rss;
    const child = fork(fileURLToPath(new URL('./support/pollClients.ts', import.meta.url)), [], { execArgv: ['--import', 'tsx'] });
    const report = () =>
      new Promise<{ arrivals: { id: string; at: number }[]; errors: number }>((resolve) => {
        child.once('message', (m: PollClientMessage & { errors?: number }) =>
          resolve(m.kind === 'arrivals' ? { arrivals: m.arrivals, errors: m.errors ?? 0 } : { arrivals: [], errors: 1 }),
        );
        child.send('report');
      });
    child.send({ ports, tokens } satisfies PollPlan);
    const held = () => apps.reduce((n, a) => n + a.notificationHub.heldPolls, 0);
    const started = Date.now();
    await waitFor(() => held() >= POLLERS, `${POLLERS} held polls`, 900_000).catch((err: unknown) => {
      console.log(`  only ${held()} of ${POLLERS} polls held when the wait ended`);
      throw err;
    });
    const holdAllMs = Date.now() - started;
    // A poll counts as held once registered, before its first read: let those reads drain.
    await new Promise((res) => setTimeout(res, 3000));
    const rssHeld = process.memoryUsage().rss;

    const committed = new Map<string, number>();
    const cpu0 = process.cpuUsage();
    const dbCpu0 = ENGINE === 'postgres' ? await databaseCpuMs(db) : null;
    const reads0 = apps.reduce((n, a) => n + a.notificationHub.cursorReads.queries, 0);
    const rounds0 = performance.now();
    for (let r = 0; r < ROUNDS; r++) {
      const users = Array.from({ length: PER_ROUND }, () => `u${1 + Math.floor(Math.random() * POLLERS)}`);
      const ids = await db
        .transaction()
        .execute((trx) => createNotifications(trx, users, { type: 'other', category: 'other', payload: { round: r }, at: new Date() }));
      const at = Date.now();
      for (const id of ids) committed.set(id, at);
      await new Promise((res) => setTimeout(res, 500));
    }
    await new Promise((res) => setTimeout(res, 1000));
    const roundsMs = performance.now() - rounds0;
    const cpuRounds = process.cpuUsage(cpu0);
    const dbCpuRounds = dbCpu0 === null ? null : (await databaseCpuMs(db))! - dbCpu0;
    const cursorQueries = apps.reduce((n, a) => n + a.notificationHub.cursorReads.queries, 0) - reads0;
    const { arrivals, errors } = await report();
    const latencies = arrivals
      .filter((a) => committed.has(a.id))
      .map((a) => a.at - committed.get(a.id)!)
      .sort((a, b) => a - b);
    const serverSide = [...committed]
      .filter(([id]) => sentAt.has(id))
      .map(([id, at]) => sentAt.get(id)! - at)
      .sort((a, b) => a - b);

    const t0 = performance.now();
    const msg = await createMessage(
      db,
      { userId: 'syn', isAdmin: false },
      { dealId: deal.rows[0]!.id, message: 'Bench', recipients: { followers: false, organizationTypes: ['buyside'], organizations: [] } },
      new Date(),
    );
    const messageMs = performance.now() - t0;
    await waitFor(() => held() >= POLLERS - 5, 'pollers to be held again', 30_000).catch(() => {});
    const rssAfter = process.memoryUsage().rss;
    child.send('stop');

    const mb = (b: number) => `${(b / 1024 / 1024).toFixed(0)} MB`;
    console.log(
      `engine ${ENGINE}${TWO ? ', two instances' : ''}; ${POLLERS} pollers; load average ${loadavg()[0]!.toFixed(1)} (shared machine)`,
    );
    console.log(
      `  all polls held after ${(holdAllMs / 1000).toFixed(1)} s; server process RSS ${mb(rss0)} before, ${mb(rssHeld)} with all held, ${mb(rssAfter)} at the end`,
    );
    console.log(
      `  commit → arrival over ${latencies.length}/${committed.size} notifications: p50 ${pct(latencies, 50)} ms, p99 ${pct(latencies, 99)} ms, max ${latencies.at(-1)} ms; client errors ${errors}`,
    );
    console.log(
      `  commit → handed to the socket by the server over ${serverSide.length}: p50 ${pct(serverSide, 50)} ms, p99 ${pct(serverSide, 99)} ms, max ${serverSide.at(-1)} ms`,
    );
    console.log(
      `  during the ${ROUNDS} rounds (${(roundsMs / 1000).toFixed(1)} s, every held poll's timeouts and re-polls included): server process CPU ${((cpuRounds.user + cpuRounds.system) / 1000).toFixed(0)} ms${dbCpuRounds === null ? '' : `, database backends CPU ${dbCpuRounds.toFixed(0)} ms`}, ${cursorQueries} cursor-read queries; per notification ${((cpuRounds.user + cpuRounds.system) / 1000 / Math.max(1, committed.size)).toFixed(2)} ms of server CPU`,
    );
    console.log(
      `  one message to ${msg.recipientCount} recipients (message, recipients, notifications) committed in ${messageMs.toFixed(0)} ms`,
    );
  } finally {
    for (const app of apps) await app.close();
    await second?.close();
    await handle.cleanup();
  }
}

void main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
