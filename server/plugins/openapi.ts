import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { unauthorized } from './errors';

/**
 * OpenAPI document generated from the routes' zod schemas, served at /api/openapi.json, with the
 * API reference page at /api/docs. Routes must be registered after this plugin. The whole API
 * (admin routes included) is a map for an attacker: in production it answers only signed-in
 * callers (a bearer token) unless API_DOCS_PUBLIC says otherwise.
 */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  if (!app.config.apiDocsPublic) {
    app.addHook('onRequest', async (request) => {
      const url = request.routeOptions.url ?? '';
      if ((url === '/api/openapi.json' || url.startsWith('/api/docs')) && !request.auth) {
        throw unauthorized('The API document is for signed-in users: send your access token');
      }
    });
  }
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Bondwise API',
        description:
          'The Bondwise server API. Errors answer JSON `{ "error": "text" }`. Authenticated calls send ' +
          '`Authorization: Bearer <access token>`.',
        version: '2',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
}
