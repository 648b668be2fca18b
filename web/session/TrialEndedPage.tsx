/**
 * What a user whose trial has ended sees instead of a market-data page: the server answers such
 * pages' calls with 402, and the app shows why and what still works, rather than failing calls.
 */
import { Anchor, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useAppStore } from '../stores/app';

/** Paths whose pages show market data (the API answers them 402 once a trial has ended). */
export function isMarketDataPath(pathname: string): boolean {
  return /^\/bw\/(market|sector|term-structure-change|bond|history|primary)(\/|$)/.test(pathname);
}

export function TrialEndedPage() {
  const supportEmail = useAppStore((s) => s.supportEmail);
  return (
    <Paper withBorder p="lg" maw={640} data-testid="trial-ended">
      <Stack gap="sm">
        <Title order={2} size="h3">
          Your trial has ended
        </Title>
        <Text size="sm">
          Market data — the bond table, prices, the market summary and history — needs a subscription. To subscribe or to extend your trial,
          contact <Anchor href={`mailto:${supportEmail}`}>{supportEmail}</Anchor>.
        </Text>
        <Text size="sm" c="dimmed">
          Your profile, your custom tables, help and the blog keep working.
        </Text>
        <Group gap="md">
          <Anchor component={Link} to="/bw/profile" size="sm">
            Profile
          </Anchor>
          <Anchor component={Link} to="/bw/bond/config" size="sm">
            Custom tables
          </Anchor>
          <Anchor component={Link} to="/bw/logout" size="sm">
            Log out
          </Anchor>
        </Group>
      </Stack>
    </Paper>
  );
}
