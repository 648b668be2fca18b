/**
 * /bw/alerts/subscriptions: the user's market-hawk alerts. Create from a template (or a bond,
 * issuer or sector handed over in the URL by other pages' "create alert": ./handoff.ts), edit, pause, resume,
 * delete; the editor previews how often the rule would have fired over the last 30 days.
 */
import { Alert, Badge, Button, Card, Center, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { HAWK_PATHS, HAWK_TEMPLATES, type HawkSubscription } from '@common/api/hawk';
import { ConfirmDelete } from '../../components/ConfirmDelete';
import { ShareButton } from '../../components/share/ShareButton';
import { PageTitle } from '../../components/PageTitle';
import { SimpleTable, type CellProps, type Column } from '../../components/SimpleTable';
import { apiErrorText } from '../../api/errorText';
import { useApiQuery } from '../../api/queries';
import { bodyOf, type Draft, RuleEditor } from './RuleEditor';
import { hawkApi, hawkSubscriptionsKey } from './hawkApi';
import { handoffFromParams } from '../../components/alertLink';
import { draftFromTemplate, handoffDraft, handoffTarget } from './handoff';
import { useNow } from '../../clock/clock';

function draftOf(s: HawkSubscription): Draft {
  return {
    name: s.name ?? '',
    template: s.template,
    rule: s.rule as Draft['rule'],
    target: s.target as Draft['target'],
    frequency: s.frequency,
    expiresAt: s.expiresAt,
    channels: s.channels,
    paused: s.paused,
  };
}

/** An alert as its row shows it, with what the row's buttons do. */
interface SubscriptionRow {
  sub: HawkSubscription;
  status: { label: string; color: string };
  pausing: boolean;
  edit: () => void;
  pause: () => void;
  remove: () => void;
}

function AlertCell({ row: { sub } }: CellProps<SubscriptionRow>) {
  return (
    <>
      {sub.name && (
        <Text size="sm" fw={500}>
          {sub.name}
        </Text>
      )}
      <Text size="sm">{sub.summary}</Text>
    </>
  );
}

function StatusCell({ row }: CellProps<SubscriptionRow>) {
  return (
    <Badge color={row.status.color} data-testid="hawk-status">
      {row.status.label}
    </Badge>
  );
}

function ActionsCell({ row }: CellProps<SubscriptionRow>) {
  const s = row.sub;
  return (
    <Group gap={4} justify="flex-end" wrap="nowrap">
      <Button size="compact-xs" variant="default" onClick={row.edit} data-testid="hawk-edit">
        Edit
      </Button>
      <Button size="compact-xs" variant="default" loading={row.pausing} onClick={row.pause} data-testid="hawk-pause">
        {s.paused ? 'Resume' : 'Pause'}
      </Button>
      {s.shared ? (
        <Text size="xs" c="dimmed">
          Shared by {s.shared.owner.name ?? s.shared.owner.email}
        </Text>
      ) : (
        <>
          <ShareButton kind="hawk_subscription" itemId={String(s.id)} itemName={s.name ?? s.summary} />
          <Button size="compact-xs" variant="subtle" color="red" onClick={row.remove} data-testid="hawk-delete">
            Delete
          </Button>
        </>
      )}
    </Group>
  );
}

const COLUMNS: Column<SubscriptionRow>[] = [
  { header: 'Alert', id: 'alert', cell: AlertCell },
  {
    header: 'Channels',
    id: 'channels',
    value: (r) => r.sub.channels.join(', ').replace('in_app', 'in app').replace('email', 'e-mail'),
  },
  { header: 'Status', id: 'status', cell: StatusCell },
  { header: 'Last fired', id: 'lastFired', value: (r) => r.sub.lastFiredAt, kind: 'date' },
  { header: '', id: 'actions', cell: ActionsCell, control: true },
];

function status(s: HawkSubscription, nowMs: number): { label: string; color: string } {
  if (s.disabledAt) return { label: 'Disabled', color: 'gray' };
  if (s.paused) return { label: 'Paused', color: 'yellow' };
  if (s.expiresAt && Date.parse(s.expiresAt) < nowMs) return { label: 'Expired', color: 'gray' };
  return { label: 'Active', color: 'green' };
}

export default function SubscriptionsPage() {
  const now = useNow();
  const [params] = useSearchParams();
  const handoff = handoffFromParams(params);
  const handed = handoffTarget(handoff);
  const client = useQueryClient();
  // Coming back to the tab re-reads the list: the disable link may have been used in another browser.
  const list = useApiQuery<{ subscriptions: HawkSubscription[] }>(HAWK_PATHS.subscriptions, { refetchOnWindowFocus: 'always' });
  const [editing, setEditing] = useState<{ draft: Draft; id: number | null; label?: string | undefined } | null>(
    handoff ? { draft: handoffDraft(handoff), id: null, label: handoff.label } : null,
  );
  const [error, setError] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<HawkSubscription | null>(null);
  const refresh = () => client.invalidateQueries({ queryKey: hawkSubscriptionsKey });
  const save = useMutation({
    mutationFn: async ({ draft, id }: { draft: Draft; id: number | null }) =>
      id === null ? hawkApi.create(bodyOf(draft)) : hawkApi.update(id, bodyOf(draft)),
    onSuccess: async () => {
      setEditing(null);
      await refresh();
    },
    onError: (e) => setError(apiErrorText(e, 'Could not save the alert')),
  });
  const pause = useMutation({ mutationFn: (s: HawkSubscription) => hawkApi.update(s.id, { paused: !s.paused }), onSuccess: refresh });
  const remove = useMutation({
    mutationFn: (s: HawkSubscription) => hawkApi.remove(s.id),
    onSuccess: async () => {
      setDeleting(null);
      await refresh();
    },
  });

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
            <Button
              key={t.id}
              size="xs"
              variant="light"
              onClick={() => {
                setError(null);
                const draft = draftFromTemplate(t.id, handed);
                setEditing({ draft, id: null, label: draft.target.kind === handed?.kind ? handoff?.label : undefined });
              }}
              data-testid={`hawk-template-${t.id}`}
            >
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
        <SimpleTable
          rows={list.data.subscriptions.map((sub) => ({
            sub,
            status: status(sub, now()),
            pausing: pause.isPending && pause.variables?.id === sub.id,
            edit: () => {
              setError(null);
              setEditing({ draft: draftOf(sub), id: sub.id, label: sub.targetLabel });
            },
            pause: () => pause.mutate(sub),
            remove: () => setDeleting(sub),
          }))}
          columns={COLUMNS}
          rowKey={(r) => String(r.sub.id)}
          rowTestId={(r) => `hawk-row-${r.sub.id}`}
          striped
          highlightOnHover
          testId="hawk-subscriptions"
        />
      )}
      <Modal opened={editing !== null} onClose={() => setEditing(null)} title={editing?.id ? 'Edit alert' : 'New alert'} size="xl">
        {editing && (
          <RuleEditor
            key={`${editing.id}-${editing.draft.template}`}
            initial={editing.draft}
            knownTarget={editing.label}
            busy={save.isPending}
            error={error}
            onSave={(draft) => save.mutate({ draft, id: editing.id })}
          />
        )}
      </Modal>
      <ConfirmDelete
        name={deleting ? (deleting.name ?? deleting.summary) : null}
        title="Delete alert"
        alsoDeleted="and its history"
        busy={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() => deleting && remove.mutate(deleting)}
      />
    </Stack>
  );
}
