/**
 * /bw/share/manage: what I shared (change the permission, revoke) and what is shared with me
 * (open, accept, leave). Every change is the server's: the lists are read again after each.
 */
import { Alert, Card, Center, Loader, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { SHARE_PATHS, type ShareList, type SharePermission } from '@common/api/shares';
import { apiErrorText } from '../../api/errorText';
import { useApiMutation, useApiQuery } from '../../api/queries';
import { PageTitle } from '../../components/PageTitle';
import { shareApi } from '../../components/share/shareApi';
import { SimpleTable } from '../../components/SimpleTable';
import { SHARED_BY_ME, SHARED_WITH_ME } from './shareColumns';

export default function ShareManagePage() {
  const client = useQueryClient();
  const list = useApiQuery<ShareList>(SHARE_PATHS.shares);
  // A share also adds to or takes from the lists of the item's own area (tables, sheets…): read
  // everything again, not only this page's list.
  const edit = { onDone: () => client.invalidateQueries(), meta: { errorToast: true } } as const;
  const permission = useApiMutation(({ id, value }: { id: string; value: SharePermission }) => shareApi.setPermission(id, value), edit);
  const revoke = useApiMutation((id: string) => shareApi.revoke(id), edit);
  const leave = useApiMutation((id: string) => shareApi.leave(id), edit);

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
              <SimpleTable
                rows={list.data.sharedWithMe.map((share) => ({
                  share,
                  busy: leave.busy && leave.variables === share.id,
                  act: () => void leave.run(share.id),
                }))}
                columns={SHARED_WITH_ME}
                rowKey={(r) => r.share.id}
                rowTestId="shared-with-me-row"
                rowData={(r) => ({ name: r.share.itemName ?? '' })}
                fz="sm"
                verticalSpacing={4}
                testId="shared-with-me"
              />
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
              <SimpleTable
                rows={list.data.sharedByMe.map((share) => ({
                  share,
                  busy: revoke.busy && revoke.variables === share.id,
                  act: () => void revoke.run(share.id),
                  setPermission: (value: SharePermission) => void permission.run({ id: share.id, value }),
                }))}
                columns={SHARED_BY_ME}
                rowKey={(r) => r.share.id}
                rowTestId="shared-by-me-row"
                rowData={(r) => ({ name: r.share.itemName ?? '', status: r.share.status })}
                fz="sm"
                verticalSpacing={4}
                testId="shared-by-me"
              />
            </Card>
          )}
        </>
      )}
    </Stack>
  );
}
