import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  ADMIN_REVIEW_PATHS,
  type ReviewItem,
  type ReviewResponse,
  reviewDecisionResponseSchema,
  reviewDecisionSchema,
  reviewResponseSchema,
} from '@common/api/adminReview';
import { type ApiCall, serveApi, shaped } from '../../../test/apiServer';
import { renderPage } from '../../../test/renderPage';
import AdminReviewPage from './AdminReviewPage';

const outlier: ReviewItem = {
  queue: 'outlier',
  key: 'price:101',
  bondId: 5,
  cusip: '000000AA1',
  description: 'ACME 5.25 12/01/36',
  issuer: 'Acme Corp',
  at: '2026-11-27',
  price: 97.5,
  previousPrice: 99.8,
  tradePrice: null,
  confidence: 40,
  reason: 'Made after rejecting 2 outlier trades',
};
const stale: ReviewItem = { ...outlier, queue: 'stale', key: 'stale:5:2026-11-20', at: null, reason: 'No evaluated price for 7 days' };
const counts = { outlier: 1, lowConfidence: 0, bigMove: 0, tradeFar: 0, flaggedTrade: 0, stale: 1 };
const queueAnswer = (items: ReviewItem[], queue: ReviewItem['queue'] = 'outlier'): ReviewResponse =>
  shaped(reviewResponseSchema, { asOf: '2026-11-27', computedAt: null, counts, queue, items, total: items.length, recent: [] });

const QUEUES = `GET ${ADMIN_REVIEW_PATHS.queues}`;
const DECIDE = `POST ${ADMIN_REVIEW_PATHS.decisions}`;
let server: ReturnType<typeof serveApi>;
beforeEach(() => {
  server = serveApi({
    [QUEUES]: (call: ApiCall) => (call.query.get('queue') === 'stale' ? queueAnswer([stale], 'stale') : queueAnswer([outlier])),
  });
});
const item = (key: string) => screen.findByTestId((id, el) => id === 'review-item' && el?.getAttribute('data-key') === key);

describe('admin review queues', () => {
  it('shows the flagged prices with why, and another queue is asked for from its first page', async () => {
    renderPage(<AdminReviewPage />);
    const row = await item('price:101');
    expect(within(row).getByText('Made after rejecting 2 outlier trades')).toBeTruthy();
    expect(within(row).getByText('Acme Corp')).toBeTruthy();
    expect(screen.getByText('Stale bonds (no recent evaluated price) (1)')).toBeTruthy();
    fireEvent.click(screen.getByText('Stale bonds (no recent evaluated price) (1)'));
    const staleRow = await item('stale:5:2026-11-20');
    expect(within(staleRow).queryByTestId('review-correct-open')).toBeNull();
    expect(Object.fromEntries(server.callsTo(QUEUES).at(-1)!.query)).toEqual({ queue: 'stale', offset: '0', limit: '50' });
  });

  it('correcting a price sends the right price with the note, says it was recorded, and the item leaves the queue', async () => {
    server.answer(DECIDE, (call: ApiCall) => {
      server.answer(QUEUES, queueAnswer([]));
      const body = reviewDecisionSchema.parse(call.body);
      return shaped(reviewDecisionResponseSchema, {
        id: 1,
        queue: body.queue,
        key: body.key,
        bondId: 5,
        decision: body.decision,
        note: body.note ?? null,
        decidedBy: 'ann@example.com',
        decidedAt: '2026-11-29T10:00:00.000Z',
        details: {},
      });
    });
    renderPage(<AdminReviewPage />);
    const row = await item('price:101');
    fireEvent.change(within(row).getByLabelText('Note'), { target: { value: 'Dealer run says 98.75' } });
    fireEvent.click(within(row).getByTestId('review-correct-open'));
    fireEvent.change(within(row).getByTestId('review-price'), { target: { value: '98.75' } });
    fireEvent.click(within(row).getByTestId('review-correct'));
    expect((await screen.findByTestId('review-done')).textContent).toBe('Recorded — price:101: correct');
    expect(server.callsTo(DECIDE).map((c) => c.body)).toEqual([
      { queue: 'outlier', key: 'price:101', decision: 'correct', price: 98.75, note: 'Dealer run says 98.75' },
    ]);
    expect(await screen.findByTestId('review-empty')).toBeTruthy();
    await waitFor(() => expect(screen.queryByTestId('review-item')).toBeNull());
  });
});
