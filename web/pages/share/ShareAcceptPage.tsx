/**
 * /bw/share/accept/{uuid}: the link of an invitation. Shows what is shared, by whom and with what
 * permission, and accepts it (the item joins the caller's lists) or declines it. A link sent to
 * someone else, an expired invitation or a revoked share is refused by the server with a sentence
 * this page shows as it is.
 */
import { Alert, Anchor, Badge, Button, Card, Center, Group, Loader, Stack, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from 'react-router';
import { SHARE_KIND_LABELS } from '@common/api/shares';
import { formatDate } from '@common/format';
import { apiErrorText } from '../../api/errorText';
import { PageTitle } from '../../components/PageTitle';
import { shareApi, shareKey, sharesKey } from '../../components/share/shareApi';

export default function ShareAcceptPage() {
  const { uuid = '' } = useParams();
  const client = useQueryClient();
  const navigate = useNavigate();
  const share = useQuery({ queryKey: shareKey(uuid), queryFn: () => shareApi.get(uuid), retry: false });
  const done = () => void client.invalidateQueries({ queryKey: sharesKey });
  const accept = useMutation({
    mutationFn: () => shareApi.accept(uuid),
    onSuccess: (s) => {
      done();
      // Everything the item's pages cached was read before the share: read it again.
      void client.invalidateQueries();
      void navigate(s.itemPath);
    },
  });
  const decline = useMutation({
    mutationFn: () => shareApi.leave(uuid),
    onSuccess: () => {
      done();
      void navigate('/bw/share/manage');
    },
  });
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
            {(accept.isError || decline.isError) && (
              <Text size="sm" c="red" data-testid="share-accept-error">
                {apiErrorText(accept.error ?? decline.error)}
              </Text>
            )}
            <Group>
              {s.status === 'pending' && (
                <>
                  <Button size="xs" loading={accept.isPending} onClick={() => accept.mutate()} data-testid="share-accept">
                    Accept
                  </Button>
                  <Button size="xs" variant="default" loading={decline.isPending} onClick={() => decline.mutate()}>
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
