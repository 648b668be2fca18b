import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerWebApp } from './webApp';

/** The web app's static files: compressed copies made by the build go to browsers that accept them. */
describe('serving the built web app', () => {
  let dir: string;
  let app: FastifyInstance;
  const js = `export const rows = ${JSON.stringify(Array.from({ length: 400 }, (_, k) => ({ k, name: `bond ${k}` })))};\n`;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'bw-web-'));
    mkdirSync(join(dir, 'assets'));
    writeFileSync(join(dir, 'index.html'), '<!doctype html><title>Bondwise</title>');
    writeFileSync(join(dir, 'assets', 'app-1a2b.js'), js);
    writeFileSync(join(dir, 'assets', 'app-1a2b.js.gz'), gzipSync(js));
    writeFileSync(join(dir, 'assets', 'app-1a2b.js.br'), brotliCompressSync(js));
    app = Fastify();
    await registerWebApp(app, dir);
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const get = (encoding?: string) =>
    app.inject({ method: 'GET', url: '/app/assets/app-1a2b.js', headers: encoding ? { 'accept-encoding': encoding } : {} });

  it('sends Brotli or gzip when accepted, the plain file otherwise, all with the year-long cache', async () => {
    const br = await get('gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(js);
    const gz = await get('gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(js);
    const plain = await get();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(js);
    for (const res of [br, gz, plain]) {
      expect(res.headers['content-type']).toMatch(/javascript/);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
    expect(String(br.headers.vary)).toMatch(/accept-encoding/i);
  });

  it('revalidates index.html so a deploy shows at once', async () => {
    const res = await app.inject({ method: 'GET', url: '/app/', headers: { 'accept-encoding': 'br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
  });
});
