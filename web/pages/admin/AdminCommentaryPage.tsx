/**
 * /bw/admin/platform-commentary: write the short dated market notes shown on the market summary
 * (headline + Markdown, published now or at a chosen time), edit or delete them. The server
 * renders and sanitises the Markdown, refuses an edit made on a stale version and audits every
 * change (see the audit log).
 */
import { Alert, Badge, Button, Card, Group, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  COMMENTARY_BODY_MAX,
  COMMENTARY_HEADLINE_MAX,
  COMMENTARY_PATHS,
  type Commentary,
  type CommentaryList,
  commentaryCreateBodySchema,
} from '@common/api/commentary';
import { formatDate } from '@common/format';
import { api } from '../../api/client';
import { apiKey, useApiQuery } from '../../api/queries';
import { ConfirmDelete } from '../../components/ConfirmDelete';
import { useContractForm } from '../../components/forms/useContractForm';
import { PageTitle } from '../../components/PageTitle';
import { SafeHtml } from '../../components/content/SafeHtml';
import { useAdminAction } from './useAdminAction';
import { fromLocalInput, toLocalInput } from '../../components/localDateTime';
import { useNow } from '../../clock/clock';

export default function AdminCommentaryPage() {
  const client = useQueryClient();
  const clock = useNow();
  const query = { pageSize: 50 };
  const list = useApiQuery<CommentaryList>(COMMENTARY_PATHS.admin, { query });
  const { busy, error, run } = useAdminAction();
  const [editing, setEditing] = useState<Commentary | null>(null);
  // A note is checked by the create contract's rules; an edit sends the same fields with its version.
  const { form, formError, onSubmit } = useContractForm({
    schema: commentaryCreateBodySchema,
    initialValues: { headline: '', markdown: '', publishAt: '' },
    toBody: (v) => ({ headline: v.headline, markdown: v.markdown, publishAt: fromLocalInput(v.publishAt) }),
  });
  const [deleting, setDeleting] = useState<Commentary | null>(null);
  const refresh = async () => {
    await client.invalidateQueries({ queryKey: apiKey(COMMENTARY_PATHS.admin) });
    await client.invalidateQueries({ queryKey: apiKey(COMMENTARY_PATHS.list) });
  };
  const reset = () => {
    setEditing(null);
    form.reset();
  };
  const save = onSubmit(async (body) => {
    try {
      if (editing) await api.patch(COMMENTARY_PATHS.adminOne({ id: editing.id }), { ...body, version: editing.version });
      else await api.post(COMMENTARY_PATHS.admin, body);
      reset();
    } finally {
      await refresh();
    }
  });
  const now = clock();
  return (
    <Stack gap="sm" maw={900} data-testid="admin-commentary-page">
      <PageTitle />
      <Text size="sm" c="dimmed">
        Short, dated notes on the market, shown in the market summary&apos;s &quot;Platform commentary&quot; panel from their publish time.
        Markdown is rendered and sanitised by the server; every change is in the audit log.
      </Text>
      {(error ?? formError) && (
        <Alert color="red" data-testid="commentary-error">
          {error ?? formError}
        </Alert>
      )}
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
      {list.data?.items.map((c) => (
        <Card key={c.id} withBorder padding="sm" data-testid="commentary-item">
          <Group justify="space-between" align="flex-start">
            <div>
              <Text fw={600}>{c.headline}</Text>
              <Text size="xs" c="dimmed">
                {formatDate(c.publishAt)}
                {c.author ? ` · ${c.author}` : ''}
                {Date.parse(c.publishAt) > now && (
                  <Badge size="xs" ml={6} variant="light">
                    scheduled
                  </Badge>
                )}
              </Text>
            </div>
            <Group gap={4}>
              <Button
                size="compact-xs"
                variant="subtle"
                onClick={() => {
                  setEditing(c);
                  form.setValues({ headline: c.headline, markdown: c.markdown, publishAt: toLocalInput(c.publishAt) });
                  form.clearErrors();
                }}
              >
                Edit
              </Button>
              <Button size="compact-xs" variant="subtle" color="red" onClick={() => setDeleting(c)}>
                Delete
              </Button>
            </Group>
          </Group>
          <Text size="sm" component="div">
            <SafeHtml html={c.html} />
          </Text>
        </Card>
      ))}
      {list.data && list.data.items.length === 0 && <Text c="dimmed">No commentary yet.</Text>}
      <ConfirmDelete
        name={deleting?.headline ?? null}
        title="Delete commentary"
        busy={busy === 'delete'}
        onCancel={() => setDeleting(null)}
        onConfirm={() =>
          void run(
            'delete',
            async () => {
              if (deleting) await api.delete(COMMENTARY_PATHS.adminOne({ id: deleting.id }));
              setDeleting(null);
            },
            refresh,
          )
        }
      />
    </Stack>
  );
}
