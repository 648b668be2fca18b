/** The blog API's paths (common/api/blog.ts has the contract). */
export const BLOG_PATHS = {
  posts: '/v2/blog/posts',
  post: (ref: string | number) => `/v2/blog/posts/${encodeURIComponent(String(ref))}`,
  manage: '/v2/blog/manage',
  feed: '/v2/blog/feed.atom',
  adminAuthors: '/admin/blog/authors',
  adminAuthor: (userId: string) => `/admin/blog/authors/${encodeURIComponent(userId)}`,
} as const;
