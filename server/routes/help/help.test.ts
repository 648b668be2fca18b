import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { BOND_TABLE_COLUMNS } from '@common/enums';
import { GLOSSARY, TERMS_GLOSSARY } from '@common/glossary';
import type { HelpArticle, HelpArticlesResponse, SearchResponse } from '@common/api/help';
import { createTestApp, signedIn, type TestContext } from '../../test/testApp';
import { indexHelpContent, indexHelpSources, readHelpSources } from '../../services/content/helpIndex';

let ctx: TestContext;
let user: { authorization: string };

beforeAll(async () => {
  ctx = await createTestApp();
  await indexHelpContent(ctx.database.db, new Date(ctx.app.now()));
  user = await signedIn(ctx, 'help-reader');
});
afterAll(async () => ctx.close());

const get = (url: string, headers = user) => ctx.app.inject({ method: 'GET', url, headers });

describe('the help centre indexed from content/help', () => {
  it('lists a guide for every built screen, in sections', async () => {
    const res = await get('/v2/help/articles?kind=guide');
    expect(res.statusCode).toBe(200);
    const screens = (res.json() as HelpArticlesResponse).articles.map((a) => a.screen);
    for (const screen of [
      '/bw/market/summary',
      '/bw/market/detail',
      '/bw/sector/overview',
      '/bw/bond',
      '/bw/bond/:bondId/pricing',
      '/bw/bond/:bondId/cashflow',
      '/bw/history',
      '/bw/term-structure-change',
      '/bw/bond/chart',
      '/bw/bond/config',
      '/bw/primary/new-issues',
      '/bw/primary/pricing/:dealId',
      '/bw/primary/pricing',
      '/bw/primary/pricing-sheet',
      '/bw/profile',
    ]) {
      expect(screens, `no guide for ${screen}`).toContain(screen);
    }
  });

  it('gives workflows their ordered steps from the ## headings', async () => {
    const res = await get('/v2/help/articles?kind=workflow');
    const workflow = (res.json() as HelpArticlesResponse).articles.find((a) => a.path === 'workflows/price-a-new-issue');
    expect(workflow?.steps).toEqual([
      'Open the calculator',
      'Add the tranches',
      'Read fair value and concession',
      'Check comparables',
      'Adjust and save',
    ]);
  });

  it('serves an article at its nested path as sanitised HTML with app links as hash routes', async () => {
    const res = await get('/v2/help/article?path=guides/bond-table');
    expect(res.statusCode).toBe(200);
    const article = res.json() as HelpArticle;
    expect(article.title).toBe('Bond table');
    expect(article.html).toContain('<h2>Columns</h2>');
    expect(article.html).toContain('href="#/bw/help/glossary"');
  });

  it('has a glossary article naming every bond-table column with its unit and formula, then the bond terms (the make-whole call)', async () => {
    const article = (await get('/v2/help/article?path=glossary')).json() as HelpArticle;
    for (const column of BOND_TABLE_COLUMNS) {
      expect(article.html, column).toContain(`<code>${column}</code>`);
      expect(article.html).toContain(`<strong>Unit:</strong> ${GLOSSARY[column].unit}`);
    }
    const terms = Object.values(TERMS_GLOSSARY);
    for (const entry of terms) expect(article.html).toContain(`<h3>${entry.term}</h3>`);
    expect(article.html.match(/<h3>/g)).toHaveLength(BOND_TABLE_COLUMNS.length + terms.length);
  });

  it('answers 404 for an unknown path and 400 naming the path for traversal attempts', async () => {
    expect((await get('/v2/help/article?path=guides/no-such-guide')).statusCode).toBe(404);
    for (const path of ['../../etc/passwd', 'guides/..%2F..%2Fpackage', '/guides/bond-table', 'Guides/Bond-Table', 'guides//x']) {
      const res = await get(`/v2/help/article?path=${path}`);
      expect(res.statusCode, path).toBe(400);
      expect((res.json() as { error: string }).error).toContain('path');
    }
  });

  it('refuses the help centre to a caller without the help feature, and anonymous callers', async () => {
    const other = await signedIn(ctx, 'help-less');
    await sql`insert into feature_levels (scope, scope_id, feature, level) values ('user', 'help-less', 'help', 0)`.execute(
      ctx.database.db,
    );
    expect((await get('/v2/help/article?path=glossary', other)).statusCode).toBe(403);
    expect((await get('/v2/help/articles', other)).statusCode).toBe(403);
    const search = await get('/v2/search?q=spread', other);
    expect(search.statusCode).toBe(200);
    expect((search.json() as SearchResponse).results.filter((r) => r.type === 'help')).toEqual([]);
    expect((await ctx.app.inject({ method: 'GET', url: '/v2/help/articles' })).statusCode).toBe(401);
  });
});

