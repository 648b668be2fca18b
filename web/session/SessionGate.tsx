/**
 * Wraps the logged-in layout's content (spec §4 Login, after login):
 * 1. terms-of-service check (GET /v2/user/{id}/tos): missing or outdated consent must be given
 *    before anything else — the current text and a consent button are shown instead of the page;
 *    a failed check logs out and reloads (§8);
 * 2. user info loaded, features enabled, tracking started (a route marked `beforeUserInfo` renders
 *    meanwhile: it asks the server, which decides);
 * 3. notification polling, status badges and (after 1 s) push registration started;
 * 4. the trial banner above the page.
 * The token refresh is scheduled by the session itself (refresh.ts), not here.
 *
 * User info and UI preferences do not depend on the ToS answer, only on who is logged in, so they
 * are requested together with the ToS check (prefetched into their caches) rather than after it:
 * the first page's own requests (e.g. the bond table's list, which waits for preferences) then go
 * out one round trip after the ToS check instead of three. Rendering is still gated exactly as
 * above — nothing of the page shows before consent is known. They wait for the first health check
 * like everything under the router: during maintenance the API answers 503, and a failed ToS
 * check logs out. When the app opens with a session they are already requested at that first good
 * health check (session/startupReads.ts, routing/prefetch.ts), before the page's chunk is in.
 */
import { Button, Center, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { USER_PATHS, type TosStatus } from '@common/api/user';
import { useEffect, type ReactNode } from 'react';
import { handleError } from '../api/errors';
import { apiKey, useApiMutation, useApiQuery } from '../api/queries';
import { TosText, useTosText } from '../components/TosText';
import { authApi } from './authApi';
import { isSessionInstalled } from './install';
import { logout, logoutAndReload } from './logout';
import { startSessionServices } from './services';
import { useUserId } from './tokens';
import { TrialBanner } from './TrialBanner';
import { prefetchSessionReads, tosStatusRead } from './startupReads';
import { applyUserInfo, useUserInfo } from './userInfo';
import { useLocation } from 'react-router';
import { useAppStore } from '../stores/app';
import { isMarketDataPath, TrialEndedPage } from './TrialEndedPage';
import { rendersBeforeUserInfo } from '../routing/earlyStart';

function Waiting({ testId }: { testId: string }) {
  return (
    <Center py="xl" data-testid={testId}>
      <Loader size="sm" type="dots" />
    </Center>
  );
}

function TosConsent({ userId, outdated }: { userId: string; outdated: boolean }) {
  const queryClient = useQueryClient();
  const tos = useTosText();
  // A refusal is said as a toast (queryClient.ts), with this prefix.
  const consent = useApiMutation((version: string) => authApi.tosConsent(userId, version), {
    onDone: (status: TosStatus) => {
      // The gate opens on the new status at once; the user info is read again meanwhile.
      queryClient.setQueryData(apiKey(USER_PATHS.tos({ id: userId })), status);
      void queryClient.invalidateQueries({ queryKey: apiKey(USER_PATHS.user({ id: userId })) });
    },
    meta: { errorToast: 'Could not save your consent:' },
  });
  return (
    <Paper withBorder p="lg" maw={760} mx="auto" data-testid="tos-gate">
      <Stack gap="sm">
        <Text fw={600}>{outdated ? 'Our terms of service have changed' : 'Terms of service'}</Text>
        <Text size="sm" c="dimmed">
          {outdated
            ? 'Please read and accept the updated terms to keep using Bondwise.'
            : 'Please read and accept the terms to start using Bondwise.'}
        </Text>
        <TosText height={420} />
        <Group justify="space-between">
          <Button variant="subtle" color="gray" onClick={() => void logout()} data-testid="tos-decline">
            Log out
          </Button>
          <Button
            onClick={() => void (tos.data && consent.run(tos.data.version))}
            disabled={!tos.data}
            loading={consent.busy}
            autoFocus
            data-testid="tos-accept"
          >
            I accept the terms of service
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

function Services({ userId, children }: { userId: string; children: ReactNode }) {
  const info = useUserInfo();
  const location = useLocation();
  const refused = useAppStore((s) => s.trialEnded);
  const trialEnded = refused || info.data?.trial.state === 'trialEnded';
  useEffect(() => startSessionServices(userId), [userId]);
  useEffect(() => {
    if (info.data) applyUserInfo(info.data);
  }, [info.data]);
  useEffect(() => {
    if (info.isError) handleError(info.error, { notifier: notifications.show, prefix: 'Could not load your account:' });
  }, [info.isError, info.error]);
  // A page that asks the server itself (routes.tsx `beforeUserInfo`) renders at once.
  if (info.isPending && !rendersBeforeUserInfo(location.pathname)) return <Waiting testId="user-info-loading" />;
  return (
    <>
      <TrialBanner />
      {trialEnded && isMarketDataPath(location.pathname) ? <TrialEndedPage /> : children}
    </>
  );
}

/**
 * `enabled` defaults to whether the accounts runtime is installed (web/main.tsx does that), so
 * shell tests rendering the App without it see their pages ungated.
 */
export function SessionGate({ children, enabled = isSessionInstalled() }: { children: ReactNode; enabled?: boolean }) {
  return enabled ? <ActiveSessionGate>{children}</ActiveSessionGate> : <>{children}</>;
}

/** Starts the after-login requests that do not wait for the ToS answer (see the header). */
function usePrefetchAfterLogin(userId: string | null): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    // Errors are left to the components that read these (Services, usePreferences) to report.
    if (userId) prefetchSessionReads(queryClient, userId);
  }, [queryClient, userId]);
}

function ActiveSessionGate({ children }: { children: ReactNode }) {
  const userId = useUserId();
  usePrefetchAfterLogin(userId);
  const tos = useApiQuery(userId === null ? null : USER_PATHS.tos({ id: userId }), {
    ...(userId === null ? {} : tosStatusRead(userId)),
    // Forgotten as soon as the gate unmounts (logout; App also clears the query cache then), so
    // the next login checks again.
    gcTime: 0,
  });
  useEffect(() => {
    if (!tos.isError) return;
    handleError(tos.error);
    void logoutAndReload();
  }, [tos.isError, tos.error]);
  if (!userId) return null; // logging out: the shell is about to switch to the public layout
  if (tos.isPending || tos.isError) return <Waiting testId="tos-check" />;
  if (!tos.data.tosConsent) return <TosConsent userId={userId} outdated={tos.data.consentedVersion !== null} />;
  return <Services userId={userId}>{children}</Services>;
}
