/**
 * /bw/alerts/disable/{disableCode}: an alert e-mail's one-click disable, without signing in. It
 * disables on opening (once — the code is single-use), says which alert it turned off, and offers
 * to undo; an unknown or already used code gets the server's plain explanation.
 */
import { Alert, Button, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Link, useParams } from 'react-router';
import { apiErrorText } from '../../api/errorText';
import { announceChange } from '../../notifications/changes';
import { hawkApi } from './hawkApi';

export default function DisablePage() {
  const { disableCode = '' } = useParams();
  // Other tabs of this browser showing the alert list refresh at once.
  const changed = () => announceChange('hawk');
  const disable = useMutation({ mutationFn: () => hawkApi.disable(disableCode), onSuccess: changed });
  const undo = useMutation({ mutationFn: () => hawkApi.undo(disableCode), onSuccess: changed });
  // Once per opening, even when React runs effects twice in development.
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    disable.mutate();
  }, [disable]);
  return (
    <Stack align="center" p="xl">
      <Paper withBorder p="lg" maw={560} w="100%">
        <Stack gap="sm" data-testid="hawk-disable-page">
          <Title order={3}>Market hawk alert</Title>
          {disable.isPending || disable.isIdle ? (
            <Loader size="sm" type="dots" />
          ) : disable.isError ? (
            <Alert color="red" data-testid="hawk-disable-error">
              {apiErrorText(disable.error, 'This link did not work')}
            </Alert>
          ) : undo.isSuccess ? (
            <Text data-testid="hawk-disable-undone">
              Turned back on: <strong>{undo.data.summary}</strong>.
            </Text>
          ) : (
            <>
              <Text data-testid="hawk-disable-done">
                This alert is now off: <strong>{disable.data.summary}</strong>. You will get no more e-mails or notifications from it.
              </Text>
              {undo.isError && <Alert color="red">{apiErrorText(undo.error)}</Alert>}
              <Button
                variant="light"
                w="fit-content"
                loading={undo.isPending}
                onClick={() => undo.mutate()}
                data-testid="hawk-disable-undo"
              >
                Undo — keep this alert on
              </Button>
            </>
          )}
          <Text size="sm" c="dimmed">
            Manage all your alerts after <Link to="/bw/alerts/subscriptions">signing in</Link>.
          </Text>
        </Stack>
      </Paper>
    </Stack>
  );
}
