import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { HAWK_PATHS, hawkDisableResultSchema } from '@common/api/hawk';
import { refusal, serveApi, shaped } from '../../test/apiServer';
import { renderPage } from '../../test/renderPage';
import DisablePage from './DisablePage';

const CODE = 'k3JdP0qXvT9mWz2LrB7sYc';
const DISABLE = `POST ${HAWK_PATHS.disable({ disableCode: CODE })}`;
const UNDO = `POST ${HAWK_PATHS.undoDisable({ disableCode: CODE })}`;
const ROUTE = '/bw/alerts/disable/:disableCode';
const result = (disabled: boolean) =>
  shaped(hawkDisableResultSchema, { subscriptionId: 7, summary: 'Acme Corp: G-spread moves 10 bp in a day', disabled });

let server: ReturnType<typeof serveApi>;
beforeEach(() => {
  server = serveApi({ [DISABLE]: result(true), [UNDO]: result(false) });
});

describe('the one-click disable page of an alert e-mail', () => {
  it('disables the alert once on opening and names it; Undo turns it back on', async () => {
    renderPage(<DisablePage />, { path: ROUTE, at: `/bw/alerts/disable/${CODE}` });
    expect((await screen.findByTestId('hawk-disable-done')).textContent).toBe(
      'This alert is now off: Acme Corp: G-spread moves 10 bp in a day. You will get no more e-mails or notifications from it.',
    );
    expect(server.callsTo(DISABLE)).toHaveLength(1);
    fireEvent.click(screen.getByTestId('hawk-disable-undo'));
    expect((await screen.findByTestId('hawk-disable-undone')).textContent).toBe(
      'Turned back on: Acme Corp: G-spread moves 10 bp in a day.',
    );
    expect(server.callsTo(UNDO)).toHaveLength(1);
    expect(server.callsTo(DISABLE)).toHaveLength(1);
  });

  it('a used code shows the server’s explanation and offers no undo', async () => {
    server.answer(DISABLE, refusal(410, 'This link was already used: the alert is off.'));
    renderPage(<DisablePage />, { path: ROUTE, at: `/bw/alerts/disable/${CODE}` });
    expect((await screen.findByTestId('hawk-disable-error')).textContent).toBe('This link was already used: the alert is off.');
    expect(screen.queryByTestId('hawk-disable-undo')).toBeNull();
    await waitFor(() => expect(server.callsTo(DISABLE)).toHaveLength(1));
  });
});
