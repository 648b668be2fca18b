/**
 * /bw/alerts/subscriptions: the user's market-hawk alerts. Create from a template (or a bond,
 * issuer or sector handed over in the URL by other pages' "create alert": ./handoff.ts), edit, pause, resume,
 * delete; the editor previews how often the rule would have fired over the last 30 days.
 */
import { Alert, Button, Card, Center, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { HAWK_TEMPLATES } from '@common/api/hawk';
import { ConfirmDelete } from '../../components/ConfirmDelete';
import { PageTitle } from '../../components/PageTitle';
import { apiErrorText } from '../../api/errorText';
import { RuleEditor } from './RuleEditor';
import { SubscriptionsTable } from './SubscriptionsTable';
import { useSubscriptions } from './useSubscriptions';

export default function SubscriptionsPage() {
  const { list, rows, editing, setEditing, error, deleting, setDeleting, save, remove, startFromTemplate } = useSubscriptions();
  return (
    <Stack gap="md" p="md">
      <PageTitle title="Alert subscriptions" />
      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          Market hawk watches bonds, issuers, your custom tables and the market. <Link to="/bw/alerts/history">Alert history</Link>
        </Text>
      </Group>
      <Card withBorder>
        <Text fw={500} mb="xs">
          New alert from a template
        </Text>
        <Group gap="xs">
          {HAWK_TEMPLATES.map((t) => (
            <Button key={t.id} size="xs" variant="light" onClick={() => startFromTemplate(t.id)} data-testid={`hawk-template-${t.id}`}>
              {t.label}
            </Button>
          ))}
        </Group>
      </Card>
      {list.isPending ? (
        <Center>
          <Loader size="sm" />
        </Center>
      ) : list.isError ? (
        <Alert color="red">{apiErrorText(list.error)}</Alert>
      ) : list.data.subscriptions.length === 0 ? (
        <Text size="sm" data-testid="hawk-empty">
          No alerts yet: start from a template above.
        </Text>
      ) : (
        <SubscriptionsTable rows={rows(list.data.subscriptions)} />
      )}
      <Modal opened={editing !== null} onClose={() => setEditing(null)} title={editing?.id ? 'Edit alert' : 'New alert'} size="xl">
        {editing && (
          <RuleEditor
            key={`${editing.id}-${editing.draft.template}`}
            initial={editing.draft}
            knownTarget={editing.label}
            busy={save.busy}
            error={error}
            onSave={(draft) => void save.run({ draft, id: editing.id })}
          />
        )}
      </Modal>
      <ConfirmDelete
        name={deleting ? (deleting.name ?? deleting.summary) : null}
        title="Delete alert"
        alsoDeleted="and its history"
        busy={remove.busy}
        onCancel={() => setDeleting(null)}
        onConfirm={() => deleting && void remove.run(deleting)}
      />
    </Stack>
  );
}
