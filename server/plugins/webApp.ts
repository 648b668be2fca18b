import { join } from 'node:path';
import { existsSync } from 'node:fs';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { projectRoot } from '../projectRoot';

export const webDistDir = join(projectRoot, 'dist', 'web');

/**
 * Serves the built single-page app under /app/ (hash routes, so only index.html and assets).
 * Hashed assets are cached for a year; index.html is revalidated so deploys show at once. Text
 * assets go out Brotli- or gzip-compressed from files the build made, when the browser accepts it.
 */
export async function registerWebApp(app: FastifyInstance, distDir = webDistDir): Promise<void> {
  app.get('/', { schema: { hide: true } }, (_request, reply) => reply.redirect('/app/'));
  app.get('/app', { schema: { hide: true } }, (_request, reply) => reply.redirect('/app/'));
  if (!existsSync(distDir)) {
    app.log.warn(`web app not built (${distDir} missing): /app/ will answer 404`);
    return;
  }
  await app.register(fastifyStatic, {
    root: distDir,
    prefix: '/app/',
    index: ['index.html'],
    // The build writes .br/.gz beside each text asset (vite.config.ts): sent when accepted.
    preCompressed: true,
    setHeaders(reply, path) {
      reply.header('cache-control', path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
}
