import cookie from '@fastify/cookie';
import helmet from 'helmet';
import rateLimit from '@fastify/rate-limit';
import type { Duplex } from 'node:stream';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import type { Config } from './config';
import type { Database } from './db/schema';
import { registerAuth } from './plugins/auth';
import { rateLimitStore } from './plugins/rateLimitStore';
import { registerErrorHandling } from './plugins/errors';
import { registerMaintenanceGate } from './plugins/maintenanceGate';
import { registerTextGuard } from './plugins/textGuard';
import { registerRouteInventory } from './plugins/routeInventory';
import { registerAccess } from './plugins/access';
import { registerAnswerReuse } from './plugins/answerReuse';
import { registerNoStore } from './plugins/noStore';
import { DEFAULT_EXPENSIVE_LIMITS, type ExpensiveLimits, registerExpensiveLimit } from './plugins/expensiveLimit';
import { registerOpenApi } from './plugins/openapi';
import { generateRequestId, registerRequestContext } from './plugins/requestContext';
import { registerWebApp } from './plugins/webApp';
import { registerRoutes } from './routes';
import { initErrorReporting } from './plugins/errorReporting';
import { useBondTableSnapshotClock } from './services/market/queries/bondTableSnapshot';
import { registerFloodLimit } from './plugins/floodLimit';
import { headersSetBy } from './plugins/securityHeaders';
import { recurringJobs } from './jobs';
import { realTime, type RecurringJob, Scheduler } from './jobs/scheduler';
import { NotificationHub, type PollTimers, realPollTimers } from './services/notifications/hub';
import { supportWidgetCsp } from './services/support/widget';

declare module 'fastify' {
  interface FastifyInstance {
    db: Kysely<Database>;
    config: Config;
    /** The server's clock (ms since the epoch): injected, so tests move time instead of sleeping. */
    now: () => number;
    /** The background jobs this configuration runs, and the scheduler that runs them (started by index.ts). */
    recurringJobs: readonly RecurringJob[];
    scheduler: Scheduler;
    /** Holds this instance's notification long-polls and wakes them (services/notifications/hub.ts). */
    notificationHub: NotificationHub;
    /** The timers long-polls are held on (injected: tests fire them by hand). */
    pollTimers: PollTimers;
  }
}

export interface BuildAppOptions {
  config: Config;
  db: Kysely<Database>;
  /** pino options or false; tests pass false to keep output quiet. */
  logger?: FastifyServerOptions['logger'];
  /** Serve the built web app (off in API tests). */
  serveWebApp?: boolean;
  /** The clock (ms since the epoch); defaults to Date.now. */
  now?: () => number;
  /** Timers of the notification long-poll's hold; real timers by default. */
  pollTimers?: PollTimers;
  /** The limits on expensive routes (plugins/expensiveLimit.ts); the defaults by default. */
  expensiveLimits?: ExpensiveLimits;
}

/** Answers a connection-level error in the API's `{ "error" }` shape and closes the socket. */
function writeClientError(err: NodeJS.ErrnoException, socket: Duplex): void {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, reason, text] =
    err.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'Request Header Fields Too Large', 'The request headers are too large']
      : err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'Request Timeout', 'The request took too long to arrive']
        : [400, 'Bad Request', 'The request is not valid HTTP'];
  const body = JSON.stringify({ error: text });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${reason}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nContent-Type: application/json\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(err);
}

/** Largest JSON body accepted; file uploads have their own limit in the upload routes. */
export const JSON_BODY_LIMIT_BYTES = 1024 * 1024;

