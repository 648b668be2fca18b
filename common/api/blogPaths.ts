import { path } from './path';

/** The blog API's paths (common/api/blog.ts has the contract). */
export const BLOG_PATHS = {
  posts: '/v2/blog/posts',
  /** GET by slug or id. */
  post: path('/v2/blog/posts/:ref'),
  /** PATCH: an edit names the post by id. */
  postById: path('/v2/blog/posts/:id'),
  manage: '/v2/blog/manage',
  feed: '/v2/blog/feed.atom',
  adminAuthors: '/admin/blog/authors',
  adminAuthor: path('/admin/blog/authors/:id'),
} as const;
