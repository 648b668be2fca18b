/**
 * /bw/share/accept/{uuid}: the link of an invitation. Shows what is shared, by whom and with what
 * permission, and accepts it (the item joins the caller's lists) or declines it. A link sent to
 * someone else, an expired invitation or a revoked share is refused by the server with a sentence
 * this page shows as it is.
 */
import { Alert, Anchor, Badge, Button, Card, Center, Group, Loader, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from 'react-router';
import { SHARE_KIND_LABELS, SHARE_PATHS, type Share } from '@common/api/shares';
import { formatDate } from '@common/format';
import { apiErrorText } from '../../api/errorText';
import { useApiMutation, useApiQuery } from '../../api/queries';
import { PageTitle } from '../../components/PageTitle';
import { shareApi } from '../../components/share/shareApi';

export default function ShareAcceptPage() {
  const { uuid = '' } = useParams();
  const client = useQueryClient();
  const navigate = useNavigate();
  const share = useApiQuery<Share>(SHARE_PATHS.one({ uuid }), { retry: false });
  const invalidates = [SHARE_PATHS.shares];
  const accept = useApiMutation(() => shareApi.accept(uuid), {
    invalidates,
    onDone: (s) => {
      // Everything the item's pages cached was read before the share: read it again.
      void client.invalidateQueries();
      void navigate(s.itemPath);
    },
  });
  const decline = useApiMutation(() => shareApi.leave(uuid), { invalidates, onDone: () => navigate('/bw/share/manage') });
  const s = share.data;
  return (
    <Stack gap="sm" maw={640} data-testid="share-accept-page">
      <PageTitle />
      {share.isPending && (
        <Center py="xl">
          <Loader size="sm" type="dots" />
        </Center>
      )}
      {share.isError && (
        <Alert color="red" title="This share link cannot be used" data-testid="share-refused">
          <Text size="sm">{apiErrorText(share.error)}</Text>
          <Anchor component={Link} to="/bw/share/manage" size="sm">
            Your shared items
          </Anchor>
        </Alert>
      )}
      {s && (
        <Card withBorder padding="md" data-testid="share-invitation">
          <Stack gap="xs">
            <Text>
              <strong>{s.owner.name ?? s.owner.email}</strong> shared the {SHARE_KIND_LABELS[s.kind]}{' '}
              <strong data-testid="share-item-name">“{s.itemName ?? 'a deleted item'}”</strong> with {s.recipient.email}.
            </Text>
            <Group gap="xs">
              <Badge variant="light">{s.permission === 'edit' ? 'Can edit' : 'Can view'}</Badge>
              <Badge variant="outline" data-testid="share-status">
                {s.status}
              </Badge>
              {s.status === 'pending' && (
                <Text size="xs" c="dimmed">
                  Accept by {formatDate(s.expiresAt)}
                </Text>
              )}
            </Group>
            {(accept.error ?? decline.error) && (
              <Text size="sm" c="red" data-testid="share-accept-error">
                {accept.error ?? decline.error}
              </Text>
            )}
            <Group>
              {s.status === 'pending' && (
                <>
                  <Button size="xs" loading={accept.busy} onClick={() => void accept.run()} data-testid="share-accept">
                    Accept
                  </Button>
                  <Button size="xs" variant="default" loading={decline.busy} onClick={() => void decline.run()}>
                    Decline
                  </Button>
                </>
              )}
              {s.status === 'accepted' && (
                <Button size="xs" component={Link} to={s.itemPath} data-testid="share-open">
                  Open
                </Button>
              )}
            </Group>
          </Stack>
        </Card>
      )}
    </Stack>
  );
}
