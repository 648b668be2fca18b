import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { HELP_PATHS, helpArticlesResponseSchema, searchResponseSchema } from '@common/api/help';
import { useFeatureStore } from '../../features/useFeature';
import { serveApi, shaped } from '../../test/apiServer';
import { helpArticle } from '../../test/helpArticle';
import { renderPage } from '../../test/renderPage';
import { HelpListPage } from './HelpListPage';

const SEARCH = `GET ${HELP_PATHS.search}`;
const articles = shaped(helpArticlesResponseSchema, {
  articles: [
    helpArticle({ path: 'guides/bond-table', kind: 'guide', title: 'The bond table', summary: 'Every bond, priced.', section: 'Markets' }),
    helpArticle({ path: 'guides/new-issues', kind: 'guide', title: 'New issues', summary: 'The calendar.', section: 'Primary' }),
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
  server = serveApi({
    [`GET ${HELP_PATHS.articles}`]: articles,
    [SEARCH]: shaped(searchResponseSchema, {
      results: [
        {
          type: 'blog',
          route: '/bw/blog/post/bank-spreads-tighten',
          title: 'Bank spreads tighten',
          snippet: 'Bank «spreads» were 8 bp tighter',
          rank: 0.9,
        },
      ],
    }),
  });
});
afterEach(() => useFeatureStore.getState().reset());

describe('the help lists', () => {
  it('guides by section, each linked, with the other articles beside them', async () => {
    renderPage(<HelpListPage kind="guide" />);
    await waitFor(() => expect(screen.getAllByTestId('help-list-item')).toHaveLength(2));
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual(['Markets', 'Primary']);
    expect(screen.getByRole('link', { name: 'The bond table' }).getAttribute('href')).toBe('/bw/help/guides/bond-table');
    expect(screen.getByText('Every bond, priced.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Getting started' }).getAttribute('href')).toBe('/bw/help/articles/getting-started');
    expect(screen.getByRole('link', { name: 'Step-by-step workflows' }).getAttribute('href')).toBe('/bw/help/workflows');
    expect(screen.queryByText('Price a new deal')).toBeNull();
  });

  it('workflows with their numbered steps', async () => {
    renderPage(<HelpListPage kind="workflow" />);
    const [item] = await screen.findAllByTestId('help-list-item');
    expect(
      within(item!)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Open the calculator', 'Read the fair value', 'Save the sheet']);
    expect(within(item!).getByRole('link', { name: 'Price a new deal' }).getAttribute('href')).toBe('/bw/help/workflows/price-a-deal');
  });

  it('the search box asks the server and lists what matches, the matched words marked', async () => {
    renderPage(<HelpListPage kind="guide" />);
    fireEvent.change(await screen.findByTestId('help-search'), { target: { value: ' spreads ' } });
    const result = await screen.findByTestId('help-search-result');
    expect(within(result).getByRole('link', { name: 'Bank spreads tighten' }).getAttribute('href')).toBe(
      '/bw/blog/post/bank-spreads-tighten',
    );
    expect(within(result).getByText('Blog')).toBeTruthy();
    expect(within(result).getByText('spreads').tagName).toBe('MARK');
    expect(Object.fromEntries(server.callsTo(SEARCH)[0]!.query)).toEqual({ q: 'spreads', limit: '10' });
  });

  it('without the help feature the page says so and asks for nothing', async () => {
    useFeatureStore.getState().reset();
    renderPage(<HelpListPage kind="guide" />);
    expect((await screen.findByTestId('feature-unavailable')).textContent).toMatch(/^The help centre is not part of your access\./);
    expect(server.calls).toEqual([]);
  });
});
