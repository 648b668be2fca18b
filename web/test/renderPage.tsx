/**
 * Test helper: renders a page inside Mantine, TanStack Query and a memory router, on the clock
 * given (`now`), else on the machine's.
 */
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { ClockProvider, type Now } from '../clock/clock';
import { theme } from '../theme';

export function renderPage(element: ReactElement, { path = '/', at = '/', now }: { path?: string; at?: string; now?: Now } = {}) {
  const router = createMemoryRouter(
    [
      { path, element },
      { path: '*', element: <div data-testid="navigated-elsewhere" /> },
    ],
    { initialEntries: [at] },
  );
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const view = render(
    <MantineProvider theme={theme} env="test">
      <QueryClientProvider client={queryClient}>
        <ClockProvider now={now ?? (() => Date.now())}>
          <RouterProvider router={router} />
        </ClockProvider>
      </QueryClientProvider>
    </MantineProvider>,
  );
  return { ...view, router, queryClient };
}
