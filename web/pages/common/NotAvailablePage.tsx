/** Placeholder for a route whose feature is not built yet: its title and a plain panel. */
import { Paper, Text } from '@mantine/core';
import { MESSAGES } from '@common/constants';
import { PageTitle } from '../../components/PageTitle';

export default function NotAvailablePage() {
  return (
    <>
      <PageTitle />
      <Paper withBorder p="md" data-testid="not-available">
        <Text c="dimmed">{MESSAGES.notAvailableYet}</Text>
      </Paper>
    </>
  );
}
