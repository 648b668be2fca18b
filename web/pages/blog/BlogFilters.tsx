import { Chip, Group, TextInput } from '@mantine/core';
import type { BlogState } from './useBlog';

/** The search box and, once the list has answered, its tags as a one-choice filter. */
export function BlogFilters({ state }: { state: BlogState }) {
  const { text, editText, data, tag, set } = state;
  return (
    <>
      <TextInput
        placeholder="Search posts"
        aria-label="Search posts"
        value={text}
        onChange={(e) => editText(e.currentTarget.value)}
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
    </>
  );
}
