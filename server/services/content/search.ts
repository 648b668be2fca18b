/**
 * Full-text search over the help centre and published blog posts: PostgreSQL `tsvector` columns
 * (stored, generated, GIN-indexed) queried with `websearch_to_tsquery` — the same SQL on PGlite
 * and PostgreSQL. Ranks with `ts_rank` (title weighs most) over a capped set of candidates
 * (SEARCH_CANDIDATES); snippets with `ts_headline`, computed only for the page of results returned.
 */
import { type Kysely, sql } from 'kysely';
import type { SearchResult } from '@common/api/help';
import type { Database } from '../../db/schema';

export interface SearchScope {
  help: boolean;
  blog: boolean;
  /** Blog posts due by this instant count as published. */
  now: Date;
}

const HEADLINE = 'StartSel=«, StopSel=», MaxWords=30, MinWords=12, MaxFragments=2, FragmentDelimiter=" … "';

/**
 * Matches ranked per table and per vector, at most. A word in nearly every document used to make
 * the query read and rank every stored vector (470 ms p95 at 10,000 documents on PGlite); now the
 * candidates are the first CANDIDATES matching on title/summary (the small `search_head` vector,
 * where the best-ranked documents are: title weighs A) plus the first CANDIDATES matching
 * anywhere, and only those are ranked on the full vector. A query with fewer matches than that
 * ranks them all, exactly as before.
 */
export const SEARCH_CANDIDATES = 100;

/** Characters of text around the first match that the snippet is cut from. */
export const SNIPPET_WINDOW = 600;

/** The first word of the query a reader wants found (not an exclusion, not an operator), lower-cased. */
export function firstSoughtWord(q: string): string {
  const words = q.toLowerCase().match(/(^|\s|")-?[\p{L}\p{N}]+/gu) ?? [];
  for (const raw of words) {
    const word = raw.trim().replace(/^"/, '');
    if (!word.startsWith('-') && word !== 'or' && word !== 'and') return word;
  }
  return '';
}

/**
 * The part of a document ts_headline reads: SNIPPET_WINDOW characters from a little before the
 * first literal occurrence of the query's first word (the start when it is not there literally,
 * e.g. only as another form of the word). ts_headline parses and stems all the text it is
 * given, which cost more than the search itself on whole documents.
 */
function snippetSource(text: ReturnType<typeof sql>, word: string) {
  return sql`substr(${text}, greatest(1, strpos(lower(${text}), ${word}) - ${SNIPPET_WINDOW / 4}), ${SNIPPET_WINDOW})`;
}

export async function searchContent(db: Kysely<Database>, q: string, limit: number, scope: SearchScope): Promise<SearchResult[]> {
  if (!scope.help && !scope.blog) return [];
  const query = sql`websearch_to_tsquery('english', ${q})`;
  const word = firstSoughtWord(q);
  const cap = SEARCH_CANDIDATES;
  const ranked = [];
  const shown = [];
  if (scope.help) {
    ranked.push(sql`select 'help' as type, path as key, ts_rank(search, ${query}) as rank from help_articles
      where path in (
        (select path from help_articles where search_head @@ ${query} limit ${cap})
        union (select path from help_articles where search @@ ${query} limit ${cap}))`);
    shown.push(sql`select t.type, '/bw/help/' || h.path as route, h.title,
        ts_headline('english', ${snippetSource(sql`h.body_text`, word)}, ${query}, ${HEADLINE}) as snippet, t.rank
      from top t join help_articles h on t.type = 'help' and h.path = t.key`);
  }
  if (scope.blog) {
    const live = sql`status = 'published' and publish_at <= ${scope.now}`;
    ranked.push(sql`select 'blog' as type, id::text as key, ts_rank(search, ${query}) as rank from blog_posts
      where id in (
        (select id from blog_posts where search_head @@ ${query} and ${live} limit ${cap})
        union (select id from blog_posts where search @@ ${query} and ${live} limit ${cap}))`);
    // The key is cast, not the id: `b.id::text = t.key` could not use the primary key and read
    // every post (on PostgreSQL at 5,000 posts, 1.2 ms of a 6.8 ms median search; PGlite no
    // different within the noise).
    shown.push(sql`select t.type, '/bw/blog/post/' || b.slug as route, b.title,
        ts_headline('english', ${snippetSource(sql`b.summary || ' ' || b.body_text`, word)}, ${query}, ${HEADLINE}) as snippet, t.rank
      from top t join blog_posts b on t.type = 'blog' and b.id = t.key::int`);
  }
  const { rows } = await sql<{ type: 'help' | 'blog'; route: string; title: string; snippet: string; rank: number }>`
    with hits as (${sql.join(ranked, sql` union all `)}),
    top as (select * from hits order by rank desc, key limit ${limit})
    select type, route, title, snippet, rank::float8 as rank
    from (${sql.join(shown, sql` union all `)}) shown order by rank desc, title`.execute(db);
  return rows.map((r) => ({ ...r, rank: Number(r.rank) }));
}
