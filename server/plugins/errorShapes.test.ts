import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestContext } from '../test/testApp';

/** Sends raw bytes to the listening server and resolves with everything it answered before closing. */
function rawExchange(port: number, write: (socket: Socket) => void): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk.toString()));
    socket.on('close', () => resolve(answer));
    socket.on('error', reject);
    socket.on('connect', () => write(socket));
  });
}

async function listening(ctx: TestContext): Promise<number> {
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  return (ctx.app.server.address() as { port: number }).port;
}

/** Opens a POST whose body arrives one byte every 50 ms and never completes. */
async function trickle(port: number): Promise<{ socket: Socket; closed: Promise<string>; answer: () => string }> {
  const socket = connect(port, '127.0.0.1');
  let answer = '';
  socket.on('data', (chunk) => (answer += chunk.toString()));
  const closed = new Promise<string>((resolve, reject) => {
    socket.on('close', () => resolve(answer));
    socket.on('error', reject);
  });
  await new Promise<void>((resolve) => socket.on('connect', resolve));
  socket.write('POST /auth/signup HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n{');
  const timer = setInterval(() => (socket.writable ? socket.write(' ') : clearInterval(timer)), 50);
  socket.on('close', () => clearInterval(timer));
  return { socket, closed, answer: () => answer };
}

/** Every refusal, including the router's and the HTTP parser's, is `{ "error": "…" }` JSON. */
describe('errors from outside the routes', () => {
  let ctx: TestContext;
  let port: number;
  beforeAll(async () => {
    ctx = await createTestApp();
    port = await listening(ctx);
  });
  afterAll(() => ctx.close());

  it('a path segment over the router limit is a 414 in the error shape', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: `/v2/bond-tables/${'a'.repeat(200)}`, headers: await bearer('u1') });
    expect(res.statusCode).toBe(414);
    expect(res.json()).toEqual({ error: 'A part of the path is too long' });
  });

  it('headers over 16 KB are a 431 in the error shape', async () => {
    const answer = await rawExchange(port, (s) => s.write(`GET /health HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`));
    expect(answer).toMatch(/^HTTP\/1\.1 431 /);
    expect(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4))).toEqual({ error: 'The request headers are too large' });
  });

  it('/health answers at once while another client is still trickling its body', async () => {
    // The server's default request timeout (two minutes) cannot expire here, so nothing about the
    // machine's speed decides the answer: only that a slow client does not hold up the others.
    const trickler = await trickle(port);
    const health = await fetch(`http://127.0.0.1:${port}/health`);
    expect(health.status).toBe(200);
    expect(trickler.answer()).toBe('');
    trickler.socket.destroy();
  });

  it('too many multipart parts is a 400 naming the limit, not a 413', async () => {
    const boundary = 'b0undary';
    const fields = Array.from({ length: 14 }, (_, i) => `--${boundary}\r\nContent-Disposition: form-data; name="f${i}"\r\n\r\nv\r\n`).join(
      '',
    );
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/admin/upload/bonds',
      headers: { ...(await bearer('admin-1', { admin: true })), 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: `${fields}--${boundary}--\r\n`,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatch(/Too many parts/);
  });

  describe('with a short request timeout', () => {
    let slow: TestContext;
    let slowPort: number;
    beforeAll(async () => {
      slow = await createTestApp({ REQUEST_TIMEOUT_MS: '300' });
      slowPort = await listening(slow);
    });
    afterAll(() => slow.close());

    it('a client trickling its body is cut off with a 408 in the error shape', async () => {
      // A body of 100,000 bytes at one byte per 50 ms would take over an hour: however slow the
      // machine, the request timeout ends it first.
      const trickler = await trickle(slowPort);
      const answer = await trickler.closed;
      expect(answer).toMatch(/^HTTP\/1\.1 408 /);
      expect(answer).toContain('{"error":"The request took too long to arrive"}');
    });
  });
});
