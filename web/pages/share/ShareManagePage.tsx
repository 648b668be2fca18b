/**
 * /bw/share/manage: what I shared (change the permission, revoke) and what is shared with me
 * (open, accept, leave). Every change is the server's: the lists are read again after each.
 */
import { Alert, Anchor, Badge, Button, Card, Center, Group, Loader, Select, Stack, Table, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { SHARE_KIND_LABELS, type Share, type SharePermission } from '@common/api/shares';
import { formatDate } from '@common/format';
import { apiErrorText } from '../../api/errorText';
import { PageTitle } from '../../components/PageTitle';
import { shareApi, sharesKey } from '../../components/share/shareApi';

const live = (s: Share) => s.status === 'pending' || s.status === 'accepted';
const STATUS_COLOR: Record<Share['status'], string> = { pending: 'yellow', accepted: 'teal', revoked: 'gray', left: 'gray' };

function ItemCell({ share, open }: { share: Share; open: boolean }) {
  return (
    <Stack gap={0}>
      {open && share.itemName ? (
        <Anchor component={Link} to={share.itemPath} size="sm" fw={600}>
          {share.itemName}
        </Anchor>
      ) : (
        <Text size="sm" fw={600}>
          {share.itemName ?? '(deleted)'}
        </Text>
      )}
      <Text size="xs" c="dimmed">
        {SHARE_KIND_LABELS[share.kind]}
      </Text>
    </Stack>
  );
}

export default function ShareManagePage() {
  const client = useQueryClient();
  const list = useQuery({ queryKey: sharesKey, queryFn: shareApi.list });
  const meta = { errorToast: true } as const;
  const refresh = () => client.invalidateQueries();
  const permission = useMutation({
    mutationFn: ({ id, value }: { id: string; value: SharePermission }) => shareApi.setPermission(id, value),
    onSuccess: refresh,
    meta,
  });
  const revoke = useMutation({ mutationFn: (id: string) => shareApi.revoke(id), onSuccess: refresh, meta });
  const leave = useMutation({ mutationFn: (id: string) => shareApi.leave(id), onSuccess: refresh, meta });

  return (
    <Stack gap="sm" maw={1100} data-testid="share-manage-page">
      <PageTitle />
      {list.isPending && (
        <Center py="xl">
          <Loader size="sm" type="dots" />
        </Center>
      )}
      {list.isError && <Alert color="red">{apiErrorText(list.error)}</Alert>}
      {list.data && (
        <>
          <Title order={2} size="h4">
            Shared with me
          </Title>
          {list.data.sharedWithMe.length === 0 ? (
            <Text size="sm" c="dimmed">
              Nothing is shared with you.
            </Text>
          ) : (
            <Card withBorder padding={0}>
              <Table fz="sm" verticalSpacing={4} data-testid="shared-with-me">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Item</Table.Th>
                    <Table.Th>Shared by</Table.Th>
                    <Table.Th>Permission</Table.Th>
                    <Table.Th>Status</Table.Th>
                    <Table.Th />
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {list.data.sharedWithMe.map((s) => (
                    <Table.Tr key={s.id} data-testid="shared-with-me-row" data-name={s.itemName ?? ''}>
                      <Table.Td>
                        <ItemCell share={s} open={s.status === 'accepted'} />
                      </Table.Td>
                      <Table.Td>{s.owner.name ?? s.owner.email}</Table.Td>
                      <Table.Td>{s.permission === 'edit' ? 'Can edit' : 'Can view'}</Table.Td>
                      <Table.Td>
                        <Badge size="sm" variant="light" color={STATUS_COLOR[s.status]}>
                          {s.status}
                        </Badge>
                      </Table.Td>
                      <Table.Td>
                        <Group gap={4} justify="flex-end" wrap="nowrap">
                          {s.status === 'pending' && (
                            <Button size="compact-xs" component={Link} to={s.acceptPath}>
                              Review
                            </Button>
                          )}
                          <Button
                            size="compact-xs"
                            variant="light"
                            color="red"
                            loading={leave.isPending && leave.variables === s.id}
                            onClick={() => leave.mutate(s.id)}
                            data-testid="share-leave"
                          >
                            {s.status === 'pending' ? 'Decline' : 'Leave'}
                          </Button>
                        </Group>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Card>
          )}
          <Title order={2} size="h4">
            Shared by me
          </Title>
          {list.data.sharedByMe.length === 0 ? (
            <Text size="sm" c="dimmed">
              You have not shared anything. Use “Share” on a custom bond table, pricing sheet, alert or blog post.
            </Text>
          ) : (
            <Card withBorder padding={0}>
              <Table fz="sm" verticalSpacing={4} data-testid="shared-by-me">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Item</Table.Th>
                    <Table.Th>With</Table.Th>
                    <Table.Th>Permission</Table.Th>
                    <Table.Th>Status</Table.Th>
                    <Table.Th>Shared</Table.Th>
                    <Table.Th />
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {list.data.sharedByMe.map((s) => (
                    <Table.Tr key={s.id} data-testid="shared-by-me-row" data-name={s.itemName ?? ''} data-status={s.status}>
                      <Table.Td>
                        <ItemCell share={s} open />
                      </Table.Td>
                      <Table.Td>{s.recipient.name ? `${s.recipient.name} <${s.recipient.email}>` : s.recipient.email}</Table.Td>
                      <Table.Td>
                        {live(s) ? (
                          <Select
                            size="xs"
                            w={110}
                            allowDeselect={false}
                            value={s.permission}
                            data={[
                              { value: 'view', label: 'Can view' },
                              { value: 'edit', label: 'Can edit' },
                            ]}
                            onChange={(v) => v && v !== s.permission && permission.mutate({ id: s.id, value: v as SharePermission })}
                            aria-label={`Permission of ${s.recipient.email}`}
                            data-testid="share-permission-select"
                          />
                        ) : s.permission === 'edit' ? (
                          'Can edit'
                        ) : (
                          'Can view'
                        )}
                      </Table.Td>
                      <Table.Td>
                        <Badge size="sm" variant="light" color={STATUS_COLOR[s.status]}>
                          {s.status}
                        </Badge>
                      </Table.Td>
                      <Table.Td>
                        <Text size="xs">{formatDate(s.createdAt)}</Text>
                      </Table.Td>
                      <Table.Td>
                        {live(s) && (
                          <Button
                            size="compact-xs"
                            variant="light"
                            color="red"
                            loading={revoke.isPending && revoke.variables === s.id}
                            onClick={() => revoke.mutate(s.id)}
                            data-testid="share-revoke"
                          >
                            Revoke
                          </Button>
                        )}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Card>
          )}
        </>
      )}
    </Stack>
  );
}
