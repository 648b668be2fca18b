/** Where the app goes when the server cannot be reached (spec §8). */
import { Button, Group, Paper, Text } from '@mantine/core';
import { MESSAGES } from '@common/constants';
import { PageTitle } from '../../components/PageTitle';
import { useAppStore } from '../../stores/app';
import { PATHS } from '../../routing/paths';
import { APP_BASE_PATH } from '@common/constants';

export default function ErrorPage() {
  const supportEmail = useAppStore((s) => s.supportEmail);
  return (
    <>
      <PageTitle title="Something went wrong" />
      <Paper withBorder p="md" data-testid="error-page">
        <Text mb="sm">{MESSAGES.healthFailure}.</Text>
        <Text size="sm" c="dimmed" mb="md">
          {MESSAGES.errorCaption(supportEmail)}
        </Text>
        <Group>
          <Button
            size="compact-sm"
            data-testid="error-retry"
            onClick={() => {
              // A fresh start re-runs the health check and the guard from the market summary.
              window.location.replace(`${APP_BASE_PATH}#${PATHS.marketSummary}`);
              window.location.reload();
            }}
          >
            Try again
          </Button>
        </Group>
      </Paper>
    </>
  );
}
