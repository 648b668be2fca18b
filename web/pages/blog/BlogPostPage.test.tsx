import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BLOG_PATHS, type BlogPost, blogPostSchema } from '@common/api/blog';
import { useFeatureStore } from '../../features/useFeature';
import { refusal, serveApi, shaped } from '../../test/apiServer';
import { fieldError } from '../../test/fieldError';
import { renderPage } from '../../test/renderPage';
import BlogPostPage from './BlogPostPage';

const ROUTE = '/bw/blog/post/:postSlug';
const post: BlogPost = {
  id: 5,
  slug: 'bank-spreads-tighten',
  title: 'Bank spreads tighten',
  summary: 'What moved this week.',
  tags: ['banks', 'spreads'],
  coverImage: null,
  status: 'published',
  publishAt: '2026-11-20T15:30:00.000Z',
  public: true,
  author: { id: 'u-2', name: 'Ann Lee' },
  updatedAt: '2026-11-20T15:30:00.000Z',
  html: '<p>Spreads were <strong>8 bp</strong> tighter.</p>',
  markdown: 'Spreads were **8 bp** tighter.',
  version: 3,
  createdAt: '2026-11-19T10:00:00.000Z',
  shareUrl: 'https://bondwise.example/app/#/bw/blog/post/5',
  canEdit: false,
};

let server: ReturnType<typeof serveApi>;
beforeEach(() => {
  useFeatureStore.setState({ levels: { blog: 2 }, known: true });
  server = serveApi({ [`GET ${BLOG_PATHS.post({ ref: 'bank-spreads-tighten' })}`]: shaped(blogPostSchema, post) });
});
afterEach(() => useFeatureStore.getState().reset());

