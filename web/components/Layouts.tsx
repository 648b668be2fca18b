/**
 * The two frames of the app: the full layout (header with menus) for logged-in users on app
 * pages, and a bare frame for public and special pages.
 */
import { AppShell, Box, Container, Group } from '@mantine/core';
import type { ReactNode } from 'react';
import { Brand } from './Brand';
import { HeaderTools } from './HeaderTools';
import { MainNav } from './MainNav';
import { PATHS } from '../routing/paths';
import { SessionGate } from '../session/SessionGate';

export function AppLayout({ children }: { children: ReactNode }) {
  return (
    <AppShell header={{ height: 40 }} padding="md" data-testid="app-layout">
      <AppShell.Header data-testid="app-header">
        <Group h="100%" px="sm" justify="space-between" wrap="nowrap">
          <Group gap="md" wrap="nowrap">
            <Brand to={PATHS.marketSummary} />
            <MainNav />
          </Group>
          <HeaderTools />
        </Group>
      </AppShell.Header>
      {/* AppShell.Main is the page's one <main> landmark (a second one inside it nested landmarks). */}
      <AppShell.Main id="main">
        <SessionGate>{children}</SessionGate>
      </AppShell.Main>
    </AppShell>
  );
}

export function PublicLayout({ children }: { children: ReactNode }) {
  return (
    <Box mih="100vh" data-testid="public-layout">
      <Group h={40} px="sm" style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}>
        <Brand to={PATHS.login} />
      </Group>
      <Container size="sm" py="xl" component="main" id="main">
        {children}
      </Container>
    </Box>
  );
}
