import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { webDistDir } from './plugins/webApp';
import { projectRoot } from './projectRoot';

const root = projectRoot;
const SOURCES = ['web', 'common', 'analytics', 'vite.config.ts', 'package-lock.json'];
const STAMP = join(webDistDir, '.build-stamp');

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules' || entry.endsWith('.test.ts') || entry.endsWith('.test.tsx')) continue;
    newest = Math.max(newest, newestMtime(join(path, entry)));
  }
  return newest;
}

/** True when dist/web is missing or older than the sources it is built from. */
export function webBuildIsStale(): boolean {
  if (!existsSync(STAMP)) return true;
  const built = statSync(STAMP).mtimeMs;
  return SOURCES.some((s) => newestMtime(join(root, s)) > built);
}

/** Builds the web app with Vite when needed, so `npm start` works on a fresh clone. */
export async function ensureWebBuild(log: FastifyBaseLogger, env: NodeJS.ProcessEnv = process.env): Promise<void> {
  // Production runs the build made by `npm run build` and never loads Vite (a devDependency).
  if (env.NODE_ENV === 'production') {
    if (!existsSync(join(webDistDir, 'index.html')))
      throw new Error('The web app is not built: run `npm run build` before starting in production');
    return;
  }
  // `npm run dev`: Vite's dev server serves the app with hot reload; no build here.
  if (env.SKIP_WEB_BUILD === '1') {
    log.info('Web app served by the Vite dev server (npm run dev): not built here');
    return;
  }
  if (!webBuildIsStale()) {
    log.info('Web app is up to date (dist/web)');
    return;
  }
  log.info('Building the web app (first start or sources changed)…');
  const started = Date.now();
  const { build } = await import('vite');
  // Vite follows NODE_ENV when it is set, and the server's own NODE_ENV (development, test) would
  // otherwise give React's development build: always serve the production bundle.
  const serverNodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({ configFile: join(root, 'vite.config.ts'), logLevel: 'warn', mode: 'production' });
  } finally {
    if (serverNodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = serverNodeEnv;
  }
  writeFileSync(STAMP, new Date().toISOString());
  log.info(`Web app built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}
