/**
 * Pluggable error reporting (spec §8 "reports it to an error-monitoring service").
 * Default: POST /v2/client-errors on our own server. With VITE_SENTRY_DSN set (compiled in at
 * build time): Sentry, through its browser SDK.
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

/**
 * Sentry reporter for a DSN, through @sentry/browser. The SDK is loaded on the first error, not
 * with the app: the login page's JavaScript stays small, and a deployment without a DSN never
 * fetches it.
 */
export function createSentryReporter(
  dsn: string,
  load: () => Promise<typeof import('@sentry/browser')> = () => import('@sentry/browser'),
): ErrorReporter {
  let sdk: Promise<typeof import('@sentry/browser')> | null = null;
  return {
    async report(error) {
      try {
        sdk ??= load().then((Sentry) => {
          Sentry.init({ dsn, environment: import.meta.env.MODE, defaultIntegrations: false });
          return Sentry;
        });
        const Sentry = await sdk;
        Sentry.captureException(error);
        await Sentry.flush(5000);
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
