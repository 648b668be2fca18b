import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { serveApi } from '../../test/apiServer';
import { renderPage } from '../../test/renderPage';
import NotAvailablePage from './NotAvailablePage';

describe('a route whose feature is not built yet', () => {
  it('shows that the page is not available yet when its route has no page, and asks for nothing', async () => {
    const server = serveApi();
    renderPage(<NotAvailablePage />, { path: '/bw/market/heatmap', at: '/bw/market/heatmap' });
    expect((await screen.findByTestId('not-available')).textContent).toBe('This page is not available yet.');
    expect(server.calls).toEqual([]);
  });
});
