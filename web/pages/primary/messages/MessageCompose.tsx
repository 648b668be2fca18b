/** A deal's message form: the text, the recipient choice and how many people it reaches, and Send. */
import { Button, Checkbox, Group, MultiSelect, Stack, TagsInput, Text, Textarea } from '@mantine/core';
import { MESSAGE_LIMITS } from '@common/api/messages';
import { ORGANIZATION_TYPES } from '@common/enums';
import { useMessageCompose } from './useMessageCompose';

export function MessageCompose({ dealId }: { dealId: number }) {
  const { form, count, chosen, error, canSend, submit } = useMessageCompose(dealId);
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap={6} data-testid="message-compose">
        <Textarea
          label="New message"
          placeholder="Plain text; links are clickable"
          {...form.getInputProps('message')}
          maxLength={MESSAGE_LIMITS.maxLength}
          autosize
          minRows={2}
          description={`${form.values.message.length} / ${MESSAGE_LIMITS.maxLength}`}
        />
        <Group gap="sm" align="flex-end">
          <Checkbox label="Deal followers" {...form.getInputProps('followers', { type: 'checkbox' })} />
          <MultiSelect
            label="Organisation types"
            data={[...ORGANIZATION_TYPES]}
            {...form.getInputProps('organizationTypes')}
            size="xs"
            w={220}
          />
          <TagsInput
            label="Organisations (tokens)"
            {...form.getInputProps('organizations')}
            size="xs"
            w={220}
            maxTags={MESSAGE_LIMITS.maxOrganizations}
          />
        </Group>
        <Group gap="sm">
          <Button type="submit" size="xs" loading={form.submitting} disabled={!canSend}>
            Send
          </Button>
          <Text size="xs" c="dimmed" data-testid="recipient-count">
            {!chosen
              ? 'Choose recipients'
              : count === null
                ? 'Counting recipients…'
                : `Reaches ${count} ${count === 1 ? 'person' : 'people'}`}
          </Text>
        </Group>
        {error && (
          <Text size="xs" c="red">
            {error}
          </Text>
        )}
      </Stack>
    </form>
  );
}
