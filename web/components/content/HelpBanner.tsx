/**
 * Help banners and the welcome panel (feature `help`): closable, and remembered as the user's UI
 * preferences (`help.bannersClosed` lists closed banner ids, `help.welcomeClosed`), so a closed
 * banner stays closed on every device.
 */
import { Alert, Anchor, Group, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useFeature } from '../../features/useFeature';
import { usePreferences } from '../../preferences/usePreferences';

export function HelpBanner({ id, guide, children }: { id: string; guide: string; children: ReactNode }) {
  const help = useFeature('help');
  const { preferences, update, ready } = usePreferences();
  if (!help || !ready || preferences.help?.bannersClosed?.includes(id)) return null;
  const close = () => update((p) => ({ ...p, help: { ...p.help, bannersClosed: [...new Set([...(p.help?.bannersClosed ?? []), id])] } }));
  return (
    <Alert
      variant="light"
      color="blue"
      withCloseButton
      closeButtonLabel="Close this tip"
      onClose={close}
      py={6}
      data-testid={`help-banner-${id}`}
    >
      <Group gap="xs">
        <Text size="sm">{children}</Text>
        <Anchor component={Link} to={`/bw/help/${guide}`} size="sm">
          Read the guide
        </Anchor>
      </Group>
    </Alert>
  );
}

export function WelcomePanel() {
  const help = useFeature('help');
  const { preferences, update, ready } = usePreferences();
  if (!help || !ready || preferences.help?.welcomeClosed) return null;
  return (
    <Alert
      title="Welcome to Bondwise"
      color="teal"
      withCloseButton
      closeButtonLabel="Close the welcome panel"
      onClose={() => update((p) => ({ ...p, help: { ...p.help, welcomeClosed: true } }))}
      data-testid="welcome-panel"
    >
      <Text size="sm">
        This is the market at a glance. Start with{' '}
        <Anchor component={Link} to="/bw/help/articles/getting-started" size="sm">
          getting started
        </Anchor>
        , browse the{' '}
        <Anchor component={Link} to="/bw/help/guides" size="sm">
          guides for every screen
        </Anchor>{' '}
        and the{' '}
        <Anchor component={Link} to="/bw/help/workflows" size="sm">
          step-by-step workflows
        </Anchor>
        , or look up a column in the{' '}
        <Anchor component={Link} to="/bw/help/glossary" size="sm">
          glossary
        </Anchor>
        .
      </Text>
    </Alert>
  );
}
