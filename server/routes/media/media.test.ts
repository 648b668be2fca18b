import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MediaItem, MediaList } from '@common/api/media';
import { createTestApp, signedIn, type TestContext } from '../../test/testApp';

let clock = Date.parse('2026-11-20T10:00:00Z');
let ctx: TestContext;
let dataDir: string;
let admin: { authorization: string };
let user: { authorization: string };

/** A PNG header of the given size (signature + IHDR), enough for any reader to take it for a PNG. */
function png(width: number, height: number, fill = 0): Buffer {
  const ihdr = Buffer.alloc(25);
  ihdr.writeUInt32BE(13, 0);
  ihdr.write('IHDR', 4, 'ascii');
  ihdr.writeUInt32BE(width, 8);
  ihdr.writeUInt32BE(height, 12);
  ihdr.writeUInt8(8, 16);
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), ihdr, Buffer.alloc(32, fill)]);
}
const gif = (w: number, h: number) => {
  const b = Buffer.alloc(16);
  b.write('GIF89a', 0, 'ascii');
  b.writeUInt16LE(w, 6);
  b.writeUInt16LE(h, 8);
  return b;
};
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'bw-media-'));
  ctx = await createTestApp({ DATA_DIR: dataDir, PUBLIC_URL: 'https://bondwise.example' }, { now: () => clock });
  admin = await signedIn(ctx, 'media-admin', { admin: true });
  user = await signedIn(ctx, 'media-user');
});
afterAll(async () => {
  await ctx.close();
  await rm(dataDir, { recursive: true, force: true });
});

const upload = (name: string, bytes: Buffer, who = admin, method: 'POST' | 'PUT' = 'POST', url = '/admin/media') =>
  ctx.app.inject({
    method,
    url: `${url}?name=${encodeURIComponent(name)}`,
    headers: { ...who, 'content-type': 'application/octet-stream' },
    payload: bytes,
  });
/** Follows a link as a browser would: only its path and query reach our server. */
const open = (link: string) => ctx.app.inject({ method: 'GET', url: link.replace('https://bondwise.example', '') });

describe('uploading', () => {
  it('stores an image with the type read from its bytes and its pixel size, and its link serves it', async () => {
    const bytes = png(3, 2);
    const res = await upload('curve chart.png', bytes);
    expect(res.statusCode, res.body).toBe(201);
    const item = res.json() as MediaItem;
    expect(item).toMatchObject({ name: 'curve chart.png', mime: 'image/png', width: 3, height: 2, size: bytes.length });
    expect(item.path).toMatch(/^2026\/11\/[0-9a-f-]{36}\.png$/);
    expect(item.link).toMatch(new RegExp(`^https://bondwise\\.example/media/${item.path}\\?jwt=[\\w-]+\\.[\\w-]+\\.[\\w-]+$`));
    const served = await open(item.link);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.rawPayload.equals(bytes)).toBe(true);
    const gifItem = (await upload('spark.gif', gif(40, 12))).json() as MediaItem;
    expect([gifItem.width, gifItem.height]).toEqual([40, 12]);
    const pdf = (await upload('term-sheet.pdf', PDF)).json() as MediaItem;
    expect(pdf).toMatchObject({ mime: 'application/pdf', width: null, height: null });
    const list = (await ctx.app.inject({ method: 'GET', url: '/admin/media', headers: admin })).json() as MediaList;
    expect(list.items.map((i) => i.name)).toEqual(['term-sheet.pdf', 'spark.gif', 'curve chart.png']);
  });

  it('refuses SVG, unknown bytes, empty files, mislabelled files, oversized uploads and images claiming huge dimensions, storing nothing', async () => {
    const before = (await ctx.app.inject({ method: 'GET', url: '/admin/media', headers: admin })).json() as MediaList;
    const notMedia = 'Invalid body.file: must be a PNG, JPEG, GIF, WebP image or a PDF (SVG is not accepted)';
    const cases: Array<[string, Buffer, number, string]> = [
      ['logo.svg', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(2)</script></svg>'), 400, notMedia],
      ['notes.png', Buffer.from('just text'), 400, notMedia],
      ['empty.png', Buffer.alloc(0), 400, 'Invalid body.file: is empty'],
      [
        'report.pdf',
        png(2, 2),
        400,
        'Invalid body.file: must be named as what it holds: the content is image/png but the name "report.pdf" says .pdf',
      ],
      [
        'photo.jpg',
        PDF,
        400,
        'Invalid body.file: must be named as what it holds: the content is application/pdf but the name "photo.jpg" says .jpg',
      ],
      ['../../etc/passwd', png(1, 1), 400, 'name'],
      ['huge.png', Buffer.concat([png(1, 1), Buffer.alloc(10 * 1024 * 1024)]), 413, ''],
      // A small file whose header claims a picture no reader could hold.
      [
        'bomb.png',
        png(100_000, 100_000),
        400,
        'Invalid body.file: must be at most 16384 pixels on a side and 50 million in all: the image says it is 100000 × 100000',
      ],
      [
        'tall.png',
        png(10, 20_000),
        400,
        'Invalid body.file: must be at most 16384 pixels on a side and 50 million in all: the image says it is 10 × 20000',
      ],
    ];
    for (const [name, bytes, status, text] of cases) {
      const res = await upload(name, bytes);
      expect(res.statusCode, name).toBe(status);
      const error = (res.json() as { error: string }).error;
      // The service's own refusals are exact; the route's (a name, a size past the body limit) name their subject.
      if (text.startsWith('Invalid body.file')) expect(error, name).toBe(text);
      else expect(error, name).toContain(text);
    }
    const asJson = await ctx.app.inject({ method: 'POST', url: '/admin/media?name=a.png', headers: admin, payload: { bytes: 'x' } });
    expect({ status: asJson.statusCode, body: asJson.json() }).toEqual({
      status: 400,
      body: { error: 'Invalid body.file: must be sent as the body, with Content-Type application/octet-stream' },
    });
    const after = (await ctx.app.inject({ method: 'GET', url: '/admin/media', headers: admin })).json() as MediaList;
    expect(after.items.length).toBe(before.items.length);
  });

  it('refuses the library to non-admins', async () => {
    expect((await upload('x.png', png(1, 1), user)).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'GET', url: '/admin/media', headers: user })).statusCode).toBe(403);
  });
});

