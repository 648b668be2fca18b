/**
 * Server errors to Sentry when SENTRY_DSN is set, through @sentry/node, and otherwise to the
 * product's own error store (server/services/errors). Only what the API answers
 * as a 5xx is reported (client mistakes are not errors of ours), with the request id that finds
 * the full story in the log. The SDK is loaded only with a DSN, and without its automatic
 * instrumentation (the error handler reports explicitly), so a deployment without Sentry pays
 * nothing for it.
 */
import type { FastifyRequest } from 'fastify';
import type { Config } from '../config';
import { recordError, SERVER_RELEASE } from '../services/errors/errorStore';

type SentryNode = typeof import('@sentry/node');
let sentry: SentryNode | null = null;

/** Starts reporting when the configuration has a DSN (once per process). */
export async function initErrorReporting(config: Pick<Config, 'sentryDsn' | 'env'>): Promise<void> {
  if (!config.sentryDsn || sentry) return;
  const Sentry = await import('@sentry/node');
  Sentry.init({ dsn: config.sentryDsn, environment: config.env, defaultIntegrations: false, tracesSampleRate: 0 });
  sentry = Sentry;
}

/**
 * Reports a server error (a 5xx) with the request it failed: to Sentry with a DSN, otherwise to
 * the product's own error store (the admin error page), beside the browsers' reports. Storing
 * never fails the answer: an error that cannot be stored (the database is down) is only logged.
 */
export function reportServerError(err: unknown, request: FastifyRequest): void {
  if (sentry) {
    sentry.captureException(err, { tags: { requestId: request.id }, extra: { method: request.method, url: request.url } });
    return;
  }
  const error = err instanceof Error ? err : new Error(String(err));
  void recordError(request.server.db, {
    source: 'server',
    message: `${error.name}: ${error.message}`,
    stack: error.stack ?? null,
    url: `${request.method} ${request.routeOptions.url ?? request.url}`,
    userAgent: request.headers['user-agent'] ?? null,
    userId: request.auth?.userId ?? null,
    requestId: request.id,
    release: SERVER_RELEASE,
  }).catch((storeErr: unknown) => request.log.warn({ err: storeErr }, 'could not store a server error for the admin error page'));
}

/** Sends what is queued (shutdown, tests). */
export async function flushErrorReports(timeoutMs = 5000): Promise<void> {
  await sentry?.flush(timeoutMs);
}
