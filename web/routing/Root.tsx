/**
 * Root route element: waits for the first health check, then applies the route guard, and
 * runs the shell-wide behaviours (keyboard shortcuts, Chrome notice).
 */
import { Alert, Box, Button, Center, Loader, Stack, Text, useMantineColorScheme } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useEffect } from 'react';
import { Outlet, useRouteError } from 'react-router';
import { MESSAGES } from '@common/constants';
import { handleError } from '../api/errors';
import { recheckHealthNow } from '../api/health';
import { maybeShowChromeNotice } from '../shell/browserNotice';
import { shortcutFor, toggleFullscreen } from '../shell/shortcuts';
import { useAppStore } from '../stores/app';
import { useSession } from '../stores/session';
import { RouteGuard } from './RouteGuard';

export function StartupScreen() {
  return (
    <Center h="100vh" data-testid="startup">
      <Loader size="sm" color="orange" type="dots" />
    </Center>
  );
}

/**
 * A page that failed to load (its code or first reads, say while the server is gone) inside the
 * shell, which stays: health is checked at once, so a server that went away leads to the spec's
 * error page within a second or two instead of a bare screen.
 */
export function PageFailed({ error }: { error: unknown }) {
  useEffect(() => {
    recheckHealthNow();
    handleError(error);
  }, [error]);
  return (
    <Alert color="red" title="This page could not be loaded" data-testid="page-error" m="md">
      <Stack gap="xs">
        <Text size="sm">Checking the connection to the server… Reloading usually helps once it answers.</Text>
        <Box>
          <Button size="compact-sm" color="red" onClick={() => window.location.reload()}>
            Reload
          </Button>
        </Box>
      </Stack>
    </Alert>
  );
}

/** A page's route error (its render threw): see PageFailed. */
export function PageErrorScreen() {
  return <PageFailed error={useRouteError()} />;
}

export function RouteErrorScreen() {
  const error = useRouteError();
  useEffect(() => {
    recheckHealthNow();
    handleError(error);
  }, [error]);
  return (
    <Center h="100vh" p="md">
      <Alert color="red" title="Something went wrong" data-testid="route-error">
        <Stack gap="xs">
          <Text size="sm">This page failed to load. Reloading usually helps.</Text>
          <Box>
            <Button size="compact-sm" color="red" onClick={() => window.location.reload()}>
              Reload
            </Button>
          </Box>
        </Stack>
      </Alert>
    </Center>
  );
}

function useShortcuts() {
  const { toggleColorScheme } = useMantineColorScheme();
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      const shortcut = shortcutFor(event);
      if (!shortcut) return;
      event.preventDefault();
      if (shortcut === 'darkMode') toggleColorScheme();
      else toggleFullscreen();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [toggleColorScheme]);
}

function useChromeNotice(ready: boolean) {
  useEffect(() => {
    if (!ready) return;
    maybeShowChromeNotice(navigator.userAgent, useSession.getState().accessToken !== null, () =>
      notifications.show({
        color: 'blue',
        title: 'Browser recommendation',
        message: MESSAGES.chromeNotice,
        autoClose: 10_000,
        'data-testid': 'chrome-notice',
      }),
    );
  }, [ready]);
}

export function Root() {
  const ready = useAppStore((s) => s.ready);
  useShortcuts();
  useChromeNotice(ready);
  if (!ready) return <StartupScreen />;
  return (
    <RouteGuard>
      <Outlet />
    </RouteGuard>
  );
}
