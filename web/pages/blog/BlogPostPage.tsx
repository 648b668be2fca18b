/**
 * /bw/blog/post/{postSlug}: one post by slug, former slug (the address is replaced with the
 * current slug) or id (the form share links use, spec §2). The body is the server's sanitised
 * HTML; the share button copies the hash-route link and, for the post's author with the
 * sharing_collaboration feature, opens the share dialog to name colleagues (the server decides who
 * may share: the author only); its author or an admin can edit it here.
 */
import { Alert, Anchor, Badge, Button, Card, Group, Image, Loader, Stack, Text, Title } from '@mantine/core';
import { useClipboard } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { BLOG_PATHS, type BlogPost } from '@common/api/blog';
import { formatDate } from '@common/format';
import { ApiError } from '../../api/client';
import { apiErrorText } from '../../api/errorText';
import { apiKey, rereadEverything, useApiQuery } from '../../api/queries';
import { SafeHtml } from '../../components/content/SafeHtml';
import { useFeature, useFeatureStore } from '../../features/useFeature';
import { userIdFromToken } from '../../session/tokens';
import { useSession } from '../../stores/session';
import { FeatureUnavailable } from '../../components/content/FeatureUnavailable';

// Only authors editing need the form (and its inputs): readers opening a link do not download it.
const BlogEditor = lazy(() => import('./BlogEditor').then((m) => ({ default: m.BlogEditor })));
// Likewise the share dialog (its colleague picker: six files), opened only by the post's author.
const ShareDialog = lazy(() => import('../../components/share/ShareButton').then((m) => ({ default: m.ShareDialog })));

/** Copies the post's §2 link; its author (with sharing_collaboration) also gets the share dialog. */
function PostShareButton({ post }: { post: BlogPost }) {
  const collaborate = useFeature('sharing_collaboration');
  const userId = useSession((s) => userIdFromToken(s.accessToken));
  const clipboard = useClipboard({ timeout: 2000 });
  const [open, setOpen] = useState(false);
  const withColleagues = collaborate && post.author !== null && post.author.id === userId;
  return (
    <>
      <Button
        size="xs"
        variant="light"
        onClick={() => {
          clipboard.copy(post.shareUrl);
          if (withColleagues) setOpen(true);
        }}
        data-testid="blog-share"
        data-share-url={post.shareUrl}
      >
        {clipboard.copied ? 'Link copied' : 'Share'}
      </Button>
      {open && (
        <Suspense fallback={null}>
          <ShareDialog
            kind="blog_post"
            itemId={String(post.id)}
            itemName={post.title}
            link={post.shareUrl}
            onClose={() => setOpen(false)}
          />
        </Suspense>
      )}
    </>
  );
}

export default function BlogPostPage() {
  const enabled = useFeature('blog');
  const featuresKnown = useFeatureStore((s) => s.known);
  const ref = useParams().postSlug ?? '';
  const navigate = useNavigate();
  const client = useQueryClient();
  const [editing, setEditing] = useState(false);
  // The server decides the feature (it refuses the read without it): until the session's user
  // info says, the post is asked for (often already fetched at start-up) and shown when it comes,
  // rather than waiting on the user info for the answer the server has just given.
  const post = useApiQuery<BlogPost>(enabled || !featuresKnown ? BLOG_PATHS.post({ ref }) : null, { retry: false });
  const p = post.data;
  // A former slug answers with the current one: show the post at its current address.
  useEffect(() => {
    if (p && p.slug !== ref && !/^\d+$/.test(ref)) void navigate(`/bw/blog/post/${p.slug}`, { replace: true });
  }, [p, ref, navigate]);
  const refused = post.error instanceof ApiError && post.error.status === 403;
  if ((!enabled && featuresKnown) || refused) return <FeatureUnavailable what="The blog" />;
  const notFound = post.error instanceof ApiError && (post.error.status === 404 || post.error.status === 400);
  return (
    <Stack gap="sm" maw={860} data-testid="blog-post-page">
      <Anchor component={Link} to="/bw/blog" size="sm">
        ← All posts
      </Anchor>
      {notFound && (
        <Alert color="yellow" data-testid="blog-not-found">
          This post does not exist or is not published.
        </Alert>
      )}
      {post.isError && !notFound && <Alert color="red">{apiErrorText(post.error)}</Alert>}
      {p && editing && (
        <Card withBorder padding="md">
          <Suspense fallback={<Loader size="sm" type="dots" />}>
            <BlogEditor
              post={p}
              onCancel={() => setEditing(false)}
              onSaved={(saved) => {
                setEditing(false);
                client.setQueryData(apiKey(BLOG_PATHS.post({ ref: saved.slug })), saved);
                void rereadEverything(client);
                if (saved.slug !== ref) void navigate(`/bw/blog/post/${saved.slug}`, { replace: true });
              }}
            />
          </Suspense>
        </Card>
      )}
      {p && !editing && (
        <article>
          {p.coverImage && <Image src={p.coverImage} alt="" mah={320} fit="cover" radius="sm" mb="sm" />}
          <Title order={1} size="h2" data-testid="blog-post-title">
            {p.title}
          </Title>
          <Group gap="xs" my={6}>
            <Text size="sm" c="dimmed">
              {p.author?.name ?? 'Bondwise'} · {p.publishAt ? formatDate(p.publishAt) : 'not scheduled'}
            </Text>
            {p.status !== 'published' && <Badge variant="light">{p.status}</Badge>}
            {p.tags.map((t) => (
              <Badge key={t} size="sm" variant="outline" component={Link} to={`/bw/blog?tag=${encodeURIComponent(t)}`}>
                {t}
              </Badge>
            ))}
          </Group>
          <SafeHtml html={p.html} testId="blog-post-body" />
          <Group mt="md">
            <PostShareButton post={p} />
            {p.canEdit && (
              <Button size="xs" variant="default" onClick={() => setEditing(true)} data-testid="blog-edit">
                Edit
              </Button>
            )}
          </Group>
        </article>
      )}
    </Stack>
  );
}
