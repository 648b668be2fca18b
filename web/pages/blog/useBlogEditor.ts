/**
 * The data of the post editor: its fields as a form checked against the post's contract
 * (blogPostCreateBodySchema: the rules of every field PATCH checks too), so a title, tag, slug or
 * cover image the server would refuse is refused under its field in the server's sentence and not
 * sent; a 400 naming a field lands on it; any other refusal is the editor's error line. A new post
 * is POSTed; an edit PATCHes the same fields with the version it was read at.
 */
import { BLOG_PATHS, blogPostCreateBodySchema, type BlogPost, type BlogPostCreateBody, type BlogStatus } from '@common/api/blog';
import { api } from '../../api/client';
import { useContractForm } from '../../components/forms/useContractForm';
import { fromLocalInput, toLocalInput } from '../../components/localDateTime';

/** The editor's fields as typed: the publish time in the browser's zone, an empty cover image for none. */
export interface PostDraft extends Record<string, unknown> {
  title: string;
  slug: string;
  summary: string;
  tags: string[];
  coverImage: string;
  markdown: string;
  status: BlogStatus;
  publishAt: string;
  public: boolean;
}

const draftOf = (post: BlogPost | undefined): PostDraft => ({
  title: post?.title ?? '',
  slug: post?.slug ?? '',
  summary: post?.summary ?? '',
  tags: post?.tags ?? [],
  coverImage: post?.coverImage ?? '',
  markdown: post?.markdown ?? '',
  status: post?.status ?? 'draft',
  publishAt: toLocalInput(post?.publishAt ?? null),
  public: post?.public ?? false,
});

/** The body the contract checks: no cover image is null, an empty slug is left to the server (made from the title). */
export const postBody = (d: PostDraft): BlogPostCreateBody => ({
  title: d.title,
  summary: d.summary,
  tags: d.tags,
  coverImage: d.coverImage.trim() || null,
  markdown: d.markdown,
  status: d.status,
  publishAt: fromLocalInput(d.publishAt),
  public: d.public,
  ...(d.slug.trim() ? { slug: d.slug.trim() } : {}),
});

export function useBlogEditor(post: BlogPost | undefined, onSaved: (post: BlogPost) => void) {
  const { form, formError, onSubmit } = useContractForm({
    schema: blogPostCreateBodySchema,
    initialValues: draftOf(post),
    toBody: postBody,
    // A refused tag ("tags.2") shows under the tags input.
    fieldOf: (path) => path.replace(/^tags\.\d+$/, 'tags'),
  });
  const save = onSubmit(async (body) => {
    const saved = post
      ? await api.patch<BlogPost>(BLOG_PATHS.postById({ id: post.id }), { ...body, version: post.version })
      : await api.post<BlogPost>(BLOG_PATHS.posts, body);
    onSaved(saved);
  });
  return { form, error: formError, saving: form.submitting, save: () => save() };
}

export type BlogEditorState = ReturnType<typeof useBlogEditor>;
