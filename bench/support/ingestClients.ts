/**
 * The event-ingest benchmark's clients (bench/eventIngest.bench.ts), run as a child process so
 * building and sending batches is not charged to the server's event loop. Each closed loop posts
 * batches of 50 browser events (the §9 batch size, the shape web/usage sends) to
 * POST /v2/analytics/batch, rotating over its own loopback source addresses (the route allows 60
 * batches a minute per address) and over the benchmark's users.
 */
import http from 'node:http';
import { mulberry32 } from '../../common/random';

export interface IngestPlan {
  port: number;
  tokens: string[];
  clients: number;
  batches: number;
  seconds: number;
  ipsPerClient: number;
  batchSize: number;
}

export interface IngestResult {
  batches: number;
  accepted: number;
  rejected: number;
  errors: Record<string, number>;
  seconds: number;
  latenciesMs: number[];
  clientCpuMs: number;
}

const ROUTES = ['/bw/bond', '/bw/market/summary', '/bw/bond/:id/pricing', '/bw/primary/new-issues', '/bw/history', '/bw/alerts'];
const FEATURES = ['bond_table.sort', 'bond_table.filter', 'bond_table.export', 'calculator.export', 'alert.created'];

/** One batch as the browser library sends it: page views, feature events, a memory ping. */
export function makeBatch(r: () => number, size: number, deviceId: string, now: number): string {
  const events = Array.from({ length: size }, (_, i) => {
    const x = r();
    const route = ROUTES[Math.floor(r() * ROUTES.length)]!;
    const time = now - (size - i) * 100;
    if (x < 0.6) return { name: 'page.view', time, deviceId, path: route, properties: { route } };
    if (x < 0.95) {
      const name = FEATURES[Math.floor(r() * FEATURES.length)]!;
      return {
        name,
        time,
        deviceId,
        path: route,
        properties: { column: 'ytw', direction: r() < 0.5 ? 'asc' : 'desc', rows: Math.floor(r() * 500) },
      };
    }
    return {
      name: 'memory.usage',
      time,
      deviceId,
      path: route,
      properties: { usedMb: 80 + Math.floor(r() * 200), totalMb: 400, limitMb: 4096 },
    };
  });
  return JSON.stringify({ events });
}

function post(
  agent: http.Agent,
  port: number,
  body: string,
  token: string,
  localAddress: string,
): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/v2/analytics/batch',
        agent,
        localAddress,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString() }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

async function run(plan: IngestPlan): Promise<IngestResult> {
  const result: IngestResult = { batches: 0, accepted: 0, rejected: 0, errors: {}, seconds: 0, latenciesMs: [], clientCpuMs: 0 };
  let issued = 0;
  const started = performance.now();
  const deadline = started + plan.seconds * 1000;
  const cpu0 = process.cpuUsage();
  await Promise.all(
    Array.from({ length: plan.clients }, async (_, c) => {
      const r = mulberry32(7000 + c);
      const ips = Array.from({ length: plan.ipsPerClient }, (_, k) => `127.11.${c + 1}.${k + 1}`);
      const agents = ips.map(() => new http.Agent({ keepAlive: true, maxSockets: 1 }));
      for (let k = 0; issued < plan.batches && performance.now() < deadline; k++) {
        issued++;
        const u = (c * 7919 + k) % plan.tokens.length;
        const body = makeBatch(r, plan.batchSize, `bench-device-${u}`, Date.now());
        const t = performance.now();
        const res = await post(agents[k % ips.length]!, plan.port, body, plan.tokens[u]!, ips[k % ips.length]!);
        result.latenciesMs.push(performance.now() - t);
        if (res.status === 200) {
          const answer = JSON.parse(res.text) as { accepted: number; rejected: unknown[] };
          result.batches++;
          result.accepted += answer.accepted;
          result.rejected += answer.rejected.length;
        } else result.errors[res.status] = (result.errors[res.status] ?? 0) + 1;
      }
      for (const a of agents) a.destroy();
    }),
  );
  const cpu = process.cpuUsage(cpu0);
  result.seconds = (performance.now() - started) / 1000;
  result.clientCpuMs = (cpu.user + cpu.system) / 1000;
  return result;
}

if (process.send) {
  process.once('message', (plan: IngestPlan) => {
    void run(plan).then((result) => process.send!(result, () => process.exit(0)));
  });
}
