import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BLOG_PATHS, type BlogPostSummary, blogPostListSchema, blogPostSchema } from '@common/api/blog';
import { USER_PATHS } from '@common/api/user';
import { useFeatureStore } from '../../features/useFeature';
import { makeUserInfo } from '../../session/fixtures';
import { makeJwt } from '../../session/testTokens';
import { useSession } from '../../stores/session';
import { type ApiCall, refusal, serveApi, shaped } from '../../test/apiServer';
import { fieldError } from '../../test/fieldError';
import { renderPage } from '../../test/renderPage';
import BlogPage from './BlogPage';

const POSTS = `GET ${BLOG_PATHS.posts}`;
const post = (fields: Partial<BlogPostSummary> & Pick<BlogPostSummary, 'id' | 'slug' | 'title'>): BlogPostSummary => ({
  summary: 'What moved this week.',
  tags: ['banks'],
  coverImage: null,
  status: 'published',
  publishAt: '2026-11-20T15:30:00.000Z',
  public: true,
  author: { id: 'u-2', name: 'Ann Lee' },
  updatedAt: '2026-11-20T15:30:00.000Z',
  ...fields,
});
const banks = post({ id: 5, slug: 'bank-spreads-tighten', title: 'Bank spreads tighten', tags: ['banks', 'spreads'] });
const utilities = post({
  id: 4,
  slug: 'utility-supply',
  title: 'Utility supply returns',
  tags: ['utilities'],
  author: null,
  summary: 'A busy calendar.',
});
/** The server's list: filtered by tag, 10 a page, 23 posts in all. */
const list = (call: ApiCall) => {
  const tag = call.query.get('tag');
  const posts = [banks, utilities].filter((p) => !tag || p.tags.includes(tag));
  return shaped(blogPostListSchema, {
    posts,
    total: tag ? posts.length : 23,
    page: Number(call.query.get('page') ?? 1),
    pageSize: 10,
    tags: [
      { tag: 'banks', count: 7 },
      { tag: 'utilities', count: 3 },
    ],
  });
};

let server: ReturnType<typeof serveApi>;
beforeEach(() => {
  useFeatureStore.setState({ levels: { blog: 2 } });
  server = serveApi({ [POSTS]: list });
});
afterEach(() => useFeatureStore.getState().reset());
const cards = () => screen.getAllByTestId('blog-post-card');

describe('the blog', () => {
  it('lists the posts with author, tags and summary, the tags with their counts, and pages', async () => {
    renderPage(<BlogPage />);
    await waitFor(() => expect(cards()).toHaveLength(2));
    const [first, second] = cards();
    expect(within(first!).getByRole('link', { name: 'Bank spreads tighten' }).getAttribute('href')).toBe(
      '/bw/blog/post/bank-spreads-tighten',
    );
    expect(within(first!).getByText(/^Ann Lee · Nov 20, 2026,/)).toBeTruthy();
    expect(within(first!).getByText('What moved this week.')).toBeTruthy();
    expect(within(first!).getByText('spreads')).toBeTruthy();
    // No author: the house's post.
    expect(within(second!).getByText(/^Bondwise · /)).toBeTruthy();
    expect(screen.getByTestId('blog-tags-filter').textContent).toBe('banks (7)utilities (3)');
    // 23 posts, 10 a page: three pages.
    expect(within(screen.getByTestId('blog-pages')).getByRole('button', { name: '3' })).toBeTruthy();
    expect(Object.fromEntries(server.callsTo(POSTS)[0]!.query)).toEqual({ page: '1', pageSize: '10' });
  });

  it('a tag, a search and a page are asked of the server and kept in the URL', async () => {
    const { router } = renderPage(<BlogPage />);
    await waitFor(() => expect(cards()).toHaveLength(2));
    fireEvent.click(within(screen.getByTestId('blog-tags-filter')).getByText('utilities (3)'));
    await waitFor(() => expect(cards()).toHaveLength(1));
    expect(Object.fromEntries(server.callsTo(POSTS).at(-1)!.query)).toEqual({ tag: 'utilities', page: '1', pageSize: '10' });
    fireEvent.change(screen.getByTestId('blog-search'), { target: { value: ' supply ' } });
    await waitFor(() => expect(server.callsTo(POSTS).at(-1)!.query.get('q')).toBe('supply'));
    expect(new URLSearchParams(router.state.location.search).get('tag')).toBe('utilities');
    expect(new URLSearchParams(router.state.location.search).get('q')).toBe('supply');
  });

  it('page 2 of the URL is the page asked', async () => {
    renderPage(<BlogPage />, { at: '/?page=2' });
    await waitFor(() => expect(cards()).toHaveLength(2));
    expect(server.callsTo(POSTS)[0]!.query.get('page')).toBe('2');
  });

  it('without the blog feature the page says so and asks for nothing', async () => {
    useFeatureStore.getState().reset();
    renderPage(<BlogPage />);
    expect((await screen.findByTestId('feature-unavailable')).textContent).toMatch(/^The blog is not part of your access\./);
    expect(server.calls).toEqual([]);
  });
});

