/**
 * What this machine allows an HTTP API (not a test): `npm run bench:http-floor [-- --seconds 15]`.
 *
 * The API benchmark's throughput target (issue #18 item 13: ≥ 2,500 req/s for the mixed mix) was
 * set on another machine, which ran a Fastify hello-world at ~36,000 req/s. This bench measures
 * the same floor here, with the API benchmark's own load clients (support/loadClients.ts, 50
 * closed loops over raw keep-alive sockets in their own process): a bare Fastify server in this
 * process answering every GET with a fixed body — a tiny one (the framework and the clients alone)
 * and ones the size of the mixed mix's mean answer and of a bond-table page (what loopback TCP
 * costs per byte). Nothing of Bondwise runs: no database, no auth, no validation. The gap between
 * these figures and `npm run bench:api` is the API's own work.
 */
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { loadavg } from 'node:os';
import Fastify from 'fastify';
import type { LoadPlan, LoadResult } from './support/loadClients';

const arg = (name: string) => (process.argv.includes(name) ? process.argv[process.argv.indexOf(name) + 1] : undefined);
const SECONDS = Number(arg('--seconds') ?? 15);
const CLIENTS = 50;
/** Body sizes: hello-world, the mixed mix's mean answer (~36 KB), a bond-table page (~47 KB). */
const BODIES_KB = [0.02, 36, 47];

async function measure(bodyKb: number): Promise<void> {
  const body = JSON.stringify({ data: 'x'.repeat(Math.max(0, Math.round(bodyKb * 1024) - 12)) });
  const app = Fastify({ logger: false });
  app.get('/*', (_request, reply) => reply.type('application/json; charset=utf-8').send(body));
  await app.listen({ host: '127.0.0.1', port: 0 });
  const port = (app.server.address() as { port: number }).port;
  const plan: LoadPlan = {
    port,
    token: 'unused',
    // The table mix only needs these lists to build its URLs; the server ignores the URL.
    universe: { bondIds: [1], historyBondIds: [1], issuerIds: [1], sectorCodes: ['FIN'], seniorities: ['Senior'], tickers: ['ABC'] },
    clients: CLIENTS,
    requests: Number.MAX_SAFE_INTEGER,
    seconds: SECONDS,
    thinkMs: 0,
    mix: 'table',
    ipsPerClient: 8,
  };
  const load0 = loadavg()[0]!;
  const cpu0 = process.cpuUsage();
  const result = await new Promise<LoadResult>((resolve, reject) => {
    const child = fork(fileURLToPath(new URL('./support/loadClients.ts', import.meta.url)), [], { execArgv: ['--import', 'tsx'] });
    child.once('message', (m) => resolve(m as LoadResult));
    child.once('error', reject);
    child.once('exit', (code) => (code ? reject(new Error(`load clients exited with ${code}`)) : undefined));
    child.send(plan);
  });
  const cpu = process.cpuUsage(cpu0);
  await app.close();
  const perRequest = (ms: number) => (ms / result.issued).toFixed(3);
  const errors = Object.values(result.samples).reduce((n, s) => n + s.errors, 0);
  console.log(
    `| ${bodyKb < 1 ? 'hello-world' : `${bodyKb} KB`} | ${(result.issued / result.seconds).toFixed(0)} | ${perRequest((cpu.user + cpu.system) / 1000)} | ${perRequest(result.clientCpuMs)} | ${errors} | ${load0.toFixed(1)} → ${loadavg()[0]!.toFixed(1)} |`,
  );
}

console.log(`Fastify alone, ${CLIENTS} closed-loop clients in their own process, ${SECONDS} s per body size`);
console.log('| body | req/s | server CPU ms a request | clients CPU ms a request | errors | load average |');
console.log('|---|---:|---:|---:|---:|---|');
for (const kb of BODIES_KB) await measure(kb);
