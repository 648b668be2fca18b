/**
 * The data of /bw/admin/review: the queue shown and the page of it, the last decision recorded,
 * and one item's decision (accept, correct with a price, dismiss). After a decision the queues are
 * read again, since the item leaves them and the counts change.
 */
import { useState } from 'react';
import {
  ADMIN_REVIEW_PATHS,
  type ReviewDecisionResponse,
  type ReviewItem,
  type ReviewQueue,
  type ReviewResponse,
} from '@common/api/adminReview';
import { api } from '../../../api/client';
import { useApiMutation, useApiQuery } from '../../../api/queries';

/** Items per page of a queue. */
export const REVIEW_PAGE_SIZE = 50;

export function useAdminReview() {
  const [queue, setQueue] = useState<ReviewQueue>('outlier');
  const [offset, setOffset] = useState(0);
  const [done, setDone] = useState<string | null>(null);
  const page = useApiQuery<ReviewResponse>(ADMIN_REVIEW_PATHS.queues, {
    query: { queue, offset, limit: REVIEW_PAGE_SIZE },
    placeholderData: (p) => p,
  });
  return {
    queue,
    // Another queue starts from its first page.
    chooseQueue: (v: ReviewQueue) => {
      setQueue(v);
      setOffset(0);
    },
    offset,
    previousPage: () => setOffset(Math.max(0, offset - REVIEW_PAGE_SIZE)),
    nextPage: () => setOffset(offset + REVIEW_PAGE_SIZE),
    page,
    data: page.data,
    /** The last decision recorded, as a line to confirm it. */
    done,
    clearDone: () => setDone(null),
    /** Called once the queues were read again after a decision (see `useReviewDecision`). */
    decided: (d: ReviewDecisionResponse): Promise<void> => {
      setDone(`${d.key}: ${d.decision}${d.repriceError ? ` (not repriced: ${d.repriceError})` : ''}`);
      return Promise.resolve();
    },
  };
}

export type AdminReviewState = ReturnType<typeof useAdminReview>;

/** One item's decision: the optional note, the corrected price, and the call that records it. */
export function useReviewDecision(item: ReviewItem, onDecided: (d: ReviewDecisionResponse) => Promise<unknown>) {
  const [correcting, setCorrecting] = useState(false);
  const [price, setPrice] = useState<number | string>(item.tradePrice ?? item.price ?? '');
  const [note, setNote] = useState('');
  const decision = useApiMutation(
    (kind: 'accept' | 'correct' | 'dismiss') =>
      api.post<ReviewDecisionResponse>(ADMIN_REVIEW_PATHS.decisions, {
        queue: item.queue,
        key: item.key,
        decision: kind,
        ...(kind === 'correct' ? { price: Number(price) } : {}),
        ...(note.trim() ? { note } : {}),
      }),
    { invalidates: [ADMIN_REVIEW_PATHS.queues], onDone: onDecided },
  );
  return {
    correcting,
    toggleCorrecting: () => setCorrecting(!correcting),
    price,
    setPrice,
    note,
    setNote,
    /** The decision on its way (its button's spinner), else null. */
    busy: decision.busy ? (decision.variables ?? null) : null,
    error: decision.error,
    decide: (kind: 'accept' | 'correct' | 'dismiss') => void decision.run(kind),
  };
}
