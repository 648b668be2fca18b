import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

/** Aliases shared by the web build and the test runner: one definition of the source roots. */
export const aliases = {
  '@common': fileURLToPath(new URL('./common', import.meta.url)),
  '@analytics': fileURLToPath(new URL('./analytics', import.meta.url)),
};

export default defineConfig({
  root: fileURLToPath(new URL('./web', import.meta.url)),
  base: '/app/',
  plugins: [react()],
  resolve: { alias: aliases },
  build: {
    outDir: fileURLToPath(new URL('./dist/web', import.meta.url)),
    emptyOutDir: true,
  },
  server: {
    port: 5173,
    // `npm run dev:web`: API paths live at the origin root; send them to the API server.
    proxy: {
      '^/(health|auth|v2|admin)(/|$|\\?)': { target: 'http://localhost:8080', changeOrigin: false },
    },
  },
});
