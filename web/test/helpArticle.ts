import { type HelpArticleSummary, helpArticleSummarySchema } from '@common/api/help';

/**
 * A help article's summary as the articles list sends it, checked against the contract: tests set
 * the fields their page shows (path, kind, title, and the section or steps they group by).
 */
export function helpArticle(fields: Partial<HelpArticleSummary> & Pick<HelpArticleSummary, 'path' | 'kind' | 'title'>): HelpArticleSummary {
  return helpArticleSummarySchema.parse({ summary: '', section: '', position: 0, screen: null, steps: [], ...fields });
}
