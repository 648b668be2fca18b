/**
 * /bw/alerts/disable/{disableCode}: an alert e-mail's one-click disable, without signing in. It
 * disables on opening (once — the code is single-use), says which alert it turned off, and offers
 * to undo; an unknown or already used code gets the server's plain explanation.
 */
import { Alert, Button, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import type { HawkDisableResult } from '@common/api/hawk';
import { useApiMutation } from '../../api/queries';
import { announceChange } from '../../notifications/changes';
import { hawkApi } from './hawkApi';

export default function DisablePage() {
  const { disableCode = '' } = useParams();
  // Other tabs of this browser showing the alert list refresh at once.
  const changed = () => announceChange('hawk');
  const [disabled, setDisabled] = useState<HawkDisableResult | null>(null);
  const [undone, setUndone] = useState<HawkDisableResult | null>(null);
  const disable = useApiMutation(() => hawkApi.disable(disableCode), {
    onDone: (result) => {
      setDisabled(result);
      changed();
    },
    fallback: 'This link did not work',
  });
  const undo = useApiMutation(() => hawkApi.undo(disableCode), {
    onDone: (result) => {
      setUndone(result);
      changed();
    },
  });
  // Once per opening, even when React runs effects twice in development.
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void disable.run();
  }, [disable]);
  return (
    <Stack align="center" p="xl">
      <Paper withBorder p="lg" maw={560} w="100%">
        <Stack gap="sm" data-testid="hawk-disable-page">
          <Title order={3}>Market hawk alert</Title>
          {disable.error ? (
            <Alert color="red" data-testid="hawk-disable-error">
              {disable.error}
            </Alert>
          ) : !disabled ? (
            <Loader size="sm" type="dots" />
          ) : undone ? (
            <Text data-testid="hawk-disable-undone">
              Turned back on: <strong>{undone.summary}</strong>.
            </Text>
          ) : (
            <>
              <Text data-testid="hawk-disable-done">
                This alert is now off: <strong>{disabled.summary}</strong>. You will get no more e-mails or notifications from it.
              </Text>
              {undo.error && <Alert color="red">{undo.error}</Alert>}
              <Button variant="light" w="fit-content" loading={undo.busy} onClick={() => void undo.run()} data-testid="hawk-disable-undo">
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
