import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { ADMIN_PATHS, type MaintenanceState, maintenanceStateSchema } from '@common/api/admin';
import { type ApiCall, refusal, serveApi, shaped } from '../../test/apiServer';
import { fieldError } from '../../test/fieldError';
import { renderPage } from '../../test/renderPage';
import { MAINTENANCE_NOTICE } from '../../components/maintenanceNotice';
import AdminMaintenancePage from './AdminMaintenancePage';

const open: MaintenanceState = shaped(maintenanceStateSchema, {
  maintenanceMode: false,
  message: null,
  startsAt: null,
  endsAt: null,
  active: false,
});
// The message field's description, read with its error.
const MESSAGE_HELP = 'Shown on the maintenance page instead of the standard notice; leave empty for the standard notice.';
const SAVE = `PUT ${ADMIN_PATHS.adminMaintenance}`;
let server: ReturnType<typeof serveApi>;
beforeEach(() => {
  server = serveApi({ [`GET ${ADMIN_PATHS.adminMaintenance}`]: open });
});

describe('admin maintenance switch', () => {
  it('shows the site open and previews the standard notice, then the message being typed', async () => {
    renderPage(<AdminMaintenancePage />);
    expect((await screen.findByTestId('maintenance-state')).textContent).toBe('Open');
    expect(screen.getByTestId('maintenance-toggle').textContent).toBe('Start maintenance');
    expect(screen.getByTestId('maintenance-preview').textContent).toContain(MAINTENANCE_NOTICE);
    fireEvent.change(screen.getByTestId('maintenance-message-input'), { target: { value: 'Back by 18:00 New York time.' } });
    expect(screen.getByTestId('maintenance-preview').textContent).toContain('Back by 18:00 New York time.');
  });

  it('starting maintenance sends the switch with the message, and the page shows it on', async () => {
    server.answer(SAVE, (call: ApiCall) => shaped(maintenanceStateSchema, { ...open, ...(call.body as object), active: true }));
    renderPage(<AdminMaintenancePage />);
    await screen.findByTestId('maintenance-state');
    fireEvent.change(screen.getByTestId('maintenance-message-input'), { target: { value: '  Back by 18:00.  ' } });
    fireEvent.click(screen.getByTestId('maintenance-toggle'));
    await waitFor(() => expect(screen.getByTestId('maintenance-state').textContent).toBe('Maintenance is on'));
    expect(server.callsTo(SAVE).map((c) => c.body)).toEqual([
      { maintenanceMode: true, message: 'Back by 18:00.', startsAt: null, endsAt: null },
    ]);
    expect(screen.getByTestId('maintenance-toggle').textContent).toBe('End maintenance');
  });

  it("a message longer than the contract allows is refused under it, in the server's sentence, and nothing is sent", async () => {
    renderPage(<AdminMaintenancePage />);
    await screen.findByTestId('maintenance-state');
    fireEvent.change(screen.getByTestId('maintenance-message-input'), { target: { value: 'x'.repeat(501) } });
    fireEvent.click(screen.getByTestId('maintenance-save'));
    await waitFor(() =>
      expect(fieldError(screen.getByTestId('maintenance-message-input'))).toBe(`Message must be at most 500 characters. ${MESSAGE_HELP}`),
    );
    fireEvent.click(screen.getByTestId('maintenance-toggle'));
    await waitFor(() =>
      expect(fieldError(screen.getByTestId('maintenance-message-input'))).toBe(`Message must be at most 500 characters. ${MESSAGE_HELP}`),
    );
    expect(server.callsTo(SAVE)).toEqual([]);
    expect(screen.queryByTestId('maintenance-error')).toBeNull();
    expect(screen.getByTestId('maintenance-state').textContent).toBe('Open');
  });

  it('saving a message and a window sends exactly them with the switch as it is', async () => {
    server.answer(SAVE, (call: ApiCall) => shaped(maintenanceStateSchema, { ...open, ...(call.body as object) }));
    renderPage(<AdminMaintenancePage />);
    await screen.findByTestId('maintenance-state');
    fireEvent.change(screen.getByTestId('maintenance-message-input'), { target: { value: ' Upgrade tonight. ' } });
    fireEvent.change(screen.getByTestId('maintenance-starts'), { target: { value: '2026-12-02T21:00' } });
    fireEvent.change(screen.getByTestId('maintenance-ends'), { target: { value: '2026-12-02T22:30' } });
    fireEvent.click(screen.getByTestId('maintenance-save'));
    await waitFor(() => expect(screen.getByTestId('maintenance-window').textContent).toContain('Scheduled:'));
    expect(server.callsTo(SAVE).map((c) => c.body)).toEqual([
      {
        maintenanceMode: false,
        message: 'Upgrade tonight.',
        startsAt: new Date('2026-12-02T21:00').toISOString(),
        endsAt: new Date('2026-12-02T22:30').toISOString(),
      },
    ]);
    expect(screen.getByTestId('maintenance-state').textContent).toBe('Open');
  });

  it('a window the server refuses shows its reason under the scheduled end, and the switch stays as it was', async () => {
    // As server/services/settings.ts refuses it.
    server.answer(SAVE, refusal(400, 'Invalid body.endsAt: must be after the scheduled start'));
    renderPage(<AdminMaintenancePage />);
    await screen.findByTestId('maintenance-state');
    fireEvent.change(screen.getByTestId('maintenance-starts'), { target: { value: '2026-12-02T22:00' } });
    fireEvent.change(screen.getByTestId('maintenance-ends'), { target: { value: '2026-12-02T21:00' } });
    fireEvent.click(screen.getByTestId('maintenance-save'));
    await waitFor(() =>
      expect(fieldError(screen.getByTestId('maintenance-ends'))).toBe('Scheduled end must be after the scheduled start.'),
    );
    expect(screen.queryByTestId('maintenance-error')).toBeNull();
    expect(server.callsTo(SAVE).map((c) => c.body)).toEqual([
      {
        maintenanceMode: false,
        message: null,
        startsAt: new Date('2026-12-02T22:00').toISOString(),
        endsAt: new Date('2026-12-02T21:00').toISOString(),
      },
    ]);
    expect(screen.getByTestId('maintenance-state').textContent).toBe('Open');
  });

  it("a failure naming no field is said on the page's error line", async () => {
    server.answer(SAVE, refusal(409, 'Maintenance was changed by someone else. Reload and try again.'));
    renderPage(<AdminMaintenancePage />);
    await screen.findByTestId('maintenance-state');
    fireEvent.click(screen.getByTestId('maintenance-toggle'));
    expect((await screen.findByTestId('maintenance-error')).textContent).toBe(
      'Maintenance was changed by someone else. Reload and try again.',
    );
    expect(screen.getByTestId('maintenance-state').textContent).toBe('Open');
  });
});
