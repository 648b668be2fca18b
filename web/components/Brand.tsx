import { Text } from '@mantine/core';
import { Link } from 'react-router';
import { PRODUCT_NAME } from '@common/constants';

/** Product mark: monospace, amber, terminal-style. */
export function Brand({ to }: { to: string }) {
  return (
    <Text
      component={Link}
      to={to}
      ff="monospace"
      fw={700}
      c="orange.5"
      size="md"
      td="none"
      style={{ letterSpacing: '0.12em', textTransform: 'uppercase' }}
      data-testid="brand"
    >
      {PRODUCT_NAME}
    </Text>
  );
}
