import { readFileSync } from 'node:fs';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerAuth } from '../../../plugins/auth';
import { registerErrorHandling } from '../../../plugins/errors';
import { prepareReference, samplePath, tableCounts } from '../../../services/importers/testing';
import { bearer, createTestApp, TEST_JWT_SECRET, type TestContext } from '../../../test/testApp';
import uploadRoutes from './index';

const BOUNDARY = '----bondwise-test-boundary';

/** A multipart/form-data body with one file part (what a browser's FormData sends). */
function multipart(fileName: string, content: string | Buffer, field = 'file') {
  const head = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${field}"; filename="${fileName}"\r\nContent-Type: text/plain\r\n\r\n`;
  return {
    headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
    payload: Buffer.concat([
      Buffer.from(head),
      Buffer.isBuffer(content) ? content : Buffer.from(content),
      Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
    ]),
  };
}

const sample = (name: string) => readFileSync(samplePath(name));

describe('admin upload endpoint', () => {
  let ctx: TestContext;
  let admin: { authorization: string };
  beforeAll(async () => {
    ctx = await createTestApp();
    await prepareReference(ctx.database.db);
    admin = await bearer('admin-1', { admin: true });
  });
  afterAll(() => ctx.close());

  it('an anonymous caller gets 401', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/admin/upload/bonds', ...multipart('bonds.csv', sample('bonds.csv')) });
    expect(res.statusCode).toBe(401);
  });

  it('an upload with two file parts is refused whole, not half-read', async () => {
    const before = await tableCounts(ctx.database.db);
    const file = (name: string, content: Buffer) =>
      Buffer.concat([
        Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: text/plain\r\n\r\n`),
        content,
        Buffer.from('\r\n'),
      ]);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/admin/upload/bonds',
      headers: { ...admin, 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
      payload: Buffer.concat([
        file('bonds.csv', sample('bonds.csv')),
        file('more.csv', sample('bonds.csv')),
        Buffer.from(`--${BOUNDARY}--\r\n`),
      ]),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatch(/more than one file part; nothing was imported/);
    expect(await tableCounts(ctx.database.db)).toEqual(before);
  });

  it('a user who is not an admin gets 403', async () => {
    const body = multipart('bonds.csv', sample('bonds.csv'));
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/admin/upload/bonds',
      ...body,
      headers: { ...body.headers, ...(await bearer('user-1')) },
    });
    expect(res.statusCode).toBe(403);
  });

  it('an unknown kind is a 400 naming the parameter', async () => {
    const body = multipart('x.csv', 'a,b\n');
    const res = await ctx.app.inject({ method: 'POST', url: '/admin/upload/quotes', ...body, headers: { ...body.headers, ...admin } });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatch(/params\.kind/);
  });

  it('a request without a file is a 400', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/admin/upload/bonds',
      headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}`, ...admin },
      payload: `--${BOUNDARY}\r\nContent-Disposition: form-data; name="note"\r\n\r\nhello\r\n--${BOUNDARY}--\r\n`,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatch(/No file/);
    const json = await ctx.app.inject({ method: 'POST', url: '/admin/upload/bonds', headers: admin, payload: { file: 'x' } });
    expect(json.statusCode).toBe(400);
  });

  it('an admin uploads the samples: 200 with the report, audited with the admin as actor; the same TRACE file again is a 409', async () => {
    for (const [kind, file] of [
      ['bonds', 'bonds.csv'],
      ['treasury', 'treasury-par-yield-curve.csv'],
      ['trace', 'trace-enhanced.txt'],
    ] as const) {
      const body = multipart(file, sample(file));
      const res = await ctx.app.inject({ method: 'POST', url: `/admin/upload/${kind}`, ...body, headers: { ...body.headers, ...admin } });
      expect(res.statusCode, res.body).toBe(200);
      const report = res.json();
      expect(report).toMatchObject({ kind, committed: true, rowsRejected: 0, rejected: [] });
      expect(report.rowsImported).toBeGreaterThan(0);
    }
    const body = multipart('again.txt', sample('trace-enhanced.txt'));
    const again = await ctx.app.inject({ method: 'POST', url: '/admin/upload/trace', ...body, headers: { ...body.headers, ...admin } });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toMatch(/already imported .*nothing was imported$/);
    const audit = await ctx.database.db.selectFrom('audit_log').selectAll().where('action', 'like', 'market.import.%').execute();
    expect(audit.map((a) => a.action).sort()).toEqual(['market.import.bonds', 'market.import.trace', 'market.import.treasury']);
    expect(audit.every((a) => a.actor_user_id === 'admin-1')).toBe(true);
  });

  it('a file with a bad row is a 422 with the report and changes nothing; skipBadRows=true imports the rest', async () => {
    const lines = sample('treasury-par-yield-curve.csv').toString().trimEnd().split('\n');
    lines[3] = lines[3]!.replace(/^\d\d\/\d\d\/\d{4}/, '13/45/2026');
    const before = await tableCounts(ctx.database.db);
    const body = multipart('curve.csv', lines.join('\n'));
    const res = await ctx.app.inject({ method: 'POST', url: '/admin/upload/treasury', ...body, headers: { ...body.headers, ...admin } });
    expect(res.statusCode).toBe(422);
    expect(res.json().error).toBe('line 4: "Date" is not a calendar date: "13/45/2026"; nothing was imported');
    expect(res.json().report).toMatchObject({ committed: false, rowsImported: 0, rowsRejected: 1 });
    expect(await tableCounts(ctx.database.db)).toEqual(before);

    const skip = await ctx.app.inject({
      method: 'POST',
      url: '/admin/upload/treasury?skipBadRows=true',
      ...body,
      headers: { ...body.headers, ...admin },
    });
    expect(skip.statusCode).toBe(200);
    expect(skip.json()).toMatchObject({ committed: true, rowsRead: 20, rowsImported: 19, rowsRejected: 1, rejected: [{ line: 4 }] });
  });

  it('a file of another kind (wrong columns) is a 400 naming the missing columns', async () => {
    const body = multipart('bonds.csv', sample('bonds.csv'));
    const res = await ctx.app.inject({ method: 'POST', url: '/admin/upload/trace', ...body, headers: { ...body.headers, ...admin } });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatch(/missing required columns "CUSIP".*"Execution Date"/);
  });

  it('a file over the size limit is a 413 and changes nothing', async () => {
    const app = Fastify({ logger: false });
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    app.decorate('db', ctx.database.db);
    registerErrorHandling(app);
    registerAuth(app, TEST_JWT_SECRET, ctx.app.now);
    await app.register(uploadRoutes, { maxFileBytes: 2048 });
    await app.ready();
    try {
      const before = await tableCounts(ctx.database.db);
      const body = multipart('trace.txt', sample('trace-enhanced.txt'));
      const res = await app.inject({ method: 'POST', url: '/admin/upload/trace', ...body, headers: { ...body.headers, ...admin } });
      expect(res.statusCode).toBe(413);
      expect(res.json().error).toMatch(/upload limit/);
      expect(await tableCounts(ctx.database.db)).toEqual(before);
    } finally {
      await app.close();
    }
  });
});
