import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

/** Aliases shared by the web build and the test runner: one definition of the source roots. */
export const aliases = {
  '@common': fileURLToPath(new URL('./common', import.meta.url)),
  '@analytics': fileURLToPath(new URL('./analytics', import.meta.url)),
};

const outDir = fileURLToPath(new URL('./dist/web', import.meta.url));

/**
 * Writes .br and .gz beside every text asset of the build, which the server sends to browsers
 * that accept them (@fastify/static `preCompressed`): the login page's JS is 762 KB as built,
 * ~240 KB gzipped and less as Brotli. Compressing once at build time costs the server nothing
 * per request.
 */
function precompress(): Plugin {
  const walk = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => (statSync(join(dir, name)).isDirectory() ? walk(join(dir, name)) : [join(dir, name)]));
  return {
    name: 'bondwise-precompress',
    apply: 'build',
    closeBundle() {
      for (const file of walk(outDir)) {
        if (!/\.(js|mjs|css|html|svg|json|txt)$/.test(file) || statSync(file).size < 1024) continue;
        const body = readFileSync(file);
        writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
        writeFileSync(`${file}.br`, brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 10 } }));
      }
    },
  };
}

export default defineConfig({
  root: fileURLToPath(new URL('./web', import.meta.url)),
  base: '/app/',
  plugins: [react(), precompress()],
  resolve: { alias: aliases },
  build: {
    outDir,
    emptyOutDir: true,
    // Everything the entry imports statically (rolldown's `$initial` tag) goes into one chunk:
    // the shell was 45 modulepreloaded files, which a browser fetches six at a time over HTTP/1.1
    // (a cold post page spent ~600 ms there); one file of the same bytes loads in one go. Lazy
    // pages keep the automatic splitting. docs/content.md, "Post page: cold render".
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [{ name: 'startup', tags: ['$initial'] }],
        },
      },
    },
  },
  server: {
    port: 5173,
    // `npm run dev:web`: API paths live at the origin root; send them to the API server.
    proxy: {
      '^/(health|auth|v2|admin)(/|$|\\?)': { target: 'http://localhost:8080', changeOrigin: false },
    },
  },
});
