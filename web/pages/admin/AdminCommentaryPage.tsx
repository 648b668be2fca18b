/**
 * /bw/admin/platform-commentary: write the short dated market notes shown on the market summary
 * (headline + Markdown, published now or at a chosen time), edit or delete them. The server
 * renders and sanitises the Markdown, refuses an edit made on a stale version and audits every
 * change (see the audit log).
 */
import { Alert, Stack, Text } from '@mantine/core';
import { ConfirmDelete } from '../../components/ConfirmDelete';
import { PageTitle } from '../../components/PageTitle';
import { CommentaryForm } from './CommentaryForm';
import { CommentaryItem } from './CommentaryItem';
import { useAdminCommentary } from './useAdminCommentary';

export default function AdminCommentaryPage() {
  const state = useAdminCommentary();
  const { list, busy, error, startEdit, deleting, setDeleting, confirmDelete, now } = state;
  return (
    <Stack gap="sm" maw={900} data-testid="admin-commentary-page">
      <PageTitle />
      <Text size="sm" c="dimmed">
        Short, dated notes on the market, shown in the market summary&apos;s &quot;Platform commentary&quot; panel from their publish time.
        Markdown is rendered and sanitised by the server; every change is in the audit log.
      </Text>
      {error && (
        <Alert color="red" data-testid="commentary-error">
          {error}
        </Alert>
      )}
      <CommentaryForm state={state} />
      {list.data?.items.map((c) => (
        <CommentaryItem key={c.id} commentary={c} now={now} onEdit={() => startEdit(c)} onDelete={() => setDeleting(c)} />
      ))}
      {list.data && list.data.items.length === 0 && <Text c="dimmed">No commentary yet.</Text>}
      <ConfirmDelete
        name={deleting?.headline ?? null}
        title="Delete commentary"
        busy={busy === 'delete'}
        onCancel={() => setDeleting(null)}
        onConfirm={confirmDelete}
      />
    </Stack>
  );
}
