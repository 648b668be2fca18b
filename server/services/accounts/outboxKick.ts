import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import type { Config } from '../../config';
import type { RecurringJob } from '../../jobs/scheduler';
import { deliverOutbox } from './mail';

const pending = new Set<Promise<unknown>>();

/**
 * Delivers the outbox soon after a request committed e-mails, without making the caller wait.
 * The recurring outbox job is the safety net: whatever this misses (crash, SMTP down) it sends.
 */
export function kickOutbox(app: FastifyInstance): void {
  const run = new Promise<void>((resolve) => setImmediate(resolve))
    .then(() => deliverOutbox(app.db, app.config, app.log, app.now))
    .catch((err: unknown) => app.log.warn({ err }, 'immediate e-mail delivery failed; the outbox job will retry'));
  pending.add(run);
  void run.finally(() => pending.delete(run));
}

/** Waits for deliveries started by kickOutbox (app shutdown, tests). */
export async function waitForOutbox(): Promise<void> {
  await Promise.allSettled([...pending]);
}

/** Recurring job: delivers pending outbox e-mails every few seconds, retries failures with backoff. */
export function outboxJob(config: Config): RecurringJob {
  const log = pino({ level: config.logLevel });
  return {
    name: 'email-outbox',
    intervalMs: 5000,
    async run(db, { now }) {
      await deliverOutbox(db, config, log, now);
    },
  };
}
