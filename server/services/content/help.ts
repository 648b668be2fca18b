/** Reading the help centre's index (help_articles, filled by helpIndex.ts). */
import type { Kysely } from 'kysely';
import type { HelpArticle, HelpArticleSummary, HelpKind } from '@common/api/help';
import type { Database } from '../../db/schema';
import { ServiceRefusal } from '../refusal';

const SUMMARY_COLUMNS = ['path', 'kind', 'title', 'summary', 'section', 'position', 'screen', 'steps'] as const;

type SummaryRow = Pick<Database['help_articles'], (typeof SUMMARY_COLUMNS)[number]> & { steps: unknown };

function presentSummary(r: { [K in keyof SummaryRow]: unknown }): HelpArticleSummary {
  return {
    path: r.path as string,
    kind: r.kind as HelpKind,
    title: r.title as string,
    summary: r.summary as string,
    section: r.section as string,
    position: r.position as number,
    screen: (r.screen as string | null) ?? null,
    steps: Array.isArray(r.steps) ? (r.steps as string[]) : [],
  };
}

/** Articles (optionally of one kind) ordered by section, position, title. */
export async function listHelpArticles(db: Kysely<Database>, kind?: HelpKind): Promise<HelpArticleSummary[]> {
  let q = db.selectFrom('help_articles').select([...SUMMARY_COLUMNS]);
  if (kind) q = q.where('kind', '=', kind);
  const rows = await q.orderBy('section').orderBy('position').orderBy('title').execute();
  return rows.map(presentSummary);
}

export async function getHelpArticle(db: Kysely<Database>, path: string): Promise<HelpArticle> {
  const row = await db
    .selectFrom('help_articles')
    .select([...SUMMARY_COLUMNS, 'body_html', 'indexed_at'])
    .where('path', '=', path)
    .executeTakeFirst();
  if (!row) throw new ServiceRefusal('not found', `No help article at ${path}`);
  return { ...presentSummary(row), html: row.body_html, updatedAt: new Date(row.indexed_at).toISOString() };
}