describe('a blog post', () => {
  it('shows the title, author, date, tags linking to the list, the body and its share link', async () => {
    renderPage(<BlogPostPage />, { path: ROUTE, at: '/bw/blog/post/bank-spreads-tighten' });
    expect((await screen.findByTestId('blog-post-title')).textContent).toBe('Bank spreads tighten');
    expect(screen.getByText(/^Ann Lee · Nov 20, 2026,/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'spreads' }).getAttribute('href')).toBe('/bw/blog?tag=spreads');
    expect(screen.getByTestId('blog-post-body').textContent).toBe('Spreads were 8 bp tighter.');
    expect(within(screen.getByTestId('blog-post-body')).getByText('8 bp').tagName).toBe('STRONG');
    expect(screen.getByTestId('blog-share').getAttribute('data-share-url')).toBe('https://bondwise.example/app/#/bw/blog/post/5');
    // A reader cannot edit.
    expect(screen.queryByTestId('blog-edit')).toBeNull();
  });

  it('a former slug moves the address to the current one; an id (a share link) stays', async () => {
    server.answer(`GET ${BLOG_PATHS.post({ ref: 'banks-tighter' })}`, shaped(blogPostSchema, post));
    const { router } = renderPage(<BlogPostPage />, { path: ROUTE, at: '/bw/blog/post/banks-tighter' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/bw/blog/post/bank-spreads-tighten'));

    server.answer(`GET ${BLOG_PATHS.post({ ref: '5' })}`, shaped(blogPostSchema, post));
    const byId = renderPage(<BlogPostPage />, { path: ROUTE, at: '/bw/blog/post/5' });
    await waitFor(() => expect(byId.getAllByTestId('blog-post-title').length).toBeGreaterThan(0));
    expect(byId.router.state.location.pathname).toBe('/bw/blog/post/5');
  });

  it('its author or an admin may edit; a draft says so', async () => {
    server.answer(
      `GET ${BLOG_PATHS.post({ ref: 'bank-spreads-tighten' })}`,
      shaped(blogPostSchema, { ...post, canEdit: true, status: 'draft', publishAt: null }),
    );
    renderPage(<BlogPostPage />, { path: ROUTE, at: '/bw/blog/post/bank-spreads-tighten' });
    expect((await screen.findByTestId('blog-edit')).textContent).toBe('Edit');
    expect(screen.getByText('draft')).toBeTruthy();
    expect(screen.getByText('Ann Lee · not scheduled')).toBeTruthy();
  });

  it('an unknown post says it does not exist; a refusal says the blog is not part of the access', async () => {
    renderPage(<BlogPostPage />, { path: ROUTE, at: '/bw/blog/post/nope' });
    expect((await screen.findByTestId('blog-not-found')).textContent).toBe('This post does not exist or is not published.');

    server.answer(`GET ${BLOG_PATHS.post({ ref: 'secret' })}`, refusal(403, 'The blog is not part of your access.'));
    renderPage(<BlogPostPage />, { path: ROUTE, at: '/bw/blog/post/secret' });
    expect(await screen.findByTestId('feature-unavailable')).toBeTruthy();
  });
});

describe('editing a blog post', () => {
  const PATCH = `PATCH ${BLOG_PATHS.postById({ id: 5 })}`;
  const openEditor = async () => {
    server.answer(`GET ${BLOG_PATHS.post({ ref: 'bank-spreads-tighten' })}`, shaped(blogPostSchema, { ...post, canEdit: true }));
    renderPage(<BlogPostPage />, { path: ROUTE, at: '/bw/blog/post/bank-spreads-tighten' });
    fireEvent.click(await screen.findByTestId('blog-edit'));
    await screen.findByTestId('blog-editor');
  };
  const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
  const save = () => fireEvent.click(screen.getByTestId('blog-save'));

  it('a cover image that is not an address is refused under it, in the server’s sentence, and nothing is sent', async () => {
    await openEditor();
    type('Cover image', 'cover.png');
    save();
    await waitFor(() => expect(fieldError(screen.getByLabelText('Cover image'))).toContain('Cover image must be a full http(s) address.'));
    expect(server.callsTo(PATCH)).toHaveLength(0);
    expect(screen.queryByTestId('blog-editor-error')).toBeNull();
  });

  it('a slug the contract refuses is refused under it before anything is sent', async () => {
    await openEditor();
    type('Slug', 'Bank Spreads!');
    save();
    await waitFor(() =>
      expect(fieldError(screen.getByLabelText('Slug'))).toContain(
        'Slug must be lower-case letters, digits and single hyphens (e.g. weekly-credit-notes).',
      ),
    );
    expect(server.callsTo(PATCH)).toHaveLength(0);
  });

  it('saving sends every field as the contract takes it, with the version the post was read at', async () => {
    const saved = shaped(blogPostSchema, { ...post, title: 'Bank spreads tighten again', version: 4, canEdit: true });
    await openEditor();
    server.answer(PATCH, () => {
      server.answer(`GET ${BLOG_PATHS.post({ ref: 'bank-spreads-tighten' })}`, saved);
      return saved;
    });
    fireEvent.change(screen.getByTestId('blog-title'), { target: { value: '  Bank spreads tighten again ' } });
    save();
    await waitFor(() => expect(server.callsTo(PATCH)).toHaveLength(1));
    expect(server.callsTo(PATCH)[0]!.body).toEqual({
      title: 'Bank spreads tighten again',
      slug: 'bank-spreads-tighten',
      summary: 'What moved this week.',
      tags: ['banks', 'spreads'],
      coverImage: null,
      markdown: 'Spreads were **8 bp** tighter.',
      status: 'published',
      publishAt: '2026-11-20T15:30:00.000Z',
      public: true,
      version: 3,
    });
    expect((await screen.findByTestId('blog-post-title')).textContent).toBe('Bank spreads tighten again');
  });

  it('a 400 naming the cover image shows under it, not on the editor’s error line', async () => {
    server.answer(PATCH, refusal(400, 'Invalid body.coverImage: choose an image from the media library (its public link)'));
    await openEditor();
    type('Cover image', 'https://elsewhere.example/cover.png');
    save();
    await waitFor(() =>
      expect(fieldError(screen.getByLabelText('Cover image'))).toContain('Choose an image from the media library (its public link).'),
    );
    expect(screen.queryByTestId('blog-editor-error')).toBeNull();
  });

  it('a slug another post has (409) shows under the slug', async () => {
    server.answer(PATCH, refusal(409, 'Invalid body.slug: is already used by another post (bank-spreads)'));
    await openEditor();
    type('Slug', 'bank-spreads');
    save();
    await waitFor(() =>
      expect(fieldError(screen.getByLabelText('Slug'))).toContain('Slug is already used by another post (bank-spreads).'),
    );
    expect(screen.queryByTestId('blog-editor-error')).toBeNull();
  });

  it('a refusal that names no field is said on the editor’s error line', async () => {
    server.answer(PATCH, refusal(409, 'This post was changed meanwhile: read it again.'));
    await openEditor();
    save();
    expect((await screen.findByTestId('blog-editor-error')).textContent).toBe('This post was changed meanwhile: read it again.');
  });
});
