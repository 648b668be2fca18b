/** Admin home: the state of the system, then every admin page of the route table. */
import { Anchor, Paper, SimpleGrid, Stack } from '@mantine/core';
import { Link } from 'react-router';
import { PageTitle } from '../../components/PageTitle';
import { menuLabel } from '../../components/MainNav';
import { menuPath, menuRoutes } from '../../routes';
import { SystemStatePanel } from './system/SystemStatePanel';

export default function AdminIndexPage() {
  return (
    <Stack gap="sm">
      <PageTitle />
      <SystemStatePanel />
      <Paper withBorder p="md">
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="xs">
          {menuRoutes('admin').map((route) => (
            <Anchor key={route.path} component={Link} to={menuPath(route)} size="sm">
              {menuLabel(route.title)}
            </Anchor>
          ))}
        </SimpleGrid>
      </Paper>
    </Stack>
  );
}
