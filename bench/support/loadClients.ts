/**
 * The API benchmark's clients, run as a child process (`fork` from bench/api.bench.ts) so their
 * CPU — building URLs, parsing HTTP, reading 40 KB bodies — is not charged to the server's event
 * loop: on the same loop, 50 client loops added about as much work per request as the server's
 * own and inflated every latency. The parent sends one `LoadPlan` message; this process runs the
 * closed loops and answers with the samples.
 */
import http from 'node:http';
import { mulberry32 } from '../../common/random';
import { nextRequest, type Universe } from './requestMix';
import { RawHttpConnection, requestHeaders } from './rawHttp';

export interface LoadPlan {
  port: number;
  /** Several instances (--instances): client c talks to ports[c % ports.length]. */
  ports?: number[];
  token: string;
  universe: Universe;
  clients: number;
  requests: number;
  seconds: number;
  thinkMs: number;
  mix: string;
  ipsPerClient: number;
}

export interface LoadResult {
  issued: number;
  seconds: number;
  samples: Record<string, { ms: number[]; errors: number; bytes?: number }>;
  /** CPU time the clients' process used while loading (it shares the machine with the server). */
  clientCpuMs: number;
}

export function get(
  agent: http.Agent,
  port: number,
  url: string,
  token: string,
  localAddress?: string,
): Promise<{ status: number; bytes: number }> {
  return new Promise((resolve, reject) => {
    const req = http.get(
      { host: '127.0.0.1', port, path: url, agent, localAddress, headers: { authorization: `Bearer ${token}` } },
      (res) => {
        let bytes = 0;
        res.on('data', (c: Buffer) => (bytes += c.length));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, bytes }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
  });
}

async function run(plan: LoadPlan): Promise<LoadResult> {
  const samples: LoadResult['samples'] = {};
  const record = (name: string, ms: number, ok: boolean, bytes: number) => {
    const s = (samples[name] ??= { ms: [], errors: 0, bytes: 0 });
    s.bytes! += bytes;
    if (ok) s.ms.push(ms);
    else s.errors++;
  };
  let issued = 0;
  const deadline = performance.now() + plan.seconds * 1000;
  const started = performance.now();
  const cpu0 = process.cpuUsage();
  const ports = plan.ports ?? [plan.port];
  await Promise.all(
    Array.from({ length: plan.clients }, async (_, c) => {
      const r = mulberry32(1000 + c);
      const port = ports[c % ports.length]!;
      const headers = requestHeaders(port, plan.token);
      // Each client rotates over its own loopback source addresses (127.10.c.k): the server's
      // per-IP rate limit models one user per address, and a saturating loop would otherwise
      // measure 429s rather than the API.
      const connections = Array.from(
        { length: plan.ipsPerClient },
        (_, k) => new RawHttpConnection(port, headers, `127.10.${c + 1}.${k + 1}`),
      );
      for (let k = 0; issued < plan.requests && performance.now() < deadline; k++) {
        issued++;
        const { name, url } = nextRequest(r, plan.universe, plan.mix);
        const t = performance.now();
        const res = await connections[k % connections.length]!.get(url);
        record(name, performance.now() - t, res.status === 200, res.bytes);
        if (plan.thinkMs) await new Promise((ok) => setTimeout(ok, plan.thinkMs * (0.5 + r())));
      }
      for (const connection of connections) connection.close();
    }),
  );
  const cpu = process.cpuUsage(cpu0);
  return { issued, seconds: (performance.now() - started) / 1000, samples, clientCpuMs: (cpu.user + cpu.system) / 1000 };
}

if (process.send) {
  process.once('message', (plan: LoadPlan) => {
    void run(plan).then((result) => process.send!(result, () => process.exit(0)));
  });
}
