/** Routes of the route table (web/routes.tsx): the help centre and the blog. */
import { BLOG_PATHS } from '@common/api/blogPaths';
import type { RouteDef } from '../routeDef';

/** Help guides, workflows and articles; the blog list and a post (opened early from a shared link: `prefetch`, `beforeUserInfo`). */
export const CONTENT_ROUTES: readonly RouteDef[] = [
  { path: '/bw/help/guides', title: 'Guides', access: 'user', menu: 'help', page: () => import('../../pages/help/GuidesPage') },
  { path: '/bw/help/workflows', title: 'Workflows', access: 'user', menu: 'help', page: () => import('../../pages/help/WorkflowsPage') },
  { path: '/bw/help/*', title: 'Help', access: 'user', page: () => import('../../pages/help/HelpArticlePage') },
  { path: '/bw/blog', title: 'Blog', access: 'user', menu: 'blog', page: () => import('../../pages/blog/BlogPage') },
  {
    path: '/bw/blog/post/:postSlug',
    title: 'Blog post',
    access: 'user',
    page: () => import('../../pages/blog/BlogPostPage'),
    prefetch: (p) => [BLOG_PATHS.post({ ref: p.postSlug ?? '' })],
    beforeUserInfo: true,
  },
];
