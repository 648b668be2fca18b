import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { serveApi } from '../../test/apiServer';
import { renderPage } from '../../test/renderPage';
import NotFoundPage from './NotFoundPage';

describe('the not-found page', () => {
  it('names the address that has no page, links to the market summary, and asks the server nothing', () => {
    const server = serveApi();
    renderPage(<NotFoundPage />, { path: '/bw/*', at: '/bw/no-such-screen' });
    expect(screen.getByTestId('not-found').textContent).toBe('There is no page at /bw/no-such-screen.Go to the market summary');
    expect(screen.getByRole('link', { name: 'Go to the market summary' }).getAttribute('href')).toBe('/bw/market/summary');
    expect(server.calls).toEqual([]);
  });
});
