/**
 * Pluggable error reporting (spec §8 "reports it to an error-monitoring service").
 * Default: POST /v2/client-errors on our own server. With VITE_SENTRY_DSN set: a minimal
 * Sentry envelope POST with fetch (no SDK dependency).
 */
import { API_PATHS } from '@common/constants';
import { apiRequest } from './client';

export interface ErrorReport {
  message: string;
  stack?: string;
  url: string;
  userAgent: string;
}

export interface ErrorReporter {
  report: (error: unknown) => void | Promise<void>;
}

/** Turns anything thrown into the report body the server expects. */
export function toErrorReport(error: unknown): ErrorReport {
  const message = error instanceof Error ? error.message : typeof error === 'string' ? error : safeJson(error);
  const stack = error instanceof Error && error.stack ? error.stack : undefined;
  return {
    message: message.slice(0, 2000),
    ...(stack ? { stack: stack.slice(0, 8000) } : {}),
    url: typeof location === 'undefined' ? '' : location.href,
    userAgent: typeof navigator === 'undefined' ? '' : navigator.userAgent,
  };
}

function safeJson(value: unknown): string {
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}

/** Reports to our server: POST /v2/client-errors { message, stack?, url, userAgent }. */
export const serverErrorReporter: ErrorReporter = {
  async report(error) {
    try {
      await apiRequest(API_PATHS.clientErrors, { method: 'POST', json: toErrorReport(error) });
    } catch (reportError) {
      // Never report the reporter's own failure (that would loop); the console has it.
      console.warn('Could not report error', reportError);
    }
  },
};

/** Parses a Sentry DSN `https://<key>@<host>/<projectId>` into its envelope URL. */
export function sentryEnvelopeUrl(dsn: string): string | null {
  try {
    const url = new URL(dsn);
    const projectId = url.pathname.split('/').filter(Boolean).pop();
    if (!url.username || !projectId) return null;
    const prefix = url.pathname.slice(0, url.pathname.lastIndexOf('/'));
    return `${url.protocol}//${url.host}${prefix}/api/${projectId}/envelope/?sentry_key=${url.username}&sentry_version=7`;
  } catch {
    return null;
  }
}

/** Builds a Sentry envelope (header, item header, event) for one error. */
export function sentryEnvelope(dsn: string, error: unknown, now: Date = new Date()): string {
  const report = toErrorReport(error);
  const eventId = crypto.randomUUID().replace(/-/g, '');
  const event = {
    event_id: eventId,
    timestamp: now.getTime() / 1000,
    platform: 'javascript',
    level: 'error',
    environment: import.meta.env.MODE,
    exception: {
      values: [{ type: error instanceof Error ? error.name : 'Error', value: report.message }],
    },
    request: { url: report.url, headers: { 'User-Agent': report.userAgent } },
    extra: report.stack ? { stack: report.stack } : {},
  };
  return [
    JSON.stringify({ event_id: eventId, sent_at: now.toISOString(), dsn }),
    JSON.stringify({ type: 'event' }),
    JSON.stringify(event),
  ].join('\n');
}

/** Sentry reporter for a DSN (minimal envelope POST). */
export function createSentryReporter(dsn: string): ErrorReporter {
  const url = sentryEnvelopeUrl(dsn);
  return {
    async report(error) {
      if (!url) return;
      try {
        await fetch(url, { method: 'POST', body: sentryEnvelope(dsn, error) });
      } catch (reportError) {
        console.warn('Could not report error to Sentry', reportError);
      }
    },
  };
}

const dsn = import.meta.env.VITE_SENTRY_DSN;
let current: ErrorReporter = dsn ? createSentryReporter(dsn) : serverErrorReporter;

/** The reporter in use. */
export function getErrorReporter(): ErrorReporter {
  return current;
}

/** Replaces the reporter (tests, or a later integration). Returns the previous one. */
export function setErrorReporter(reporter: ErrorReporter): ErrorReporter {
  const previous = current;
  current = reporter;
  return previous;
}
