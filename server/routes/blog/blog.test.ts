import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BlogPost, BlogPostList } from '@common/api/blog';
import type { SearchResponse } from '@common/api/help';
import { createTestApp, signedIn, type TestContext } from '../../test/testApp';

const START = Date.parse('2026-11-20T14:00:00Z');
let clock = START;
let ctx: TestContext;
let admin: { authorization: string };
let author: { authorization: string };
let otherAuthor: { authorization: string };
let reader: { authorization: string };

beforeAll(async () => {
  ctx = await createTestApp({ PUBLIC_URL: 'https://bondwise.example' }, { now: () => clock });
  admin = await signedIn(ctx, 'blog-admin', { admin: true });
  author = await signedIn(ctx, 'blog-author');
  otherAuthor = await signedIn(ctx, 'blog-author-2');
  reader = await signedIn(ctx, 'blog-reader');
  for (const id of ['blog-author', 'blog-author-2']) {
    const res = await ctx.app.inject({ method: 'PUT', url: `/admin/blog/authors/${id}`, headers: admin, payload: { author: true } });
    expect(res.statusCode).toBe(204);
  }
});
afterAll(async () => ctx.close());

const call = (method: 'GET' | 'POST' | 'PATCH' | 'PUT', url: string, headers?: { authorization: string }, payload?: object) =>
  ctx.app.inject({ method, url, ...(headers ? { headers } : {}), ...(payload ? { payload } : {}) });

