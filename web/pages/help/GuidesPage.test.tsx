import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { HELP_PATHS, helpArticlesResponseSchema } from '@common/api/help';
import { useFeatureStore } from '../../features/useFeature';
import { refusal, serveApi, shaped } from '../../test/apiServer';
import { helpArticle } from '../../test/helpArticle';
import { renderPage } from '../../test/renderPage';
import GuidesPage from './GuidesPage';

const ARTICLES = `GET ${HELP_PATHS.articles}`;
const articles = shaped(helpArticlesResponseSchema, {
  articles: [
    helpArticle({ path: 'guides/bond-table', kind: 'guide', title: 'The bond table', summary: 'Every bond, priced.', section: 'Markets' }),
    helpArticle({ path: 'guides/calculator', kind: 'guide', title: 'The new-issue calculator', summary: 'Fair value for a deal.' }),
    helpArticle({ path: 'workflows/price-a-deal', kind: 'workflow', title: 'Price a new deal', steps: ['Open the calculator'] }),
    helpArticle({ path: 'articles/getting-started', kind: 'article', title: 'Getting started' }),
  ],
});

let server: ReturnType<typeof serveApi>;
beforeEach(() => {
  useFeatureStore.setState({ levels: { help: 2 } });
  server = serveApi({ [ARTICLES]: articles });
});
afterEach(() => useFeatureStore.getState().reset());
const linkTo = (name: string) => screen.getByRole('link', { name }).getAttribute('href');

describe('the guides page', () => {
  it('shows the guides by section when the help centre is on, one without a section under Other', async () => {
    renderPage(<GuidesPage />, { path: '/bw/help/guides', at: '/bw/help/guides' });
    await waitFor(() => expect(screen.getAllByTestId('help-list-item')).toHaveLength(2));
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual(['Markets', 'Other']);
    expect(linkTo('The bond table')).toBe('/bw/help/guides/bond-table');
    expect(linkTo('The new-issue calculator')).toBe('/bw/help/guides/calculator');
    expect(screen.getByText('Fair value for a deal.')).toBeTruthy();
    expect(linkTo('Step-by-step workflows')).toBe('/bw/help/workflows');
    expect(linkTo('Getting started')).toBe('/bw/help/articles/getting-started');
    expect(screen.queryByText('Price a new deal')).toBeNull();
    expect(server.calls.map((c) => `${c.method} ${c.path}${c.query.size ? `?${c.query}` : ''}`)).toEqual([ARTICLES]);
  });

  it('shows the server’s sentence when the articles cannot be read', async () => {
    server.answer(ARTICLES, refusal(503, 'Help is being updated. Try again in a minute.'));
    renderPage(<GuidesPage />, { path: '/bw/help/guides', at: '/bw/help/guides' });
    expect(await screen.findByText('Help is being updated. Try again in a minute.')).toBeTruthy();
    expect(screen.queryAllByTestId('help-list-item')).toEqual([]);
  });
});
