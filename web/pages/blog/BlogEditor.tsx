/**
 * Writing a post (authors only; the server decides): title, slug, summary, tags, cover image,
 * Markdown body, status, publish time (a published post with a future time is scheduled) and
 * whether it is in the public feed. The server renders and sanitises the Markdown.
 */
import { Alert, Button, Checkbox, Group, Select, Stack, TagsInput, Textarea, TextInput } from '@mantine/core';
import { useState } from 'react';
import {
  BLOG_BODY_MAX,
  BLOG_PATHS,
  BLOG_STATUSES,
  BLOG_SUMMARY_MAX,
  BLOG_TAGS_MAX,
  BLOG_TITLE_MAX,
  type BlogPost,
  type BlogPostCreateBody,
  type BlogStatus,
} from '@common/api/blog';
import { api } from '../../api/client';
import { apiErrorText } from '../../api/errorText';
import { fromLocalInput, toLocalInput } from '../../components/localDateTime';

export function BlogEditor({ post, onSaved, onCancel }: { post?: BlogPost; onSaved: (post: BlogPost) => void; onCancel: () => void }) {
  const [title, setTitle] = useState(post?.title ?? '');
  const [slug, setSlug] = useState(post?.slug ?? '');
  const [summary, setSummary] = useState(post?.summary ?? '');
  const [tags, setTags] = useState<string[]>(post?.tags ?? []);
  const [coverImage, setCoverImage] = useState(post?.coverImage ?? '');
  const [markdown, setMarkdown] = useState(post?.markdown ?? '');
  const [status, setStatus] = useState<BlogStatus>(post?.status ?? 'draft');
  const [publishAt, setPublishAt] = useState(toLocalInput(post?.publishAt ?? null));
  const [isPublic, setPublic] = useState(post?.public ?? false);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const save = async () => {
    setSaving(true);
    setError(null);
    const body: BlogPostCreateBody = {
      title,
      summary,
      tags,
      coverImage: coverImage.trim() || null,
      markdown,
      status,
      publishAt: fromLocalInput(publishAt),
      public: isPublic,
      ...(slug.trim() ? { slug: slug.trim() } : {}),
    };
    try {
      const saved = post
        ? await api.patch<BlogPost>(BLOG_PATHS.postById({ id: post.id }), { ...body, version: post.version })
        : await api.post<BlogPost>(BLOG_PATHS.posts, body);
      onSaved(saved);
    } catch (err) {
      setError(apiErrorText(err));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Stack gap="xs" data-testid="blog-editor">
      {error && (
        <Alert color="red" data-testid="blog-editor-error">
          {error}
        </Alert>
      )}
      <TextInput
        label="Title"
        required
        maxLength={BLOG_TITLE_MAX}
        value={title}
        onChange={(e) => setTitle(e.currentTarget.value)}
        data-testid="blog-title"
      />
      <TextInput
        label="Slug"
        description="The post's address; empty: made from the title. Changing it keeps the old address working."
        value={slug}
        onChange={(e) => setSlug(e.currentTarget.value)}
        data-testid="blog-slug"
      />
      <Textarea
        label="Summary"
        maxLength={BLOG_SUMMARY_MAX}
        autosize
        minRows={2}
        value={summary}
        onChange={(e) => setSummary(e.currentTarget.value)}
      />
      <TagsInput label="Tags" maxTags={BLOG_TAGS_MAX} value={tags} onChange={setTags} data-testid="blog-tags" />
      <TextInput
        label="Cover image"
        description="The public link of an image in the media library (Admin → media)"
        placeholder="https://…/media/…"
        value={coverImage}
        onChange={(e) => setCoverImage(e.currentTarget.value)}
      />
      <Textarea
        label="Text (Markdown)"
        description="CommonMark: headings, lists, links, images, tables. HTML is shown as text."
        required
        autosize
        minRows={8}
        maxLength={BLOG_BODY_MAX}
        value={markdown}
        onChange={(e) => setMarkdown(e.currentTarget.value)}
        data-testid="blog-markdown"
      />
      <Group align="flex-end">
        <Select
          label="Status"
          data={BLOG_STATUSES.map((s) => ({ value: s, label: s[0]!.toUpperCase() + s.slice(1) }))}
          value={status}
          onChange={(v) => v && setStatus(v as BlogStatus)}
          allowDeselect={false}
          data-testid="blog-status"
        />
        <TextInput
          type="datetime-local"
          label="Publish at"
          description="Empty: now, when published"
          value={publishAt}
          onChange={(e) => setPublishAt(e.currentTarget.value)}
          data-testid="blog-publish-at"
        />
        <Checkbox label="In the public feed" checked={isPublic} onChange={(e) => setPublic(e.currentTarget.checked)} mb={8} />
      </Group>
      <Group>
        <Button onClick={() => void save()} loading={saving} data-testid="blog-save">
          Save
        </Button>
        <Button variant="default" onClick={onCancel}>
          Cancel
        </Button>
      </Group>
    </Stack>
  );
}