async function write(body: object, who = author): Promise<BlogPost> {
  const res = await call('POST', '/v2/blog/posts', who, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as BlogPost;
}

describe('who may write', () => {
  it('refuses a reader who is not an author (403) and anonymous callers (401)', async () => {
    const res = await call('POST', '/v2/blog/posts', reader, { title: 'Mine', markdown: 'x' });
    expect(res.statusCode).toBe(403);
    expect((res.json() as { error: string }).error).toContain('authors');
    expect((await call('GET', '/v2/blog/manage', reader)).statusCode).toBe(403);
    expect((await call('POST', '/v2/blog/posts', undefined, { title: 'x', markdown: 'x' })).statusCode).toBe(401);
  });

  it('lets an admin mark and unmark authors, audited, and lists them', async () => {
    const who = await signedIn(ctx, 'blog-temp');
    expect((await call('PUT', '/admin/blog/authors/blog-temp', admin, { author: true })).statusCode).toBe(204);
    expect((await call('POST', '/v2/blog/posts', who, { title: 'Temp', markdown: 'x' })).statusCode).toBe(201);
    expect((await call('PUT', '/admin/blog/authors/blog-temp', admin, { author: false })).statusCode).toBe(204);
    expect((await call('POST', '/v2/blog/posts', who, { title: 'Temp 2', markdown: 'x' })).statusCode).toBe(403);
    const authors = (await call('GET', '/admin/blog/authors', admin)).json() as { authors: Array<{ id: string }> };
    expect(authors.authors.map((a) => a.id)).toEqual(expect.arrayContaining(['blog-admin', 'blog-author', 'blog-author-2']));
    expect(authors.authors.map((a) => a.id)).not.toContain('blog-temp');
    const audit = await ctx.database.db.selectFrom('audit_log').select('action').where('target_id', '=', 'blog-temp').execute();
    expect(audit.map((a) => a.action)).toEqual(['blog.author.grant', 'blog.author.revoke']);
    expect((await call('PUT', '/admin/blog/authors/blog-temp', author, { author: true })).statusCode).toBe(403);
    expect((await call('PUT', '/admin/blog/authors/nobody', admin, { author: true })).statusCode).toBe(404);
  });

  it('lets only its author or an admin edit a post', async () => {
    const post = await write({ title: 'Owned', markdown: 'mine' });
    expect((await call('PATCH', `/v2/blog/posts/${post.id}`, otherAuthor, { title: 'Stolen' })).statusCode).toBe(403);
    const byAdmin = await call('PATCH', `/v2/blog/posts/${post.id}`, admin, { title: 'Edited by admin' });
    expect(byAdmin.statusCode).toBe(200);
    expect((byAdmin.json() as BlogPost).title).toBe('Edited by admin');
  });
});

describe('writing and reading a post', () => {
  it('keeps a draft from readers until it is published, then lists it with its share link', async () => {
    const draft = await write({
      title: 'Credit weekly: banks lead',
      markdown: '## Banks\n\nSpreads **tightened**.',
      tags: ['Banks', 'weekly'],
    });
    expect(draft.slug).toBe('credit-weekly-banks-lead');
    expect(draft.status).toBe('draft');
    expect(draft.tags).toEqual(['banks', 'weekly']);
    expect(draft.html).toContain('<h2>Banks</h2>');
    expect(draft.shareUrl).toBe(`https://bondwise.example/app/#/bw/blog/post/${draft.id}`);
    expect((await call('GET', `/v2/blog/posts/${draft.slug}`, reader)).statusCode).toBe(404);
    expect((await call('GET', `/v2/blog/posts/${draft.id}`, author)).statusCode).toBe(200);

    const published = await call('PATCH', `/v2/blog/posts/${draft.id}`, author, { status: 'published', version: draft.version });
    expect(published.statusCode).toBe(200);
    expect((published.json() as BlogPost).publishAt).toBe(new Date(clock).toISOString());
    const read = (await call('GET', `/v2/blog/posts/${draft.id}`, reader)).json() as BlogPost;
    expect(read.title).toBe('Credit weekly: banks lead');
    expect(read.canEdit).toBe(false);
    const list = (await call('GET', '/v2/blog/posts', reader)).json() as BlogPostList;
    expect(list.posts.map((p) => p.id)).toContain(draft.id);
  });

  it('refuses an edit made on a stale version (409)', async () => {
    const post = await write({ title: 'Versioned', markdown: 'v1' });
    expect((await call('PATCH', `/v2/blog/posts/${post.id}`, author, { markdown: 'v2', version: post.version })).statusCode).toBe(200);
    expect((await call('PATCH', `/v2/blog/posts/${post.id}`, author, { markdown: 'v3', version: post.version })).statusCode).toBe(409);
  });

  it('shows a scheduled post only once its publish time has come on the injected clock', async () => {
    const at = new Date(clock + 2 * 3600_000).toISOString();
    const post = await write({ title: 'Scheduled outlook', markdown: 'Later.', status: 'published', publishAt: at });
    expect((await call('GET', `/v2/blog/posts/${post.slug}`, reader)).statusCode).toBe(404);
    expect(((await call('GET', '/v2/blog/posts', reader)).json() as BlogPostList).posts.map((p) => p.id)).not.toContain(post.id);
    clock += 2 * 3600_000;
    expect((await call('GET', `/v2/blog/posts/${post.slug}`, reader)).statusCode).toBe(200);
    expect(((await call('GET', '/v2/blog/posts', reader)).json() as BlogPostList).posts[0]!.id).toBe(post.id);
  });

  it('finds a post by a former slug, answering with the current one', async () => {
    const post = await write({ title: 'Old name', markdown: 'x', status: 'published' });
    const renamed = await call('PATCH', `/v2/blog/posts/${post.id}`, author, { slug: 'new-name' });
    expect(renamed.statusCode).toBe(200);
    const viaOld = (await call('GET', '/v2/blog/posts/old-name', reader)).json() as BlogPost;
    expect(viaOld.id).toBe(post.id);
    expect(viaOld.slug).toBe('new-name');
    const clash = await write({ title: 'Another', markdown: 'x' });
    const taken = await call('PATCH', `/v2/blog/posts/${clash.id}`, author, { slug: 'old-name' });
    expect(taken.statusCode).toBe(409);
    // In the validator's form, so that the editor puts it under the slug.
    expect((taken.json() as { error: string }).error).toBe('Invalid body.slug: is already used by another post (old-name)');
  });

  it('archiving takes a post away from readers', async () => {
    const post = await write({ title: 'To archive', markdown: 'x', status: 'published' });
    await call('PATCH', `/v2/blog/posts/${post.id}`, author, { status: 'archived' });
    expect((await call('GET', `/v2/blog/posts/${post.id}`, reader)).statusCode).toBe(404);
    const manage = (await call('GET', '/v2/blog/manage', author)).json() as BlogPostList;
    expect(manage.posts.find((p) => p.id === post.id)?.status).toBe('archived');
  });
});

describe('listing', () => {
  it('filters by tag, searches words and pages, with tag counts', async () => {
    for (let i = 1; i <= 3; i++) {
      clock += 60_000;
      await write({
        title: `Utilities note ${i}`,
        markdown: `Utility spreads widened on supply ${i}.`,
        tags: ['utilities'],
        status: 'published',
      });
    }
    const tagged = (await call('GET', '/v2/blog/posts?tag=utilities&pageSize=2', reader)).json() as BlogPostList;
    expect(tagged.total).toBe(3);
    expect(tagged.posts.map((p) => p.title)).toEqual(['Utilities note 3', 'Utilities note 2']);
    const page2 = (await call('GET', '/v2/blog/posts?tag=utilities&pageSize=2&page=2', reader)).json() as BlogPostList;
    expect(page2.posts.map((p) => p.title)).toEqual(['Utilities note 1']);
    expect(tagged.tags.find((t) => t.tag === 'utilities')?.count).toBe(3);
    const searched = (await call('GET', `/v2/blog/posts?q=${encodeURIComponent('supply widened')}`, reader)).json() as BlogPostList;
    expect(searched.total).toBe(3);
    const site = (await call('GET', `/v2/search?q=${encodeURIComponent('utility spreads')}`, reader)).json() as SearchResponse;
    expect(site.results.filter((r) => r.type === 'blog').map((r) => r.route)).toContain('/bw/blog/post/utilities-note-1');
  });

  it('refuses bad list parameters naming them', async () => {
    for (const [url, field] of [
      ['/v2/blog/posts?page=0', 'page'],
      ['/v2/blog/posts?pageSize=500', 'pageSize'],
      ['/v2/blog/posts?tag=%3Cscript%3E', 'tag'],
    ]) {
      const res = await call('GET', url!, reader);
      expect(res.statusCode, url).toBe(400);
      expect((res.json() as { error: string }).error).toContain(field!);
    }
  });
});

describe('bad and hostile input', () => {
  it('sanitises Markdown with script, handlers, javascript: links and SVG, keeping the text', async () => {
    const post = await write({
      title: '<script>alert(1)</script> Title',
      markdown: [
        '<script>alert("x")</script>',
        '<img src=x onerror=alert(1)>',
        '[click me](javascript:alert(1))',
        '![svg](data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+)',
        '<svg><script>alert(1)</script></svg>',
        'Plain **text** stays.',
      ].join('\n\n'),
    });
    for (const tag of post.html.match(/<[^>]*>/g) ?? []) {
      expect(tag).not.toMatch(/^<\/?(script|svg|img)\b/i);
      expect(tag).not.toMatch(/\son[a-z]+=/i);
      expect(tag).not.toMatch(/javascript:|data:/i);
    }
    expect(post.html).toContain('<strong>text</strong>');
    expect(post.title).toBe('<script>alert(1)</script> Title'); // stored as text; the page renders it as text
    const stored = await ctx.database.db.selectFrom('blog_posts').select('body_html').where('id', '=', post.id).executeTakeFirstOrThrow();
    expect(stored.body_html).toBe(post.html);
  });

  it('refuses bad fields with 400 naming them and stores nothing', async () => {
    const before = await ctx.database.db
      .selectFrom('blog_posts')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    const cases: Array<[object, string]> = [
      [{ title: '', markdown: 'x' }, 'title'],
      [{ title: 'x', markdown: 'x', slug: '../etc' }, 'slug'],
      [{ title: 'x', markdown: 'x', coverImage: 'javascript:alert(1)' }, 'coverImage'],
      [{ title: 'x', markdown: 'x', coverImage: 'https://elsewhere.example/cover.png' }, 'coverImage'],
      [{ title: 'x', markdown: 'x', tags: Array.from({ length: 11 }, (_, i) => `t${i}`) }, 'tags'],
      [{ title: 'x', markdown: 'x', status: 'live' }, 'status'],
      [{ title: 'x', markdown: 'x', publishAt: 'tomorrow' }, 'publishAt'],
      [{ title: 'x', markdown: 'y'.repeat(100_001) }, 'markdown'],
    ];
    for (const [body, field] of cases) {
      const res = await call('POST', '/v2/blog/posts', author, body);
      expect(res.statusCode, field).toBe(400);
      // Each in the validator's form ("Invalid body.<field>: …"), the media library's check too.
      expect((res.json() as { error: string }).error, field).toMatch(new RegExp(`^Invalid body\\.${field}\\b`));
    }
    const after = await ctx.database.db
      .selectFrom('blog_posts')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
  });

  it('refuses the blog to a caller without the blog feature', async () => {
    const other = await signedIn(ctx, 'blog-less');
    await ctx.database.db
      .insertInto('feature_levels')
      .values({ scope: 'user', scope_id: 'blog-less', feature: 'blog', level: 0 })
      .execute();
    expect((await call('GET', '/v2/blog/posts', other)).statusCode).toBe(403);
  });
});

describe('the Atom feed', () => {
  it('lists public published posts only, escaped, without signing in', async () => {
    const pub = await write({ title: 'Public & open <b>', markdown: 'For everyone.', status: 'published', public: true, tags: ['macro'] });
    const internal = await write({ title: 'Members only', markdown: 'x', status: 'published', public: false });
    const res = await call('GET', '/v2/blog/feed.atom');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/atom+xml');
    expect(res.body).toContain('<feed xmlns="http://www.w3.org/2005/Atom">');
    expect(res.body).toContain('<title>Public &amp; open &lt;b&gt;</title>');
    expect(res.body).toContain(`https://bondwise.example/app/#/bw/blog/post/${pub.id}`);
    expect(res.body).not.toContain(`/bw/blog/post/${internal.id}<`);
    expect(res.body).not.toContain('Members only');
  });
});
