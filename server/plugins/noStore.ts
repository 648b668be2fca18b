import type { FastifyInstance } from 'fastify';

/**
 * Answers to a signed-in caller, and every sign-in answer, carry `Cache-Control: no-store`: they
 * hold personal data and secrets (the user resource's e-mail, support and organisation tokens,
 * push keys; sessions and refresh tokens), which no browser or proxy cache may keep. A route that
 * chose its own caching (a signed media link, the public Atom feed) keeps its choice.
 */
export function registerNoStore(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (!reply.hasHeader('cache-control') && (request.auth || request.url.startsWith('/auth/'))) reply.header('cache-control', 'no-store');
    return payload;
  });
}
