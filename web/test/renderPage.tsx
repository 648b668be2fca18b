/** Test helper: renders an account page inside Mantine, TanStack Query and a memory router. */
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { theme } from '../theme';

export function renderPage(element: ReactElement, { path = '/', at = '/' }: { path?: string; at?: string } = {}) {
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
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return { ...view, router, queryClient };
}