/**
 * Builds the whole server without listening, so tests drive it with app.inject against a real
 * database. Infrastructure plugins load first, then the routes.
 */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config } = options;
  const app = Fastify({
    logger: options.logger ?? { level: config.logLevel },
    genReqId: generateRequestId,
    bodyLimit: JSON_BODY_LIMIT_BYTES,
    // A client that trickles its request (slowloris) is cut off: the whole request within
    // REQUEST_TIMEOUT_MS, the headers within 15 s of it, and a socket idle for two minutes closed.
    requestTimeout: config.requestTimeoutMs,
    connectionTimeout: 120_000,
    http: {
      headersTimeout: Math.min(15_000, config.requestTimeoutMs),
      maxHeaderSize: 16 * 1024,
      // How often Node looks for requests past their timeout.
      connectionsCheckingInterval: Math.max(50, Math.min(1_000, Math.floor(config.requestTimeoutMs / 4))),
    },
    // The router's own refusals (a path segment over 100 characters, a malformed URL) in the API's shape.
    frameworkErrors: (error, _request, reply) => {
      const status = error.statusCode ?? 400;
      const body = JSON.stringify({ error: status === 414 ? 'A part of the path is too long' : 'The URL is malformed' });
      void (reply as FastifyReply).code(status).type('application/json').send(body);
    },
    // Errors before a request exists (headers too large, a timeout, bad HTTP) in the same shape.
    clientErrorHandler: writeClientError,
    // X-Forwarded-For/-Host/-Proto only from the configured proxies: from anyone else they would
    // let a client pick its own address (defeating per-address limits) or its own host.
    trustProxy: config.trustProxy.length > 0 ? config.trustProxy : false,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('db', options.db);
  app.decorate('config', config);
  app.decorate('now', options.now ?? Date.now);
  app.decorate('recurringJobs', recurringJobs(config));
  // On the app's clock, so a run's recorded times agree with the rest of the server's.
  app.decorate('scheduler', new Scheduler(options.db, app.log, { ...realTime, now: app.now }));
  app.addHook('onClose', () => app.scheduler.stop());
  useBondTableSnapshotClock(options.db, app.now);
  const pollTimers = options.pollTimers ?? realPollTimers;
  const hub = new NotificationHub(options.db, pollTimers, (err) => app.log.warn({ err }, 'notification hub: reading events failed'));
  app.decorate('notificationHub', hub);
  app.decorate('pollTimers', pollTimers);
  // Held polls answer (empty) before the server waits for in-flight requests to finish.
  app.addHook('preClose', () => hub.close());
  await initErrorReporting(config);

  registerRouteInventory(app);
  registerErrorHandling(app);
  registerRequestContext(app);
  // Security headers from helmet's middleware, built once: @fastify/helmet rebuilt it (and
  // re-parsed the CSP) on every request, ~2 % of the API's CPU under load. Its headers do not
  // depend on the request (no CSP nonces), so they are read off it once and set with the reply's
  // own headers: its eleven middlewares with a validated setHeader each were ~4 % of a
  // bond-table page's server CPU.
  // The support widget's hosts are allowed only when it is configured (services/support/widget.ts).
  const widgetCsp = supportWidgetCsp(config);
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...widgetCsp.scriptSrc],
        // Mantine and the charting libraries set inline styles.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...widgetCsp.imgSrc],
        connectSrc: ["'self'", ...(config.sentryDsn ? [new URL(config.sentryDsn).origin] : []), ...widgetCsp.connectSrc],
        workerSrc: ["'self'", 'blob:'],
        fontSrc: ["'self'", 'data:', ...widgetCsp.fontSrc],
        mediaSrc: ["'self'", ...widgetCsp.mediaSrc],
        frameSrc: ["'self'", ...widgetCsp.frameSrc],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
      },
    },
    // Plain-http local use must still load assets; HSTS belongs to the TLS proxy in production.
    strictTransportSecurity: config.env === 'production',
  });
  const securityHeaderValues = headersSetBy(securityHeaders);
  app.addHook('onRequest', (_request, reply, done) => {
    void reply.headers(securityHeaderValues);
    done();
  });
  await app.register(cookie);
  await app.register(rateLimit, {
    // Not per route: the API-wide flood limit is the app-level hook below, which must run before
    // authentication and the access check (route-level hooks run after them, so a flood of
    // anonymous or badly signed calls would never be counted). Routes' own limits stay per route.
    global: false,
    store: rateLimitStore(options.db, app.now),
    max: config.apiRateLimitPerMinute,
    timeWindow: '1 minute',
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      error: `Too many requests, try again in ${Math.ceil(context.ttl / 1000)} s`,
      message: `Too many requests, try again in ${Math.ceil(context.ttl / 1000)} s`,
    }),
  });
  registerFloodLimit(app, config.apiRateLimitPerMinute);
  registerAuth(app, config.jwtSecret, app.now);
  registerMaintenanceGate(app);
  // Before the access plugin's withholding of gated fields (hooks run in this order).
  registerAnswerReuse(app);
  registerAccess(app);
  registerNoStore(app);
  registerTextGuard(app);
  registerExpensiveLimit(app, options.expensiveLimits ?? DEFAULT_EXPENSIVE_LIMITS);
  await registerOpenApi(app);
  await registerRoutes(app);
  if (options.serveWebApp) await registerWebApp(app);
  return app;
}
