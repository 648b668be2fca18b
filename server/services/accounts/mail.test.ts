import { createServer, type Server } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/testApp';
import { deliverOutbox, enqueueEmail, renderEmail } from './mail';

/** The tests' clock: the outbox stamps, claims and retries on it. */
const NOW = Date.UTC(2026, 10, 24, 9, 0);
const clock = { now: () => NOW };

/**
 * The smallest SMTP server that accepts mail, for delivery tests (records each DATA block). With
 * `holdReply`, it answers a message only once that promise settles (a slow mail server).
 */
function fakeSmtp(received: string[], holdReply: Promise<void> = Promise.resolve()): Server {
  return createServer((socket) => {
    let inData = false;
    let data = '';
    let buffer = '';
    socket.write('220 fake ESMTP\r\n');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      let index;
      while ((index = buffer.indexOf('\r\n')) >= 0) {
        const line = buffer.slice(0, index);
        buffer = buffer.slice(index + 2);
        if (inData) {
          if (line === '.') {
            inData = false;
            received.push(data);
            data = '';
            void holdReply.then(() => socket.write('250 OK queued\r\n'));
          } else data += `${line}\n`;
          continue;
        }
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO' || verb === 'HELO') socket.write('250 fake\r\n');
        else if (verb === 'DATA') {
          inData = true;
          socket.write('354 go ahead\r\n');
        } else if (verb === 'QUIT') socket.end('221 bye\r\n');
        else socket.write('250 OK\r\n');
      }
    });
  });
}

describe('e-mail outbox delivery over SMTP', () => {
  const received: string[] = [];
  let server: Server;
  let ctx: TestContext;
  let broken: TestContext;
  beforeAll(async () => {
    server = fakeSmtp(received);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as { port: number }).port;
    ctx = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}` }, clock);
    broken = await createTestApp({ SMTP_URL: 'smtp://127.0.0.1:1' }, clock);
  });
  afterAll(async () => {
    await ctx.close();
    await broken.close();
    server.close();
  });

  const message = (to: string) =>
    renderEmail(ctx.config, {
      kind: 'test',
      to,
      subject: 'Hello <there>',
      paragraphs: ['Line one'],
      action: { label: 'Open', url: 'http://x/app/#/bw/a' },
    });

  it('a committed message is sent once over SMTP and marked sent', async () => {
    await enqueueEmail(ctx.database.db, message('one@example.com'), new Date(NOW));
    expect(await deliverOutbox(ctx.database.db, ctx.config, ctx.app.log, clock.now)).toBe(1);
    expect(received).toHaveLength(1);
    expect(received[0]).toMatch(/Subject: Hello <there>/);
    expect(received[0]).toContain('text/html');
    expect(await deliverOutbox(ctx.database.db, ctx.config, ctx.app.log, clock.now)).toBe(0);
    expect(received).toHaveLength(1);
  });

  it('a message from a rolled-back transaction never exists', async () => {
    await expect(
      ctx.database.db.transaction().execute(async (trx) => {
        await enqueueEmail(trx, message('ghost@example.com'), new Date(NOW));
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    const rows = await ctx.database.db.selectFrom('email_outbox').select('id').where('to_address', '=', 'ghost@example.com').execute();
    expect(rows).toHaveLength(0);
  });

  it('when SMTP is down the message stays queued with the error and a later retry time', async () => {
    await enqueueEmail(broken.database.db, message('later@example.com'), new Date(NOW));
    expect(await deliverOutbox(broken.database.db, broken.config, broken.app.log, clock.now)).toBe(0);
    const row = await broken.database.db.selectFrom('email_outbox').selectAll().executeTakeFirstOrThrow();
    expect(row.sent_at).toBeNull();
    expect(row.attempts).toBe(1);
    expect(row.last_error).toBeTruthy();
    expect(row.next_attempt_at.getTime()).toBeGreaterThan(NOW);
  });
});

describe('e-mail outbox delivery while the mail server is slow', () => {
  let server: Server;
  let ctx: TestContext;
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const received: string[] = [];
  beforeAll(async () => {
    server = fakeSmtp(received, released);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    ctx = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${(server.address() as { port: number }).port}` }, clock);
  });
  afterAll(async () => {
    await ctx.close();
    server.close();
  });

  it('the database stays usable while a message is with the mail server: the claim is committed first', async () => {
    const db = ctx.database.db;
    await db
      .transaction()
      .execute((trx) =>
        enqueueEmail(
          trx,
          renderEmail(ctx.config, { kind: 'test', to: 'slow@example.com', subject: 'Slow', paragraphs: ['x'] }),
          new Date(NOW),
        ),
      );
    const delivery = deliverOutbox(db, ctx.config, ctx.app.log, clock.now);
    // Until the message is at the mail server, which has not answered (no clock involved).
    while (received.length === 0) await new Promise((resolve) => setImmediate(resolve));
    // Another request's work goes through now (on PGlite's single connection it would wait for
    // the mail server if the delivery held a transaction), and it sees the claim.
    const row = await db.selectFrom('email_outbox').selectAll().where('to_address', '=', 'slow@example.com').executeTakeFirstOrThrow();
    expect(row.sent_at).toBeNull();
    expect(new Date(row.next_attempt_at).getTime()).toBeGreaterThan(NOW + 60_000);
    await db
      .transaction()
      .execute((trx) =>
        enqueueEmail(
          trx,
          renderEmail(ctx.config, { kind: 'test', to: 'other@example.com', subject: 'Other', paragraphs: ['y'] }),
          new Date(NOW),
        ),
      );
    release();
    expect(await delivery).toBe(1);
    const sent = await db
      .selectFrom('email_outbox')
      .select('sent_at')
      .where('to_address', '=', 'slow@example.com')
      .executeTakeFirstOrThrow();
    expect(sent.sent_at).not.toBeNull();
  });
});
