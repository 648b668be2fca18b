import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { HELP_PATHS, helpArticlesResponseSchema } from '@common/api/help';
import { useFeatureStore } from '../../features/useFeature';
import { serveApi, shaped } from '../../test/apiServer';
import { helpArticle } from '../../test/helpArticle';
import { renderPage } from '../../test/renderPage';
import WorkflowsPage from './WorkflowsPage';

const ARTICLES = `GET ${HELP_PATHS.articles}`;
const articles = shaped(helpArticlesResponseSchema, {
  articles: [
    helpArticle({ path: 'guides/bond-table', kind: 'guide', title: 'The bond table', section: 'Markets' }),
    helpArticle({
      path: 'workflows/price-a-deal',
      kind: 'workflow',
      title: 'Price a new deal',
      summary: 'From IPT to pricing.',
      section: 'Primary',
      steps: ['Open the calculator', 'Read the fair value', 'Save the sheet'],
    }),
    helpArticle({ path: 'articles/getting-started', kind: 'article', title: 'Getting started' }),
  ],
});

let server: ReturnType<typeof serveApi>;
beforeEach(() => {
  useFeatureStore.setState({ levels: { help: 2 } });
  server = serveApi({ [ARTICLES]: articles });
});
afterEach(() => useFeatureStore.getState().reset());

describe('the workflows page', () => {
  it('shows each workflow with its numbered steps when the help centre is on, and links to the guides', async () => {
    renderPage(<WorkflowsPage />, { path: '/bw/help/workflows', at: '/bw/help/workflows' });
    const items = await screen.findAllByTestId('help-list-item');
    expect(items).toHaveLength(1);
    const [workflow] = items;
    expect(within(workflow!).getByRole('link', { name: 'Price a new deal' }).getAttribute('href')).toBe('/bw/help/workflows/price-a-deal');
    expect(within(workflow!).getByText('From IPT to pricing.')).toBeTruthy();
    expect(
      within(workflow!)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Open the calculator', 'Read the fair value', 'Save the sheet']);
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual(['Primary']);
    expect(screen.getByRole('link', { name: 'A guide for every screen' }).getAttribute('href')).toBe('/bw/help/guides');
    expect(screen.getByRole('link', { name: 'Getting started' }).getAttribute('href')).toBe('/bw/help/articles/getting-started');
    expect(screen.queryByText('The bond table')).toBeNull();
    expect(server.calls.map((c) => `${c.method} ${c.path}${c.query.size ? `?${c.query}` : ''}`)).toEqual([ARTICLES]);
  });

  it('shows that help is not part of the access when the feature is off, and asks for nothing', async () => {
    useFeatureStore.getState().reset();
    renderPage(<WorkflowsPage />, { path: '/bw/help/workflows', at: '/bw/help/workflows' });
    expect((await screen.findByTestId('feature-unavailable')).textContent).toBe(
      'The help centre is not part of your access. Contact your administrator or support to have it switched on.',
    );
    expect(server.calls).toEqual([]);
  });
});
