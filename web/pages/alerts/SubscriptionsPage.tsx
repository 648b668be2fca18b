/**
 * /bw/alerts/subscriptions: the user's market-hawk alerts. Create from a template (or a bond,
 * issuer or sector handed over in the URL by other pages' "create alert": ./handoff.ts), edit, pause, resume,
 * delete; the editor previews how often the rule would have fired over the last 30 days.
 */
import { Alert, Badge, Button, Card, Center, Group, Loader, Modal, Stack, Table, Text } from '@mantine/core';
import { formatDate } from '@common/format';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { HAWK_PATHS, HAWK_TEMPLATES, type HawkSubscription } from '@common/api/hawk';
import { ConfirmDelete } from '../../components/ConfirmDelete';
import { ShareButton } from '../../components/share/ShareButton';
import { PageTitle } from '../../components/PageTitle';
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
        <Table striped highlightOnHover data-testid="hawk-subscriptions">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Alert</Table.Th>
              <Table.Th>Channels</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th>Last fired</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {list.data.subscriptions.map((s) => {
              const st = status(s, now());
              return (
                <Table.Tr key={s.id} data-testid={`hawk-row-${s.id}`}>
                  <Table.Td>
                    {s.name && (
                      <Text size="sm" fw={500}>
                        {s.name}
                      </Text>
                    )}
                    <Text size="sm">{s.summary}</Text>
                  </Table.Td>
                  <Table.Td>{s.channels.join(', ').replace('in_app', 'in app').replace('email', 'e-mail')}</Table.Td>
                  <Table.Td>
                    <Badge color={st.color} data-testid="hawk-status">
                      {st.label}
                    </Badge>
                  </Table.Td>
                  <Table.Td>{formatDate(s.lastFiredAt)}</Table.Td>
                  <Table.Td>
                    <Group gap={4} justify="flex-end" wrap="nowrap">
                      <Button
                        size="compact-xs"
                        variant="default"
                        onClick={() => {
                          setError(null);
                          setEditing({ draft: draftOf(s), id: s.id, label: s.targetLabel });
                        }}
                        data-testid="hawk-edit"
                      >
                        Edit
                      </Button>
                      <Button
                        size="compact-xs"
                        variant="default"
                        loading={pause.isPending && pause.variables?.id === s.id}
                        onClick={() => pause.mutate(s)}
                        data-testid="hawk-pause"
                      >
                        {s.paused ? 'Resume' : 'Pause'}
                      </Button>
                      {s.shared ? (
                        <Text size="xs" c="dimmed">
                          Shared by {s.shared.owner.name ?? s.shared.owner.email}
                        </Text>
                      ) : (
                        <>
                          <ShareButton kind="hawk_subscription" itemId={String(s.id)} itemName={s.name ?? s.summary} />
                          <Button size="compact-xs" variant="subtle" color="red" onClick={() => setDeleting(s)} data-testid="hawk-delete">
                            Delete
                          </Button>
                        </>
                      )}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
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
