import type { ColumnType, JSONColumnType } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

/** A help article, guide or workflow indexed from content/help (the Markdown files are the source). */
export interface HelpArticlesTable {
  /** Nested path under /bw/help/, e.g. "guides/bond-table". */
  path: string;
  kind: 'guide' | 'workflow' | 'article';
  title: string;
  summary: string;
  section: string;
  position: number;
  /** The app route the article explains (banners link to it from there). */
  screen: string | null;
  /** A workflow's ordered step titles. */
  steps: JSONColumnType<string[]>;
  body_md: string;
  body_html: string;
  body_text: string;
  content_hash: string;
  indexed_at: Timestamp;
  /** Generated tsvector; never written. */
  search: ColumnType<string, never, never>;
}

export interface ContentTables {
  help_articles: HelpArticlesTable;
}
