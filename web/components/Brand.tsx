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
      // The primary orange of each scheme: orange 5 on the dark header as before, the burnt orange 7 (AA on white) on the light one.
      c="var(--mantine-color-orange-filled)"
      size="md"
      td="none"
      style={{ letterSpacing: '0.12em', textTransform: 'uppercase' }}
      data-testid="brand"
    >
      {PRODUCT_NAME}
    </Text>
  );
}
