/**
 * Server errors to Sentry when SENTRY_DSN is set, through @sentry/node. Only what the API answers
 * as a 5xx is reported (client mistakes are not errors of ours), with the request id that finds
 * the full story in the log. The SDK is loaded only with a DSN, and without its automatic
 * instrumentation (the error handler reports explicitly), so a deployment without Sentry pays
 * nothing for it.
 */
import type { Config } from '../config';

type SentryNode = typeof import('@sentry/node');
let sentry: SentryNode | null = null;

/** Starts reporting when the configuration has a DSN (once per process). */
export async function initErrorReporting(config: Pick<Config, 'sentryDsn' | 'env'>): Promise<void> {
  if (!config.sentryDsn || sentry) return;
  const Sentry = await import('@sentry/node');
  Sentry.init({ dsn: config.sentryDsn, environment: config.env, defaultIntegrations: false, tracesSampleRate: 0 });
  sentry = Sentry;
}

/** Reports a server error (a 5xx) with the request it failed. */
export function reportServerError(err: unknown, request: { id: string; method: string; url: string }): void {
  sentry?.captureException(err, { tags: { requestId: request.id }, extra: { method: request.method, url: request.url } });
}

/** Sends what is queued (shutdown, tests). */
export async function flushErrorReports(timeoutMs = 5000): Promise<void> {
  await sentry?.flush(timeoutMs);
}
