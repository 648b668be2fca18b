import { fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { SYSTEM_PATHS } from '@common/api/system';
import { serveApi } from '../../test/apiServer';
import { renderPage } from '../../test/renderPage';
import AdminIndexPage from './AdminIndexPage';
import { makeSystemState } from './system/systemFixtures';

const SYSTEM = `GET ${SYSTEM_PATHS.system}`;
let server: ReturnType<typeof serveApi>;
beforeEach(() => {
  server = serveApi({ [SYSTEM]: makeSystemState() });
});
const renderHome = () => renderPage(<AdminIndexPage />, { path: '/bw/admin', at: '/bw/admin' });

describe('admin home', () => {
  it('a quiet system: nothing needs attention, the queues are empty, and every admin page is one click away', async () => {
    renderHome();
    expect((await screen.findByTestId('system-attention-none')).textContent).toBe('Nothing needs attention.');
    expect(screen.getByTestId('queue-outbox').textContent).toBe('0');
    expect(screen.getByTestId('queue-migrations').textContent).toBe('1');
    expect(screen.getByRole('link', { name: 'Users' }).getAttribute('href')).toBe('/bw/admin/users');
    expect(screen.getByRole('link', { name: 'Maintenance' }).getAttribute('href')).toBe('/bw/admin/maintenance');
    expect(server.callsTo(SYSTEM)).toHaveLength(1);
  });

  it('what needs a person is listed with its queue counts, and each item leads to its page', async () => {
    server.answer(
      SYSTEM,
      makeSystemState({
        queues: { outboxWaiting: 1250, outboxFailing: 3, filingsNeedingReview: 2, unknownIdentifiers: 0, tradesMissingBonds: 0 },
        attention: [{ message: '2 term sheets need review', path: '/bw/admin/edgar' }],
      }),
    );
    const { router } = renderHome();
    const attention = await screen.findByTestId('system-attention');
    expect(screen.getByTestId('queue-outbox').textContent).toBe('1,250');
    expect(screen.getByTestId('queue-outbox-failing').textContent).toBe('3');
    expect(screen.getByTestId('queue-filings').textContent).toBe('2');
    fireEvent.click(within(attention).getByRole('link', { name: '2 term sheets need review' }));
    expect(router.state.location.pathname).toBe('/bw/admin/edgar');
  });
});
