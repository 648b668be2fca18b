/** Shown to non-admins while maintenance is on (with the administrators' message, if any); the guard sends everyone on when it ends. */
import { Anchor, Paper, Text } from '@mantine/core';
import { Link } from 'react-router';
import { MAINTENANCE_NOTICE } from '../../components/maintenanceNotice';
import { PageTitle } from '../../components/PageTitle';
import { PATHS } from '../../routing/paths';
import { useAppStore } from '../../stores/app';
import { useSession } from '../../stores/session';

export default function MaintenancePage() {
  const loggedIn = useSession((s) => s.accessToken !== null);
  const message = useAppStore((s) => s.maintenanceMessage);
  return (
    <>
      <PageTitle title="Down for maintenance" />
      <Paper withBorder p="md" data-testid="maintenance">
        <Text mb="xs" data-testid="maintenance-message">
          {message ?? MAINTENANCE_NOTICE}
        </Text>
        <Anchor component={Link} to={loggedIn ? PATHS.logout : PATHS.login} size="sm">
          {loggedIn ? 'Log out' : 'Administrator sign-in'}
        </Anchor>
      </Paper>
    </>
  );
}
