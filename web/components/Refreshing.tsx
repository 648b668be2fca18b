/**
 * Figures being replaced: while a page's query loads new parameters (another metric, range or
 * segment) the previous figures stay for layout but are covered by a loader, so they are never
 * read under the new caption.
 */
import { Box, LoadingOverlay } from '@mantine/core';
import type { CSSProperties, ReactNode } from 'react';

export function Refreshing({ active, children, style }: { active: boolean; children: ReactNode; style?: CSSProperties }) {
  return (
    <Box pos="relative" style={style} data-refreshing={active ? 'true' : 'false'}>
      <LoadingOverlay
        visible={active}
        zIndex={5}
        overlayProps={{ blur: 2, backgroundOpacity: 0.35 }}
        loaderProps={{ size: 'sm', type: 'dots' }}
      />
      {children}
    </Box>
  );
}
