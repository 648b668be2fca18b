import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { HELP_PATHS, type HelpArticle, helpArticleSchema } from '@common/api/help';
import { useFeatureStore } from '../../features/useFeature';
import { type ApiCall, refusal, serveApi, shaped } from '../../test/apiServer';
import { renderPage } from '../../test/renderPage';
import HelpArticlePage from './HelpArticlePage';

const ARTICLE = `GET ${HELP_PATHS.article}`;
const ROUTE = '/bw/help/*';
const workflow: HelpArticle = {
  path: 'workflows/price-a-deal',
  kind: 'workflow',
  title: 'Price a new deal',
  summary: 'From IPT to pricing.',
  section: 'Primary',
  position: 1,
  screen: '/bw/primary/calculator',
  steps: ['Open the calculator', 'Read the fair value'],
  html: '<h2>Before you start</h2><p>Have the <em>issuer curve</em> at hand.</p>',
  updatedAt: '2026-11-01T10:00:00.000Z',
};

let server: ReturnType<typeof serveApi>;
beforeEach(() => {
  useFeatureStore.setState({ levels: { help: 2 } });
  // The server knows one article; any other path is a 404 with its sentence.
  server = serveApi({
    [ARTICLE]: (call: ApiCall) =>
      call.query.get('path') === workflow.path ? shaped(helpArticleSchema, workflow) : refusal(404, 'No help article at this path.'),
  });
});
afterEach(() => useFeatureStore.getState().reset());

describe('a help article', () => {
  it('asks for its path and shows the title, kind, steps, the body and a link to its screen, under breadcrumbs', async () => {
    renderPage(<HelpArticlePage />, { path: ROUTE, at: '/bw/help/workflows/price-a-deal' });
    expect((await screen.findByTestId('help-article-title')).textContent).toBe('Price a new deal');
    expect(Object.fromEntries(server.callsTo(ARTICLE)[0]!.query)).toEqual({ path: 'workflows/price-a-deal' });
    expect(screen.getByText('Workflow')).toBeTruthy();
    expect(screen.getByText('From IPT to pricing.')).toBeTruthy();
    expect(
      within(screen.getByTestId('workflow-steps'))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Open the calculator', 'Read the fair value']);
    expect(screen.getByTestId('help-article-body').textContent).toBe('Before you startHave the issuer curve at hand.');
    expect(screen.getByRole('link', { name: 'Open the screen' }).getAttribute('href')).toBe('/bw/primary/calculator');
    expect(screen.getByRole('link', { name: 'workflows' }).getAttribute('href')).toBe('/bw/help/workflows');
  });

  it('an unknown path says there is no article there', async () => {
    renderPage(<HelpArticlePage />, { path: ROUTE, at: '/bw/help/guides/nothing-here' });
    expect((await screen.findByTestId('help-not-found')).textContent).toBe(
      'There is no help article at “guides/nothing-here”. Try the search above, or the list of guides.',
    );
  });

  it('a path that cannot be an article is not asked of the server', async () => {
    renderPage(<HelpArticlePage />, { path: ROUTE, at: '/bw/help/Guides/..%2Fsecret' });
    await screen.findByTestId('help-not-found');
    expect(server.callsTo(ARTICLE)).toEqual([]);
  });
});
