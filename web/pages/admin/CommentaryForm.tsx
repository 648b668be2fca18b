import { Button, Card, Group, Stack, Textarea, TextInput } from '@mantine/core';
import { COMMENTARY_BODY_MAX, COMMENTARY_HEADLINE_MAX } from '@common/api/commentary';
import type { AdminCommentaryState } from './useAdminCommentary';

/** Headline, Markdown and publish time: a new note, or the one being edited (then Cancel). */
export function CommentaryForm({ state }: { state: AdminCommentaryState }) {
  const { form, editing, save, reset } = state;
  return (
    <Card withBorder padding="md" component="form" noValidate onSubmit={save}>
      <Stack gap="xs">
        <TextInput
          label="Headline"
          required
          maxLength={COMMENTARY_HEADLINE_MAX}
          {...form.getInputProps('headline')}
          data-testid="commentary-headline"
        />
        <Textarea
          label="Commentary (Markdown)"
          required
          autosize
          minRows={4}
          maxLength={COMMENTARY_BODY_MAX}
          {...form.getInputProps('markdown')}
          data-testid="commentary-markdown"
        />
        <Group align="flex-end">
          <TextInput
            type="datetime-local"
            label="Publish at"
            description="Empty: now"
            {...form.getInputProps('publishAt')}
            data-testid="commentary-publish-at"
          />
          <Button type="submit" loading={form.submitting} data-testid="commentary-save">
            {editing ? 'Save changes' : 'Publish'}
          </Button>
          {editing && (
            <Button variant="default" onClick={reset}>
              Cancel
            </Button>
          )}
        </Group>
      </Stack>
    </Card>
  );
}
