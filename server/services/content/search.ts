/**
 * Full-text search over the help centre and published blog posts: PostgreSQL `tsvector` columns
 * (stored, generated, GIN-indexed) queried with `websearch_to_tsquery` — the same SQL on PGlite
 * and PostgreSQL. Ranks with `ts_rank` (title weighs most); snippets with `ts_headline`, computed
 * only for the page of results returned.
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

export async function searchContent(db: Kysely<Database>, q: string, limit: number, scope: SearchScope): Promise<SearchResult[]> {
  if (!scope.help && !scope.blog) return [];
  const query = sql`websearch_to_tsquery('english', ${q})`;
  const parts = [];
  if (scope.help) {
    parts.push(sql`select 'help' as type, '/bw/help/' || path as route, title, body_text as text, ts_rank(search, ${query}) as rank
      from help_articles where search @@ ${query}`);
  }
  if (scope.blog) {
    parts.push(sql`select 'blog' as type, '/bw/blog/post/' || slug as route, title, summary || ' ' || body_text as text,
        ts_rank(search, ${query}) as rank
      from blog_posts where search @@ ${query} and status = 'published' and publish_at <= ${scope.now}`);
  }
  const { rows } = await sql<{ type: 'help' | 'blog'; route: string; title: string; snippet: string; rank: number }>`
    with hits as (${sql.join(parts, sql` union all `)}),
    top as (select * from hits order by rank desc, title limit ${limit})
    select type, route, title, ts_headline('english', text, ${query}, ${HEADLINE}) as snippet, rank::float8 as rank
    from top order by rank desc, title`.execute(db);
  return rows.map((r) => ({ ...r, rank: Number(r.rank) }));
}
