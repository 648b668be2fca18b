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

export function RouteErrorScreen() {
  const error = useRouteError();
  useEffect(() => handleError(error), [error]);
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
