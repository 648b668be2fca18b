import { Anchor, Badge, Card, Group, Image, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { BlogPostSummary } from '@common/api/blog';
import { formatDate } from '@common/format';
import { useNow } from '../../clock/clock';
import { postStatusLabel } from './blogView';

export function PostCard({ post, showStatus }: { post: BlogPostSummary; showStatus?: boolean }) {
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
                {postStatusLabel(post, now())}
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
