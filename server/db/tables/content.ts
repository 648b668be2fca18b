import type { ColumnType, Generated, JSONColumnType } from 'kysely';

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
  /** Title and summary (and tags) only: where search takes its first candidates. */
  search_head: ColumnType<string, never, never>;
}

/** A blog post; `published` with a future publish_at is scheduled. */
export interface BlogPostsTable {
  id: Generated<number>;
  slug: string;
  title: string;
  summary: string;
  body_md: string;
  body_html: string;
  body_text: string;
  tags: ColumnType<string[], string[] | undefined, string[]>;
  /** The tags as one text, for the search vector. */
  tags_text: string;
  cover_image: string | null;
  status: 'draft' | 'published' | 'archived';
  publish_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** Listed in the public Atom feed. */
  public: ColumnType<boolean, boolean | undefined, boolean>;
  author_id: string | null;
  version: ColumnType<number, number | undefined, number>;
  created_at: Timestamp;
  updated_at: Timestamp;
  search: ColumnType<string, never, never>;
  /** Title and summary (and tags) only: where search takes its first candidates. */
  search_head: ColumnType<string, never, never>;
}

/** A slug a post had before; links with it redirect to the post. */
export interface BlogSlugHistoryTable {
  slug: string;
  post_id: number;
  replaced_at: Timestamp;
}

/** A dated market note by an administrator; visible from publish_at, until deleted. */
export interface PlatformCommentaryTable {
  id: Generated<number>;
  headline: string;
  body_md: string;
  body_html: string;
  publish_at: Timestamp;
  author_id: string | null;
  version: ColumnType<number, number | undefined, number>;
  created_at: Timestamp;
  updated_at: Timestamp;
  deleted_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

/** An uploaded image or PDF; its bytes are in the media store under `path`. */
export interface MediaTable {
  id: Generated<number>;
  path: string;
  name: string;
  mime: string;
  size: number;
  width: number | null;
  height: number | null;
  sha256: string;
  version: ColumnType<number, number | undefined, number>;
  uploaded_by: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface ContentTables {
  media: MediaTable;
  platform_commentary: PlatformCommentaryTable;
  help_articles: HelpArticlesTable;
  blog_posts: BlogPostsTable;
  blog_slug_history: BlogSlugHistoryTable;
}
