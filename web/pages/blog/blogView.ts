import type { BlogPostSummary } from '@common/api/blog';

export const PAGE_SIZE = 10;

/** The list request's query: only the filters that are set, and the page. */
export function blogListQuery(tag: string, q: string, page: number) {
  return { ...(tag ? { tag } : {}), ...(q ? { q } : {}), page, pageSize: PAGE_SIZE };
}

/** Published with a publish time still ahead: readers do not see it yet. */
function isScheduled(post: BlogPostSummary, nowMs: number): boolean {
  return post.status === 'published' && !!post.publishAt && Date.parse(post.publishAt) > nowMs;
}

/** An author's posts readers cannot see: drafts, archived, and published ones scheduled for later. */
export function unpublishedPosts(posts: BlogPostSummary[], nowMs: number): BlogPostSummary[] {
  return posts.filter((p) => p.status !== 'published' || isScheduled(p, nowMs));
}

/** The status badge's word: the post's status, or "scheduled" for one published for later. */
export function postStatusLabel(post: BlogPostSummary, nowMs: number): string {
  return isScheduled(post, nowMs) ? 'scheduled' : post.status;
}
