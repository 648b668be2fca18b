import { Pagination, Stack, Text, Title } from '@mantine/core';
import { apiErrorText } from '../../api/errorText';
import { PostCard } from './PostCard';
import type { BlogState } from './useBlog';

/** The published posts of this page with the pager, then an author's unpublished posts. */
export function BlogListing({ state }: { state: BlogState }) {
  const { list, data, q, tag, page, set, author, unpublished } = state;
  return (
    <>
      {list.isError && <Text c="red">{apiErrorText(list.error)}</Text>}
      {data && data.posts.length === 0 && <Text c="dimmed">No posts{q || tag ? ' match' : ' yet'}.</Text>}
      {data?.posts.map((p) => (
        <PostCard key={p.id} post={p} />
      ))}
      {data && data.total > data.pageSize && (
        <Pagination
          total={Math.ceil(data.total / data.pageSize)}
          value={page}
          onChange={(p) => set({ page: String(p) })}
          data-testid="blog-pages"
        />
      )}
      {author && unpublished.length > 0 && (
        <Stack gap={6} mt="md" data-testid="blog-my-drafts">
          <Title order={2} size="h4">
            Drafts, scheduled and archived
          </Title>
          {unpublished.map((p) => (
            <PostCard key={p.id} post={p} showStatus />
          ))}
        </Stack>
      )}
    </>
  );
}
