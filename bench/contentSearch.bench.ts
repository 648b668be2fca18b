/**
 * Content search benchmark (not a test): `npm run bench:content-search [-- --engine pglite|postgres] [--docs 10000] [--queries 200] [--compare]`.
 *
 * Target (issue #15): search over 10,000 posts and articles answers in under 50 ms p95. Fills a
 * scratch database (migrated as the app's) with DOCS documents — half blog posts (nine in ten
 * published and due, the rest drafts or scheduled), half help articles — of about 300 words each
 * drawn from a bond-market vocabulary (seeded, so runs compare), then times searchContent (what
 * GET /v2/search runs, 20 results with snippets) over a mix of common and rare words, two-word
 * queries, phrases and exclusions.
 */
import { type Insertable, type Kysely, sql } from 'kysely';
import { loadavg } from 'node:os';
import type { Database } from '../server/db/schema';
import { mulberry32 } from '../common/random';
import { migrateToLatest } from '../server/db/migrate';
import { searchContent } from '../server/services/content/search';
import { type BenchEngine, openScratchDatabase } from './support/scratchDatabase';

const arg = (name: string) => (process.argv.includes(name) ? process.argv[process.argv.indexOf(name) + 1] : undefined);
const ENGINE = (arg('--engine') ?? 'pglite') as BenchEngine;
const DOCS = Number(arg('--docs') ?? 10_000);
const QUERIES = Number(arg('--queries') ?? 200);
const NOW = new Date('2026-11-25T12:00:00Z');
/** Also time the former query (every match ranked), interleaved, for a before/after under one load. */
const COMPARE = process.argv.includes('--compare');

const WORDS = (
  'bond spread yield curve treasury coupon maturity issuer sector rating investment grade high yield duration convexity ' +
  'price volume trade liquidity concession tightening guidance launch pricing reoffer book cover syndicate banks utilities ' +
  'energy technology healthcare industrials financials callable bullet senior subordinated secured floater benchmark tenor ' +
  'steepener flattener basis swap inflation fed rates outlook supply demand primary secondary market index return carry ' +
  'rolldown relative value cheap rich widen tighten rally selloff volatility credit default recovery leverage covenant'
).split(' ');
const RARE = ['zeppelin', 'quokka', 'marzipan', 'obsidian', 'tamarind'];

/**
 * The search as it was before candidates were capped (every match ranked, snippets from whole
 * documents), timed interleaved with today's so both see the same machine load.
 */
async function rankEveryMatch(db: Kysely<Database>, q: string, limit: number, now: Date): Promise<number> {
  const query = sql`websearch_to_tsquery('english', ${q})`;
  const { rows } = await sql`
    with hits as (
      select title, body_text as text, ts_rank(search, ${query}) as rank from help_articles where search @@ ${query}
      union all
      select title, summary || ' ' || body_text, ts_rank(search, ${query}) from blog_posts
      where search @@ ${query} and status = 'published' and publish_at <= ${now}),
    top as (select * from hits order by rank desc, title limit ${limit})
    select title, ts_headline('english', text, ${query}, 'MaxWords=30, MinWords=12, MaxFragments=2') as snippet from top`.execute(db);
  return rows.length;
}

const pct = (xs: number[], q: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))]!;

async function main() {
  const db = await openScratchDatabase(ENGINE, 'content_search');
  const random = mulberry32(15);
  const words = (n: number) => Array.from({ length: n }, () => WORDS[Math.floor(random() * WORDS.length)]).join(' ');
  try {
    await migrateToLatest(db.db);
    await sql`insert into users (id, email, password_hash, support_token) values ('bench-author', 'a@x.example', 'x', 's')`.execute(db.db);
    const t0 = performance.now();
    const half = Math.floor(DOCS / 2);
    for (let start = 0; start < DOCS; start += 500) {
      const posts: Array<Insertable<Database['blog_posts']>> = [];
      const articles: Array<Insertable<Database['help_articles']>> = [];
      for (let i = start; i < Math.min(DOCS, start + 500); i++) {
        const body = `${words(300)}${i % 1000 === 0 ? ` ${RARE[(i / 1000) % RARE.length]}` : ''}`;
        if (i < half) {
          posts.push({
            slug: `post-${i}`,
            title: words(6),
            summary: words(25),
            body_md: body,
            body_html: `<p>${body}</p>`,
            body_text: body,
            tags: [WORDS[i % WORDS.length]!],
            tags_text: WORDS[i % WORDS.length]!,
            status: i % 10 === 0 ? 'draft' : 'published',
            publish_at: i % 10 === 1 ? new Date(NOW.getTime() + 86_400_000) : new Date(NOW.getTime() - i * 60_000),
            author_id: 'bench-author',
          });
        } else {
          articles.push({
            path: `bench/article-${i}`,
            kind: 'article',
            title: words(5),
            summary: words(20),
            body_md: body,
            body_html: `<p>${body}</p>`,
            body_text: body,
            content_hash: String(i),
            steps: '[]',
            section: '',
            position: 0,
          });
        }
      }
      if (posts.length) await db.db.insertInto('blog_posts').values(posts).execute();
      if (articles.length) await db.db.insertInto('help_articles').values(articles).execute();
    }
    await sql`analyze`.execute(db.db);
    console.log(`${ENGINE}: ${DOCS.toLocaleString('en-US')} documents written in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

    const mixes: Array<[string, (i: number) => string]> = [
      ['one common word', (i) => WORDS[i % WORDS.length]!],
      ['two words', (i) => `${WORDS[i % WORDS.length]} ${WORDS[(i * 7) % WORDS.length]}`],
      ['phrase', (i) => `"${WORDS[i % WORDS.length]} ${WORDS[(i + 1) % WORDS.length]}"`],
      ['exclusion', (i) => `${WORDS[i % WORDS.length]} -${WORDS[(i + 3) % WORDS.length]}`],
      ['rare word', (i) => RARE[i % RARE.length]!],
    ];
    const scope = { help: true, blog: true, now: NOW };
    for (let i = 0; i < 5; i++) await searchContent(db.db, WORDS[i]!, 20, scope); // warm
    const all: number[] = [];
    const allBefore: number[] = [];
    const ms = (xs: number[]) => `p50 ${pct(xs, 0.5).toFixed(1)} ms  p95 ${pct(xs, 0.95).toFixed(1)} ms`;
    for (const [label, make] of mixes) {
      const times: number[] = [];
      const before: number[] = [];
      let hits = 0;
      for (let i = 0; i < QUERIES / mixes.length; i++) {
        let t = performance.now();
        hits += (await searchContent(db.db, make(i), 20, scope)).length;
        times.push(performance.now() - t);
        if (COMPARE) {
          t = performance.now();
          await rankEveryMatch(db.db, make(i), 20, NOW);
          before.push(performance.now() - t);
        }
      }
      all.push(...times);
      allBefore.push(...before);
      console.log(
        `  ${label.padEnd(16)} ${ms(times)}  (${(hits / times.length).toFixed(1)} results)${COMPARE ? `   every match ranked: ${ms(before)}` : ''}`,
      );
    }
    console.log(
      `${ENGINE}: all ${all.length} queries ${ms(all)} (target < 50 ms)${COMPARE ? `; every match ranked: ${ms(allBefore)}` : ''}`,
    );
    console.log(
      `load average ${loadavg()
        .map((x) => x.toFixed(1))
        .join(' ')}`,
    );
  } finally {
    await db.cleanup();
  }
}

void main();
