import { fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { ADMIN_PATHS, organizationListSchema } from '@common/api/admin';
import { ADMIN_ONBOARDING_PATHS, type OnboardingEntry, onboardingQueueSchema } from '@common/api/adminOnboarding';
import { refusal, serveApi, shaped } from '../../../test/apiServer';
import { renderPage } from '../../../test/renderPage';
import AdminOnboardingPage from './AdminOnboardingPage';

const cy: OnboardingEntry = {
  id: 'u-7',
  email: 'cy@newfund.io',
  name: 'Cy Park',
  domain: 'newfund.io',
  signedUpAt: '2026-11-27T10:00:00.000Z',
  version: 2,
};
const QUEUE = `GET ${ADMIN_ONBOARDING_PATHS.queue}`;
const APPROVE = `POST ${ADMIN_ONBOARDING_PATHS.approve({ userId: 'u-7' })}`;
const REJECT = `POST ${ADMIN_ONBOARDING_PATHS.reject({ userId: 'u-7' })}`;
const emptyQueue = shaped(onboardingQueueSchema, { people: [], total: 0 });
let server: ReturnType<typeof serveApi>;
beforeEach(() => {
  server = serveApi({
    [QUEUE]: shaped(onboardingQueueSchema, { people: [cy], total: 1 }),
    [`GET ${ADMIN_PATHS.adminOrganizations}`]: shaped(organizationListSchema, { organizations: [] }),
  });
});
const queue = () => screen.getByTestId('onboarding-queue');

describe('admin onboarding queue', () => {
  it('approving a sign-up sends the version shown, and the queue the server answers is shown', async () => {
    server.answer(APPROVE, emptyQueue);
    renderPage(<AdminOnboardingPage />);
    await within(queue()).findByText('cy@newfund.io');
    expect(screen.getByText(/^1 waiting/)).toBeTruthy();
    fireEvent.click(within(queue()).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText(/^0 waiting/)).toBeTruthy();
    expect(server.callsTo(APPROVE).map((c) => c.body)).toEqual([{ version: 2 }]);
    expect(within(queue()).queryByText('cy@newfund.io')).toBeNull();
  });

  it('rejecting asks for a message to e-mail them, sends it, and a person changed meanwhile is refused with the reason', async () => {
    server.answer(REJECT, refusal(409, 'Someone changed this person since you opened them.'));
    renderPage(<AdminOnboardingPage />);
    fireEvent.click(await within(queue()).findByRole('button', { name: 'Reject…' }));
    const send = await screen.findByRole('button', { name: 'Reject and send' });
    expect(send.hasAttribute('disabled')).toBe(true);
    fireEvent.change(screen.getByLabelText('Message (e-mailed to them)'), { target: { value: 'We only onboard institutions.' } });
    fireEvent.click(send);
    expect((await screen.findByRole('alert')).textContent).toMatch(/Someone changed this person/);
    expect(server.callsTo(REJECT).map((c) => c.body)).toEqual([{ version: 2, message: 'We only onboard institutions.' }]);
  });
});
