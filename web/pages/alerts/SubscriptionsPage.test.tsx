import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  HAWK_PATHS,
  type HawkSubscription,
  hawkBacktestResultSchema,
  hawkSubscriptionListSchema,
  hawkSubscriptionSchema,
} from '@common/api/hawk';
import { type ApiCall, serveApi, shaped } from '../../test/apiServer';
import { renderPage } from '../../test/renderPage';
import SubscriptionsPage from './SubscriptionsPage';

const LIST = `GET ${HAWK_PATHS.subscriptions}`;
const NOW = Date.parse('2026-11-29T15:00:00.000Z');

const subscription = (fields: Partial<HawkSubscription> & Pick<HawkSubscription, 'id' | 'summary'>): HawkSubscription => ({
  name: null,
  template: null,
  rule: { kind: 'move', metric: 'gSpread', threshold: 10, window: '1d' },
  target: { kind: 'issuer', issuerId: 12 },
  targetLabel: 'Acme Corp',
  frequency: { type: 'daily' },
  expiresAt: null,
  channels: ['in_app'],
  paused: false,
  disabledAt: null,
  lastFiredAt: null,
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-01T10:00:00.000Z',
  ...fields,
});
const widening = subscription({
  id: 7,
  name: 'Acme widening',
  template: 'spread-move',
  summary: 'Acme Corp: G-spread moves 10 bp in a day',
  channels: ['in_app', 'email'],
  lastFiredAt: '2026-11-20T15:30:00.000Z',
});
const paused = subscription({ id: 8, summary: 'Acme Corp: price moves 2 points in a day', paused: true });
const expired = subscription({ id: 9, summary: 'The market: IG index moves', expiresAt: '2026-11-01T00:00:00.000Z' });
const shared = subscription({
  id: 10,
  summary: 'Beta Bank: yield above 6%',
  shared: { owner: { email: 'ann@example.com', name: 'Ann Lee' }, permission: 'view', shareId: 's-1' },
});

let server: ReturnType<typeof serveApi>;
beforeEach(() => {
  server = serveApi({
    [LIST]: shaped(hawkSubscriptionListSchema, { subscriptions: [widening, paused, expired, shared] }),
    [`PATCH ${HAWK_PATHS.subscription({ id: 7 })}`]: (call: ApiCall) =>
      shaped(hawkSubscriptionSchema, { ...widening, ...(call.body as Partial<HawkSubscription>) }),
    [`PATCH ${HAWK_PATHS.subscription({ id: 8 })}`]: shaped(hawkSubscriptionSchema, { ...paused, paused: false }),
    [`DELETE ${HAWK_PATHS.subscription({ id: 7 })}`]: new Response(null, { status: 204 }),
    [`POST ${HAWK_PATHS.backtest}`]: shaped(hawkBacktestResultSchema, {
      from: '2026-10-30',
      to: '2026-11-28',
      firings: 3,
      days: 2,
      samples: [],
      basis: 'end-of-day evaluated prices',
    }),
  });
});
const row = (id: number) => screen.getByTestId(`hawk-row-${id}`);
const cells = (id: number) =>
  within(row(id))
    .getAllByRole('cell')
    .map((c) => c.textContent);