describe('writing a new post', () => {
  const CREATE = `POST ${BLOG_PATHS.posts}`;
  beforeEach(() => {
    // An author: the server answers their list of posts to manage.
    useSession.getState().setSession({ accessToken: makeJwt({ sub: 'u-1', scope: 'user' }) });
    server.answer(`GET ${USER_PATHS.user({ id: 'u-1' })}`, makeUserInfo({ blogAuthor: true }));
    server.answer(`GET ${BLOG_PATHS.manage}`, shaped(blogPostListSchema, { posts: [], total: 0, page: 1, pageSize: 50, tags: [] }));
  });
  afterEach(() => useSession.getState().clear());
  const openEditor = async () => {
    renderPage(<BlogPage />);
    fireEvent.click(await screen.findByTestId('blog-new'));
    await screen.findByTestId('blog-editor');
  };
  const save = () => fireEvent.click(screen.getByTestId('blog-save'));

  it('a tag the contract refuses is refused under the tags, in the server’s sentence, and nothing is sent', async () => {
    await openEditor();
    fireEvent.change(screen.getByTestId('blog-title'), { target: { value: 'Week ahead' } });
    const tags = screen.getByTestId('blog-tags');
    // Pasted, as a list of tags is: each becomes a pill.
    fireEvent.paste(tags, { clipboardData: { getData: () => 'banks, rates/fx' } });
    save();
    await waitFor(() => expect(fieldError(tags)).toBe('Each tag may use only letters, digits, spaces and hyphens, up to 30 characters.'));
    expect(server.callsTo(CREATE)).toHaveLength(0);
  });

  it('a new post is sent with the contract’s defaults filled in and no slug, for the server to make', async () => {
    server.answer(
      CREATE,
      shaped(blogPostSchema, {
        ...banks,
        id: 9,
        slug: 'week-ahead',
        title: 'Week ahead',
        status: 'draft',
        html: '<p>Supply.</p>',
        markdown: 'Supply.',
        version: 1,
        createdAt: '2026-11-28T10:00:00.000Z',
        shareUrl: 'https://bondwise.example/app/#/bw/blog/post/9',
        canEdit: true,
      }),
    );
    await openEditor();
    fireEvent.change(screen.getByTestId('blog-title'), { target: { value: 'Week ahead' } });
    fireEvent.change(screen.getByTestId('blog-markdown'), { target: { value: 'Supply.' } });
    save();
    await waitFor(() => expect(server.callsTo(CREATE)).toHaveLength(1));
    expect(server.callsTo(CREATE)[0]!.body).toEqual({
      title: 'Week ahead',
      summary: '',
      tags: [],
      coverImage: null,
      markdown: 'Supply.',
      status: 'draft',
      publishAt: null,
      public: false,
    });
  });

  it('a 400 naming the title shows under it', async () => {
    server.answer(CREATE, refusal(400, 'Invalid body.title: Too big: expected string to have <=160 characters'));
    await openEditor();
    fireEvent.change(screen.getByTestId('blog-title'), { target: { value: 'Week ahead' } });
    save();
    await waitFor(() => expect(fieldError(screen.getByTestId('blog-title'))).toBe('Title must be at most 160 characters.'));
    expect(screen.queryByTestId('blog-editor-error')).toBeNull();
  });
});
