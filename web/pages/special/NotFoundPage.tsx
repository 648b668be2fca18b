import { Anchor, Paper, Text } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { PageTitle } from '../../components/PageTitle';
import { PATHS } from '../../routing/paths';

export default function NotFoundPage() {
  const location = useLocation();
  return (
    <>
      <PageTitle />
      <Paper withBorder p="md" data-testid="not-found">
        <Text mb="xs">
          There is no page at <code>{location.pathname}</code>.
        </Text>
        <Anchor component={Link} to={PATHS.marketSummary}>
          Go to the market summary
        </Anchor>
      </Paper>
    </>
  );
}
