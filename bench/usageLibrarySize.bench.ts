/**
 * Size of the browser product-usage library (issue 17 target: under 5 KB gzipped):
 * `npm run bench:usage-size`.
 *
 * Builds web/usage/index.ts — the queue, its wiring and the memory ping — with the web app's
 * own bundler and minifier (Vite, production mode) as a chunk of its own, every import from
 * outside web/usage/ left out: the API client, the error reporter, the shared constants and
 * zod are in the app whether or not usage tracking is, so the chunk is what the library adds. Prints the
 * chunk's size as built, gzipped (level 9, as the build's precompression) and Brotli.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { build } from 'vite';
import { aliases } from '../vite.config';

const root = fileURLToPath(new URL('..', import.meta.url));
const libraryDir = resolve(root, 'web/usage');
const outDir = mkdtempSync(join(tmpdir(), 'bw-usage-size-'));
try {
  await build({
    configFile: false,
    logLevel: 'warn',
    mode: 'production',
    resolve: { alias: aliases },
    build: {
      outDir,
      emptyOutDir: true,
      minify: true,
      // Not library mode, which keeps whitespace in ES output: minified as the app's chunks are.
      rollupOptions: {
        input: resolve(libraryDir, 'index.ts'),
        preserveEntrySignatures: 'exports-only',
        output: { format: 'es', entryFileNames: 'analytics.js' },
        // Everything the library imports from outside its folder is already in the app.
        external: (id, importer) => {
          if (!importer) return false;
          const target = id.startsWith('@common') ? resolve(root, 'common') : resolve(importer, '..', id);
          return !target.startsWith(libraryDir);
        },
      },
    },
  });
  const files = readdirSync(outDir).filter((f) => f.endsWith('.js'));
  let raw = 0;
  let gz = 0;
  let br = 0;
  for (const file of files) {
    const body = readFileSync(join(outDir, file));
    raw += body.length;
    if (process.argv.includes('--show')) console.log(body.toString());
    gz += gzipSync(body, { level: 9 }).length;
    br += brotliCompressSync(body).length;
  }
  const kb = (n: number) => `${(n / 1024).toFixed(2)} KB`;
  console.log(
    `usage-tracking library chunk (${files.join(', ')}): ${kb(raw)} minified, **${kb(gz)} gzipped**, ${kb(br)} Brotli (target < 5 KB gzipped)`,
  );
} finally {
  rmSync(outDir, { recursive: true, force: true });
}
