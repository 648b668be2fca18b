import type { PolicyCaller } from './caller';

/**
 * Blog posts are not shared items: admins and the users an admin marks as authors write them,
 * and a post is changed by its author or an admin (or by a colleague the author shares it with
 * to edit — server/services/content/blog/write.ts asks the share first).
 */

/** Whether the caller may write posts: an admin, or a user an admin marked as a blog author. */
export function mayWriteBlog(caller: PolicyCaller, markedAuthor: boolean): boolean {
  return caller.isAdmin || markedAuthor;
}

/** Whether the caller may change a post as its writer: its author or an admin. */
export function canEditBlogPost(caller: PolicyCaller, post: { authorId: string | null }): boolean {
  return caller.isAdmin || post.authorId === caller.userId;
}