describe('the alert subscriptions page', () => {
  it('lists each alert with its channels, its status on today’s clock and when it last fired', async () => {
    renderPage(<SubscriptionsPage />, { now: () => NOW });
    await screen.findByTestId('hawk-subscriptions');
    expect(cells(7).slice(0, 3)).toEqual(['Acme wideningAcme Corp: G-spread moves 10 bp in a day', 'in app, e-mail', 'Active']);
    expect(cells(7)[3]).toMatch(/^Nov 20, 2026, \d{1,2}:30 [AP]M$/);
    expect(cells(8).slice(2, 4)).toEqual(['Paused', '—']);
    expect(within(row(8)).getByTestId('hawk-pause').textContent).toBe('Resume');
    expect(cells(9)[2]).toBe('Expired');
    // Someone else's alert: no delete, the owner named.
    expect(within(row(10)).getByText('Shared by Ann Lee')).toBeTruthy();
    expect(within(row(10)).queryByTestId('hawk-delete')).toBeNull();
  });

  it('Resume sends paused: false for that alert and the list is read again', async () => {
    renderPage(<SubscriptionsPage />, { now: () => NOW });
    await screen.findByTestId('hawk-subscriptions');
    fireEvent.click(within(row(8)).getByTestId('hawk-pause'));
    await waitFor(() => expect(server.callsTo(`PATCH ${HAWK_PATHS.subscription({ id: 8 })}`)).toHaveLength(1));
    expect(server.callsTo(`PATCH ${HAWK_PATHS.subscription({ id: 8 })}`)[0]!.body).toEqual({ paused: false });
    await waitFor(() => expect(server.callsTo(LIST)).toHaveLength(2));
  });

  it('editing an alert and saving it sends its rule, target, frequency and channels back', async () => {
    renderPage(<SubscriptionsPage />, { now: () => NOW });
    await screen.findByTestId('hawk-subscriptions');
    fireEvent.click(within(row(7)).getByTestId('hawk-edit'));
    const name = (await screen.findByTestId('hawk-name')) as HTMLInputElement;
    expect(name.value).toBe('Acme widening');
    fireEvent.change(name, { target: { value: 'Acme 10bp' } });
    fireEvent.click(screen.getByTestId('hawk-save'));
    await waitFor(() => expect(server.callsTo(`PATCH ${HAWK_PATHS.subscription({ id: 7 })}`)).toHaveLength(1));
    expect(server.callsTo(`PATCH ${HAWK_PATHS.subscription({ id: 7 })}`)[0]!.body).toEqual({
      name: 'Acme 10bp',
      template: 'spread-move',
      rule: { kind: 'move', metric: 'gSpread', threshold: 10, window: '1d' },
      target: { kind: 'issuer', issuerId: 12 },
      frequency: { type: 'daily' },
      expiresAt: null,
      channels: ['in_app', 'email'],
      paused: false,
    });
    await waitFor(() => expect(screen.queryByTestId('hawk-name')).toBeNull());
  });

  it('a threshold the contract refuses is said in its words, and Save waits for a valid one', async () => {
    renderPage(<SubscriptionsPage />, { now: () => NOW });
    await screen.findByTestId('hawk-subscriptions');
    fireEvent.click(within(row(7)).getByTestId('hawk-edit'));
    const threshold = await screen.findByTestId('hawk-threshold');
    fireEvent.change(threshold, { target: { value: '' } });
    await waitFor(() => expect(screen.getByTestId('hawk-preview-invalid').textContent).toBe('Threshold is required.'));
    expect(screen.getByTestId('hawk-save').hasAttribute('disabled')).toBe(true);
    fireEvent.change(threshold, { target: { value: '15' } });
    await waitFor(() => expect(screen.queryByText('Threshold is required.')).toBeNull());
    fireEvent.click(screen.getByTestId('hawk-save'));
    await waitFor(() => expect(server.callsTo(`PATCH ${HAWK_PATHS.subscription({ id: 7 })}`)).toHaveLength(1));
    expect(server.callsTo(`PATCH ${HAWK_PATHS.subscription({ id: 7 })}`)[0]!.body).toMatchObject({
      rule: { kind: 'move', metric: 'gSpread', threshold: 15, window: '1d' },
    });
  });

  it('a threshold below zero is said once, by its name, not "Threshold threshold"', async () => {
    renderPage(<SubscriptionsPage />, { now: () => NOW });
    await screen.findByTestId('hawk-subscriptions');
    fireEvent.click(within(row(7)).getByTestId('hawk-edit'));
    fireEvent.change(await screen.findByTestId('hawk-threshold'), { target: { value: '-5' } });
    await waitFor(() => expect(screen.getByTestId('hawk-preview-invalid').textContent).toBe('Threshold must be positive.'));
  });

  it('Delete asks first, then deletes that alert', async () => {
    renderPage(<SubscriptionsPage />, { now: () => NOW });
    await screen.findByTestId('hawk-subscriptions');
    fireEvent.click(within(row(7)).getByTestId('hawk-delete'));
    fireEvent.click(await screen.findByTestId('confirm-delete'));
    await waitFor(() => expect(server.callsTo(`DELETE ${HAWK_PATHS.subscription({ id: 7 })}`)).toHaveLength(1));
  });
});
