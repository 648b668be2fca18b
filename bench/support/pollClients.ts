/**
 * The notification benchmark's client process (forked by bench/notifyPoll.bench.ts, so the
 * clients' own work is not charged to the server): holds one long-poll per user against the
 * given ports, re-polls with the answer's cursor, and reports when each notification arrived.
 */
import http from 'node:http';

export interface PollPlan {
  ports: number[];
  /** One bearer token per poller (user). */
  tokens: string[];
}

export type PollClientMessage = { kind: 'arrivals'; arrivals: { id: string; at: number }[] } | { kind: 'error'; message: string };

const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });
let stopping = false;
const arrivals: { id: string; at: number }[] = [];
let errors = 0;

function poll(port: number, token: string, cursor: string): void {
  if (stopping) return;
  const req = http.get(
    { host: '127.0.0.1', port, path: `/v2/user/notification/poll?cursor=${cursor}`, agent, headers: { authorization: `Bearer ${token}` } },
    (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const at = Date.now();
        if (res.statusCode !== 200) {
          errors++;
          setTimeout(() => poll(port, token, cursor), 1000);
          return;
        }
        const body = JSON.parse(Buffer.concat(chunks).toString()) as { notifications: { id: string }[]; cursor: string };
        for (const n of body.notifications) arrivals.push({ id: n.id, at });
        poll(port, token, body.cursor);
      });
    },
  );
  req.on('error', () => {
    if (stopping) return;
    errors++;
    // A refused or reset connection is retried like a failed poll (the web client backs off too).
    setTimeout(() => poll(port, token, cursor), 1000);
  });
}

process.on('message', (msg: PollPlan | 'report' | 'stop') => {
  if (msg === 'report') {
    process.send!({ kind: 'arrivals', arrivals: arrivals.splice(0), errors } as PollClientMessage);
  } else if (msg === 'stop') {
    stopping = true;
    agent.destroy();
    process.exit(0);
  } else {
    // Clients start over RAMP_MS, as real ones do (each waits a random < 1 s after login): ten
    // thousand connections opened in one instant overflow the listen backlog, and the dropped
    // SYNs come back seconds later, which measures the kernel, not the server.
    const RAMP_MS = Number(process.env.BENCH_RAMP_MS ?? Math.max(1_000, msg.tokens.length));
    msg.tokens.forEach((token, k) =>
      setTimeout(() => poll(msg.ports[k % msg.ports.length]!, token, '0'), (k * RAMP_MS) / msg.tokens.length),
    );
  }
});
