/**
 * Chooses the frame for the current route: full layout for logged-in users on app pages. An
 * admin route opened by a non-admin renders a refusal instead of the page (spec §6: admin pages
 * are admins' only; the server refuses their endpoints with 403 as well).
 */
import { Anchor, Paper, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { Link, Outlet } from 'react-router';
import { AppLayout, PublicLayout } from '../components/Layouts';
import { PATHS } from './paths';
import { useSession } from '../stores/session';
import { isRefusedAdminRoute, NOT_PERMITTED_TITLE } from './guards';
import { useRouteDef } from './useRouteDef';
import { trackEvent } from '../usage';

function NotPermitted() {
  return (
    <>
      <Title order={1} size="h2" mb="sm" data-testid="page-title">
        {NOT_PERMITTED_TITLE}
      </Title>
      <Paper withBorder p="md" data-testid="not-permitted">
        <Text mb="xs">This page is for Bondwise administrators only.</Text>
        <Anchor component={Link} to={PATHS.marketSummary}>
          Go to the market summary
        </Anchor>
      </Paper>
    </>
  );
}

export function Shell() {
  const loggedIn = useSession((s) => s.accessToken !== null);
  const isAdmin = useSession((s) => s.isAdmin);
  const route = useRouteDef();
  // One page view per route a signed-in person reaches (the route's pattern: no ids or queries).
  const pattern = route?.path;
  useEffect(() => {
    if (pattern && loggedIn) trackEvent('page.view', { route: pattern });
  }, [pattern, loggedIn]);
  const full = loggedIn && (route?.access === 'user' || route?.access === 'admin' || route?.path === '*');
  const Layout = full ? AppLayout : PublicLayout;
  return <Layout>{isRefusedAdminRoute(route, loggedIn, isAdmin) ? <NotPermitted /> : <Outlet />}</Layout>;
}
