/**
 * The event-loop benchmark's client process (forked by bench/eventLoop.bench.ts, so its own
 * work is not charged to the server's loop): polls /health every HEALTH_EVERY_MS on its own
 * connection while rounds of concurrent heavy requests run, and answers the latencies.
 */
import http from 'node:http';

/** A GET that answers status only (not loadClients' get: importing that module installs its own message handler). */
function get(agent: http.Agent, port: number, url: string, token: string): Promise<{ status: number }> {
  return new Promise((resolve, reject) => {
    const headers = token ? { authorization: `Bearer ${token}` } : {};
    const req = http.get({ host: '127.0.0.1', port, path: url, agent, headers }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0 }));
      res.on('error', reject);
    });
    req.on('error', reject);
  });
}

export interface EventLoopPlan {
  port: number;
  token: string;
  /** When given, the i-th request of a round runs as tokens[i % length] (several clients; bench/stall.ts). */
  tokens?: string[];
  /** One array per round; each round's URLs run all at once. */
  rounds: string[][];
  healthEveryMs: number;
}

export interface EventLoopResult {
  /** /health latencies while no heavy request ran (baseline) and while rounds ran. */
  idle: number[];
  loaded: number[];
  healthErrors: number;
  /** Each round's wall time, and each heavy request's latency and status. */
  roundMs: number[];
  heavyMs: number[];
  heavyErrors: number;
  /** Heavy requests refused by the expensive-route limits (429, 503), counted apart from errors. */
  heavyRefused?: number;
  /** Heavy requests by status (what an error was). */
  heavyStatuses?: Record<string, number>;
  /** Each heavy route's latencies and statuses (by path, without the query), to name the slow one. */
  byPath?: Record<string, { ms: number[]; statuses: Record<string, number> }>;
}

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function run(plan: EventLoopPlan): Promise<EventLoopResult> {
  const out: EventLoopResult = { idle: [], loaded: [], healthErrors: 0, roundMs: [], heavyMs: [], heavyErrors: 0 };
  const healthAgent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const heavyAgent = new http.Agent({ keepAlive: true });
  const state: { phase: 'idle' | 'loaded' | 'stop' } = { phase: 'idle' };
  const poller = (async () => {
    while (state.phase !== 'stop') {
      const which = state.phase;
      const t = performance.now();
      const res = await get(healthAgent, plan.port, '/health', '');
      if (res.status === 200) (which === 'idle' ? out.idle : out.loaded).push(performance.now() - t);
      else out.healthErrors++;
      await pause(plan.healthEveryMs);
    }
  })();
  await pause(1000);
  state.phase = 'loaded';
  for (const round of plan.rounds) {
    const t = performance.now();
    await Promise.all(
      round.map(async (url, i) => {
        const s = performance.now();
        const res = await get(heavyAgent, plan.port, url, plan.tokens ? plan.tokens[i % plan.tokens.length]! : plan.token);
        out.heavyStatuses = { ...out.heavyStatuses, [res.status]: (out.heavyStatuses?.[res.status] ?? 0) + 1 };
        const path = ((out.byPath ??= {})[url.split('?')[0]!] ??= { ms: [], statuses: {} });
        path.ms.push(performance.now() - s);
        path.statuses[res.status] = (path.statuses[res.status] ?? 0) + 1;
        if (res.status === 200) out.heavyMs.push(performance.now() - s);
        else if (res.status === 429 || res.status === 503) out.heavyRefused = (out.heavyRefused ?? 0) + 1;
        else out.heavyErrors++;
      }),
    );
    out.roundMs.push(performance.now() - t);
  }
  state.phase = 'stop';
  await poller;
  healthAgent.destroy();
  heavyAgent.destroy();
  return out;
}

process.once('message', (plan: EventLoopPlan) => {
  run(plan).then(
    (result) => process.send!(result, () => process.exit(0)),
    (err: unknown) => {
      console.error(err);
      process.exit(1);
    },
  );
});
