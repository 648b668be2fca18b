/**
 * /bw/blog: published posts, newest first, with a tag filter, search and paging — all in the URL
 * (?tag=banks&q=spread&page=2). Authors (the server says who: GET /v2/blog/manage answers them)
 * also see their drafts and scheduled posts and can write a new one.
 */
import { Button, Card, Group, Stack } from '@mantine/core';
import { PageTitle } from '../../components/PageTitle';
import { FeatureUnavailable } from '../../components/content/FeatureUnavailable';
import { BlogEditor } from './BlogEditor';
import { BlogFilters } from './BlogFilters';
import { BlogListing } from './BlogListing';
import { useBlog } from './useBlog';

export default function BlogPage() {
  const state = useBlog();
  const { enabled, author, writing, setWriting, onPostSaved } = state;
  if (!enabled) return <FeatureUnavailable what="The blog" />;
  return (
    <Stack gap="sm" maw={960} data-testid="blog-page">
      <Group justify="space-between">
        <PageTitle />
        {author && !writing && (
          <Button size="xs" onClick={() => setWriting(true)} data-testid="blog-new">
            Write a post
          </Button>
        )}
      </Group>
      {writing && (
        <Card withBorder padding="md">
          <BlogEditor onCancel={() => setWriting(false)} onSaved={onPostSaved} />
        </Card>
      )}
      <BlogFilters state={state} />
      <BlogListing state={state} />
    </Stack>
  );
}
