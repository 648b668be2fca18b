/**
 * API contract of the help centre (feature `help`) and of content search.
 *
 * - GET /v2/help/articles?kind=guide|workflow|article → { articles } (no bodies), by section and position
 * - GET /v2/help/article?path=guides/bond-table       → HelpArticle (404 unknown path, 400 a malformed one)
 * - GET /v2/search?q=…&limit=                        → { results } over help (feature `help`) and
 *   published blog posts (feature `blog`), best first, with a highlighted snippet
 *
 * Articles are Markdown files with front matter under content/help/ (reviewed like code), indexed
 * into the database at start; the path of `content/help/guides/bond-table.md` is
 * `guides/bond-table`, its page `/bw/help/guides/bond-table`.
 */
import { z } from 'zod';

export const HELP_PATHS = {
  articles: '/v2/help/articles',
  article: '/v2/help/article',
  search: '/v2/search',
} as const;

export const HELP_KINDS = ['guide', 'workflow', 'article'] as const;
export type HelpKind = (typeof HELP_KINDS)[number];

/** Lower-case words joined by hyphens, up to six segments: no dots, so no way out of the tree. */
export const HELP_PATH_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*(?:\/[a-z0-9]+(?:-[a-z0-9]+)*){0,5}$/;
export const HELP_PATH_MAX_LENGTH = 200;
export const SEARCH_QUERY_MAX_LENGTH = 200;
export const SEARCH_LIMIT_MAX = 50;

export const helpPathSchema = z
  .string()
  .max(HELP_PATH_MAX_LENGTH)
  .regex(HELP_PATH_PATTERN, 'path: lower-case words and hyphens separated by "/" (e.g. guides/bond-table)');

/** Front matter of a content/help/*.md file (checked at indexing; a bad file stops the start). */
export const helpFrontMatterSchema = z.object({
  title: z.string().trim().min(1).max(120),
  kind: z.enum(HELP_KINDS),
  summary: z.string().trim().max(400).default(''),
  section: z.string().trim().max(60).default(''),
  order: z.number().int().min(0).max(10_000).default(0),
  /** The app route the article explains, e.g. /bw/bond. */
  screen: z
    .string()
    .regex(/^\/bw\/[A-Za-z0-9/:-]*$/)
    .optional(),
});
export type HelpFrontMatter = z.infer<typeof helpFrontMatterSchema>;

export const helpArticlesQuerySchema = z.object({ kind: z.enum(HELP_KINDS).optional() });

export const helpArticleSummarySchema = z.object({
  path: z.string(),
  kind: z.enum(HELP_KINDS),
  title: z.string(),
  summary: z.string(),
  section: z.string(),
  position: z.number().int(),
  screen: z.string().nullable(),
  steps: z.array(z.string()),
});
export type HelpArticleSummary = z.infer<typeof helpArticleSummarySchema>;
export const helpArticlesResponseSchema = z.object({ articles: z.array(helpArticleSummarySchema) });
export type HelpArticlesResponse = z.infer<typeof helpArticlesResponseSchema>;

export const helpArticleQuerySchema = z.object({ path: helpPathSchema });
/** One article: sanitised HTML (rendered on the server), and its neighbours in the same kind. */
export const helpArticleSchema = helpArticleSummarySchema.extend({
  html: z.string(),
  updatedAt: z.string(),
});
export type HelpArticle = z.infer<typeof helpArticleSchema>;

export const searchQuerySchema = z.object({
  q: z.string().trim().min(1, 'q: enter words to search for').max(SEARCH_QUERY_MAX_LENGTH),
  limit: z.coerce.number().int().min(1).max(SEARCH_LIMIT_MAX).default(20),
});
export const SEARCH_RESULT_TYPES = ['help', 'blog'] as const;
export const searchResultSchema = z.object({
  type: z.enum(SEARCH_RESULT_TYPES),
  /** The app route of the result, e.g. /bw/help/guides/bond-table or /bw/blog/post/{slug}. */
  route: z.string(),
  title: z.string(),
  /** Plain text with the matched words between « and » (no HTML: the page highlights them). */
  snippet: z.string(),
  rank: z.number(),
});
export type SearchResult = z.infer<typeof searchResultSchema>;
export const searchResponseSchema = z.object({ results: z.array(searchResultSchema) });
export type SearchResponse = z.infer<typeof searchResponseSchema>;