describe('signed links', () => {
  it('refuse a tampered token, a token for another file and an expired one; long-lived public links outlive them', async () => {
    const a = (await upload('a.png', png(5, 5, 1))).json() as MediaItem;
    const b = (await upload('b.png', png(6, 6, 2))).json() as MediaItem;
    const token = a.link.split('jwt=')[1]!;
    // Change the signature's second-last character to another one: picked by that character (not
    // the last), or about one token in 64 — whose second-last is already 'A' — went through unchanged.
    const flipped = token.slice(0, -2) + (token.at(-2) === 'A' ? 'B' : 'A') + token.slice(-1);
    expect(flipped).not.toBe(token);
    const tampered = await open(`/media/${a.path}?jwt=${flipped}`);
    expect(tampered.statusCode).toBe(403);
    expect((tampered.json() as { error: string }).error).toContain('not valid');
    const swapped = await open(`/media/${b.path}?jwt=${token}`);
    expect(swapped.statusCode).toBe(403);
    expect((swapped.json() as { error: string }).error).toContain('another file');
    expect((await open(`/media/${a.path}`)).statusCode).toBe(400);

    clock += 16 * 60_000;
    const expired = await open(a.link);
    expect(expired.statusCode).toBe(403);
    expect((expired.json() as { error: string }).error).toContain('expired');
    expect((await open(a.publicLink)).statusCode).toBe(200);
  });

  it('refuses path traversal in media paths', async () => {
    for (const path of ['..%2F..%2Fetc%2Fpasswd', '2026/11/..%2F..%2F..%2Fpackage.json', '2026/11/x.svg', '../../../etc/passwd']) {
      const res = await open(`/media/${path}?jwt=abc`);
      expect([400, 404], path).toContain(res.statusCode);
      expect((res.json() as { error: string }).error).toBeTruthy();
    }
    const named = await open('/media/2026/11/..%2F..%2Fpackage.json?jwt=abc');
    expect(named.statusCode).toBe(400);
    expect((named.json() as { error: string }).error).toContain('file');
  });
});

describe('replacing and deleting', () => {
  it('replaces the bytes under the same path and refuses another type', async () => {
    const item = (await upload('chart.png', png(10, 10))).json() as MediaItem;
    const res = await upload('chart-v2.png', png(20, 10, 7), admin, 'PUT', `/admin/media/${item.id}`);
    expect(res.statusCode, res.body).toBe(200);
    const replaced = res.json() as MediaItem;
    expect(replaced).toMatchObject({ path: item.path, version: 2, width: 20, name: 'chart-v2.png' });
    expect((await open(item.link)).rawPayload.equals(png(20, 10, 7))).toBe(true);
    const other = await upload('chart.gif', gif(1, 1), admin, 'PUT', `/admin/media/${item.id}`);
    expect(other.statusCode).toBe(400);
    expect(other.json()).toEqual({ error: 'Invalid body.file: must be of the type it replaces (image/png), not image/gif' });
  });

  it('refuses to delete a file a published post uses, then deletes it once the post is archived', async () => {
    const item = (await upload('cover.png', png(8, 4))).json() as MediaItem;
    const post = await ctx.app.inject({
      method: 'POST',
      url: '/v2/blog/posts',
      headers: admin,
      payload: { title: 'With a cover', markdown: 'x', coverImage: item.publicLink, status: 'published', public: true },
    });
    expect(post.statusCode).toBe(201);
    const refused = await ctx.app.inject({ method: 'DELETE', url: `/admin/media/${item.id}`, headers: admin });
    expect(refused.statusCode).toBe(409);
    expect((refused.json() as { error: string }).error).toContain('With a cover');
    await ctx.app.inject({
      method: 'PATCH',
      url: `/v2/blog/posts/${(post.json() as { id: number }).id}`,
      headers: admin,
      payload: { status: 'archived' },
    });
    expect((await ctx.app.inject({ method: 'DELETE', url: `/admin/media/${item.id}`, headers: admin })).statusCode).toBe(204);
    expect((await open(item.publicLink)).statusCode).toBe(404);
    const audit = await ctx.database.db
      .selectFrom('audit_log')
      .select('action')
      .where('target_type', '=', 'media')
      .where('target_id', '=', String(item.id))
      .orderBy('id')
      .execute();
    expect(audit.map((a) => a.action)).toEqual(['media.upload', 'media.delete']);
  });
});
