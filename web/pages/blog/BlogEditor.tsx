/**
 * Writing a post (authors only; the server decides): title, slug, summary, tags, cover image,
 * Markdown body, status, publish time (a published post with a future time is scheduled) and
 * whether it is in the public feed. The server renders and sanitises the Markdown. The fields are
 * a form checked against the post's contract (useBlogEditor).
 */
import { Alert, Button, Checkbox, Group, Select, Stack, TagsInput, Textarea, TextInput } from '@mantine/core';
import { BLOG_BODY_MAX, BLOG_STATUSES, BLOG_SUMMARY_MAX, BLOG_TAGS_MAX, BLOG_TITLE_MAX, type BlogPost } from '@common/api/blog';
import { useBlogEditor } from './useBlogEditor';

export function BlogEditor({ post, onSaved, onCancel }: { post?: BlogPost; onSaved: (post: BlogPost) => void; onCancel: () => void }) {
  const { form, error, saving, save } = useBlogEditor(post, onSaved);

  return (
    <Stack gap="xs" data-testid="blog-editor">
      {error && (
        <Alert color="red" data-testid="blog-editor-error">
          {error}
        </Alert>
      )}
      <TextInput label="Title" required maxLength={BLOG_TITLE_MAX} {...form.getInputProps('title')} data-testid="blog-title" />
      <TextInput
        label="Slug"
        description="The post's address; empty: made from the title. Changing it keeps the old address working."
        {...form.getInputProps('slug')}
        data-testid="blog-slug"
      />
      <Textarea label="Summary" maxLength={BLOG_SUMMARY_MAX} autosize minRows={2} {...form.getInputProps('summary')} />
      <TagsInput label="Tags" maxTags={BLOG_TAGS_MAX} {...form.getInputProps('tags')} data-testid="blog-tags" />
      <TextInput
        label="Cover image"
        description="The public link of an image in the media library (Admin → media)"
        placeholder="https://…/media/…"
        {...form.getInputProps('coverImage')}
      />
      <Textarea
        label="Text (Markdown)"
        description="CommonMark: headings, lists, links, images, tables. HTML is shown as text."
        required
        autosize
        minRows={8}
        maxLength={BLOG_BODY_MAX}
        {...form.getInputProps('markdown')}
        data-testid="blog-markdown"
      />
      <Group align="flex-end">
        <Select
          label="Status"
          data={BLOG_STATUSES.map((s) => ({ value: s, label: s[0]!.toUpperCase() + s.slice(1) }))}
          {...form.getInputProps('status')}
          allowDeselect={false}
          data-testid="blog-status"
        />
        <TextInput
          type="datetime-local"
          label="Publish at"
          description="Empty: now, when published"
          {...form.getInputProps('publishAt')}
          data-testid="blog-publish-at"
        />
        <Checkbox label="In the public feed" {...form.getInputProps('public', { type: 'checkbox' })} mb={8} />
      </Group>
      <Group>
        <Button onClick={save} loading={saving} data-testid="blog-save">
          Save
        </Button>
        <Button variant="default" onClick={onCancel}>
          Cancel
        </Button>
      </Group>
    </Stack>
  );
}
