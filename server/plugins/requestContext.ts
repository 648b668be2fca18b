import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { withClientAddress } from '../services/clientAddress';

const REQUEST_ID = /^[\w.-]{1,64}$/;

/** Request ids: the caller's X-Request-Id when well formed, else a new uuid. */
export function generateRequestId(req: { headers: Record<string, string | string[] | undefined> }): string {
  const given = req.headers['x-request-id'];
  return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
}

/**
 * Echoes the request id and binds the browser context headers the API client sends
 * (device fingerprint, document focus, runtime age) to the request's log lines.
 */
export function registerRequestContext(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
    const device = request.headers['x-device-fingerprint'];
    const focus = request.headers['x-document-has-focus'];
    const age = request.headers['x-runtime-age'];
    if (device !== undefined || focus !== undefined || age !== undefined) {
      request.log = request.log.child({
        client: {
          device: typeof device === 'string' ? device.slice(0, 64) : undefined,
          hasFocus: focus === '1' ? true : focus === '0' ? false : undefined,
          runtimeAgeMs: typeof age === 'string' && /^\d{1,12}$/.test(age) ? Number(age) : undefined,
        },
      });
      request.log.debug('client context');
    }
  });
  // The client's address (behind the trusted proxies, request.ip) for the audit log: bound just
  // before the handler — after the body is read, whose stream events would lose an earlier binding.
  app.addHook('preHandler', (request, _reply, done) => withClientAddress(request.ip, done));
}
