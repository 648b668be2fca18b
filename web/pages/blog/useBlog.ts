import { useDebouncedCallback } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { BLOG_PATHS, type BlogPost, type BlogPostList } from '@common/api/blog';
import { apiKey, useApiQuery } from '../../api/queries';
import { useNow } from '../../clock/clock';
import { useFeature } from '../../features/useFeature';
import { useUrlChoices } from '../../routing/urlChoices';
import { useUserInfo } from '../../session/userInfo';
import { blogListQuery, unpublishedPosts } from './blogView';

/**
 * The blog's choices, held in the URL (?tag, ?q, ?page), the search box's text, the published
 * list, and for authors their unpublished posts and the new-post editor.
 */
export function useBlog() {
  const enabled = useFeature('blog');
  const now = useNow();
  const { params, setChoices: set } = useUrlChoices();
  const navigate = useNavigate();
  const client = useQueryClient();
  const tag = params.get('tag') ?? '';
  const q = params.get('q') ?? '';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const [text, setText] = useState(q);
  const [writing, setWriting] = useState(false);
  const list = useApiQuery<BlogPostList>(enabled ? BLOG_PATHS.posts : null, { query: blogListQuery(tag, q, page) });
  // The authors' list only for authors: a reader's page asks nothing it would be refused.
  const isAuthor = useUserInfo().data?.blogAuthor === true;
  const mine = useApiQuery<BlogPostList>(enabled && isAuthor ? BLOG_PATHS.manage : null, { query: { pageSize: 50 }, retry: false });
  const search = useDebouncedCallback((value: string) => set({ q: value.trim() || null, page: null }), 300);
  return {
    enabled,
    tag,
    q,
    page,
    set,
    text,
    /** Types into the search box; the URL's ?q follows after a pause. */
    editText: (value: string) => {
      setText(value);
      search(value);
    },
    writing,
    setWriting,
    list,
    data: list.data,
    author: mine.isSuccess,
    unpublished: unpublishedPosts(mine.data?.posts ?? [], now()),
    /** A new post saved: both lists are stale, and the reader goes to the post. */
    onPostSaved: (post: BlogPost) => {
      void client.invalidateQueries({ queryKey: apiKey(BLOG_PATHS.posts) });
      void client.invalidateQueries({ queryKey: apiKey(BLOG_PATHS.manage) });
      void navigate(`/bw/blog/post/${post.slug}`);
    },
  };
}

export type BlogState = ReturnType<typeof useBlog>;