describe('full-text search', () => {
  it('finds articles by stemmed words, best match first, with marked snippets', async () => {
    const res = await get(`/v2/search?q=${encodeURIComponent('concession tightening')}`);
    expect(res.statusCode).toBe(200);
    const { results } = res.json() as SearchResponse;
    expect(results.length).toBeGreaterThan(0);
    expect(results.map((r) => r.route)).toContain('/bw/help/guides/new-issue-calculator');
    expect(results[0]!.snippet).toMatch(/«(concession|tightening)»/i);
    const ranks = results.map((r) => r.rank);
    expect([...ranks].sort((a, b) => b - a)).toEqual(ranks);
  });

  it('matches phrases and leaves out excluded words', async () => {
    const phrase = (await get(`/v2/search?q=${encodeURIComponent('"yield to worst"')}`)).json() as SearchResponse;
    expect(phrase.results.map((r) => r.route)).toContain('/bw/help/glossary');
    const without = (await get(`/v2/search?q=${encodeURIComponent('passkey -authenticator')}`)).json() as SearchResponse;
    expect(without.results.map((r) => r.route)).not.toContain('/bw/help/workflows/secure-your-account');
  });

  it('refuses an empty or oversized query naming q', async () => {
    for (const q of ['', '%20%20', 'x'.repeat(201)]) {
      const res = await get(`/v2/search?q=${q}`);
      expect(res.statusCode).toBe(400);
      expect((res.json() as { error: string }).error).toContain('q');
    }
  });
});

describe('indexing at start', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'bw-help-'));
  });
  afterAll(async () => rm(dir, { recursive: true, force: true }));

  it('skips unchanged files, updates changed ones and drops removed ones', async () => {
    const test = await createTestApp();
    try {
      await mkdir(join(dir, 'a'), { recursive: true });
      await writeFile(join(dir, 'a', 'one.md'), '---\ntitle: One\nkind: article\n---\nFirst text\n');
      await writeFile(join(dir, 'two.md'), '---\ntitle: Two\nkind: guide\n---\nSecond\n');
      expect(await indexHelpSources(test.database.db, await readHelpSources(dir), new Date(test.app.now()))).toEqual({
        indexed: 2,
        unchanged: 0,
        removed: 0,
      });
      await writeFile(join(dir, 'a', 'one.md'), '---\ntitle: One\nkind: article\n---\nChanged text\n');
      await rm(join(dir, 'two.md'));
      expect(await indexHelpSources(test.database.db, await readHelpSources(dir), new Date(test.app.now()))).toEqual({
        indexed: 1,
        unchanged: 0,
        removed: 1,
      });
      expect(await indexHelpSources(test.database.db, await readHelpSources(dir), new Date(test.app.now()))).toEqual({
        indexed: 0,
        unchanged: 1,
        removed: 0,
      });
      const rows = await test.database.db.selectFrom('help_articles').select(['path', 'body_text']).execute();
      expect(rows).toEqual([{ path: 'a/one', body_text: 'Changed text' }]);
    } finally {
      await test.close();
    }
  });

  it('stops on a file with bad front matter or a bad name, naming the file', async () => {
    await writeFile(join(dir, 'bad.md'), '---\ntitle: Bad\nkind: poem\n---\nx\n');
    await expect(readHelpSources(dir)).rejects.toThrow(/bad\.md.*kind/);
    await rm(join(dir, 'bad.md'));
    await writeFile(join(dir, 'Bad Name.md'), '---\ntitle: B\nkind: article\n---\nx\n');
    await expect(readHelpSources(dir)).rejects.toThrow(/Bad Name\.md/);
    await rm(join(dir, 'Bad Name.md'));
  });
});
