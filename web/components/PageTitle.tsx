import { Title } from '@mantine/core';
import { useRouteDef } from '../routing/useRouteDef';

/** The current route's title as the page heading (from the route table). */
export function PageTitle({ title }: { title?: string }) {
  const route = useRouteDef();
  return (
    <Title order={1} size="h2" mb="sm" data-testid="page-title">
      {title ?? route?.title ?? ''}
    </Title>
  );
}
