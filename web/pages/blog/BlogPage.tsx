/**
 * /bw/blog: published posts, newest first, with a tag filter, search and paging — all in the URL
 * (?tag=banks&q=spread&page=2). Authors (the server says who: GET /v2/blog/manage answers them)
 * also see their drafts and scheduled posts and can write a new one.
 */
import { Anchor, Badge, Button, Card, Chip, Group, Image, Pagination, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { BLOG_PATHS, type BlogPostList, type BlogPostSummary } from '@common/api/blog';
import { formatDate } from '@common/format';
import { apiErrorText } from '../../api/errorText';
import { apiKey, useApiQuery } from '../../api/queries';
import { useUrlChoices } from '../../routing/urlChoices';
import { PageTitle } from '../../components/PageTitle';
import { useFeature } from '../../features/useFeature';
import { useUserInfo } from '../../session/userInfo';
import { FeatureUnavailable } from '../../components/content/FeatureUnavailable';
import { BlogEditor } from './BlogEditor';
import { useNow } from '../../clock/clock';

const PAGE_SIZE = 10;

function PostCard({ post, showStatus }: { post: BlogPostSummary; showStatus?: boolean }) {
  const now = useNow();
  return (
    <Card withBorder padding="sm" data-testid="blog-post-card">
      <Group align="flex-start" wrap="nowrap">
        {post.coverImage && <Image src={post.coverImage} alt="" w={120} h={72} fit="cover" radius="sm" />}
        <Stack gap={2}>
          <Anchor component={Link} to={`/bw/blog/post/${post.slug}`} fw={600}>
            {post.title}
          </Anchor>
          <Text size="xs" c="dimmed">
            {post.author?.name ?? 'Bondwise'} · {post.publishAt ? formatDate(post.publishAt) : 'not scheduled'}
            {showStatus && (
              <Badge size="xs" ml={6} variant="light" color={post.status === 'published' ? 'teal' : 'gray'}>
                {post.status === 'published' && post.publishAt && Date.parse(post.publishAt) > now() ? 'scheduled' : post.status}
              </Badge>
            )}
          </Text>
          <Text size="sm">{post.summary}</Text>
          <Group gap={4}>
            {post.tags.map((t) => (
              <Badge key={t} size="xs" variant="outline">
                {t}
              </Badge>
            ))}
          </Group>
        </Stack>
      </Group>
    </Card>
  );
}

export default function BlogPage() {
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
  const query = { ...(tag ? { tag } : {}), ...(q ? { q } : {}), page, pageSize: PAGE_SIZE };
  const list = useApiQuery<BlogPostList>(enabled ? BLOG_PATHS.posts : null, { query });
  // The authors' list only for authors: a reader's page asks nothing it would be refused.
  const isAuthor = useUserInfo().data?.blogAuthor === true;
  const mine = useApiQuery<BlogPostList>(enabled && isAuthor ? BLOG_PATHS.manage : null, { query: { pageSize: 50 }, retry: false });
  const search = useDebouncedCallback((value: string) => set({ q: value.trim() || null, page: null }), 300);
  if (!enabled) return <FeatureUnavailable what="The blog" />;
  const data = list.data;
  const author = mine.isSuccess;
  const unpublished = (mine.data?.posts ?? []).filter((p) => p.status !== 'published' || (p.publishAt && Date.parse(p.publishAt) > now()));
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
          <BlogEditor
            onCancel={() => setWriting(false)}
            onSaved={(post) => {
              void client.invalidateQueries({ queryKey: apiKey(BLOG_PATHS.posts) });
              void client.invalidateQueries({ queryKey: apiKey(BLOG_PATHS.manage) });
              void navigate(`/bw/blog/post/${post.slug}`);
            }}
          />
        </Card>
      )}
      <TextInput
        placeholder="Search posts"
        aria-label="Search posts"
        value={text}
        onChange={(e) => {
          setText(e.currentTarget.value);
          search(e.currentTarget.value);
        }}
        data-testid="blog-search"
      />
      {data && data.tags.length > 0 && (
        <Chip.Group multiple={false} value={tag} onChange={(v) => set({ tag: v === tag || !v ? null : v, page: null })}>
          <Group gap={4} data-testid="blog-tags-filter">
            {data.tags.map((t) => (
              <Chip key={t.tag} value={t.tag} size="xs" onClick={() => t.tag === tag && set({ tag: null, page: null })}>
                {t.tag} ({t.count})
              </Chip>
            ))}
          </Group>
        </Chip.Group>
      )}
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
    </Stack>
  );
}
