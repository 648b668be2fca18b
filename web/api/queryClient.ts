/**
 * TanStack Query client: server state lives here, not in zustand.
 * - Client errors (4xx) are not retried, nor busy answers (the client waited out their Retry-After
 *   and asked once more), nor answers that broke their contract (asking again gets the same);
 *   other failures retry twice.
 * - Errors go through the §8 helper: unexpected ones (network, 5xx, bugs) are logged and
 *   reported; a query or mutation that sets `meta: { errorToast: true }` (or a prefix string)
 *   also shows the negative toast. Pages that show errors inline leave it unset.
 */
import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { notifications } from '@mantine/notifications';
import { AnswerShapeError } from './answerCheck';
import { ApiError } from './client';
import { handleError } from './errors';
import { recheckHealthNow } from './health';

declare module '@tanstack/react-query' {
  interface Register {
    /** sessionRead: a read of the session's own (queries.ts SESSION_READ), left alone by an 'everything' re-read. */
    queryMeta: { errorToast?: boolean | string; sessionRead?: boolean };
    mutationMeta: { errorToast?: boolean | string };
  }
}

/** An error worth reporting: not a plain client error the user caused (4xx). */
export function isUnexpectedError(error: unknown): boolean {
  return !(error instanceof ApiError) || error.status >= 500;
}

/** A call that found no server (network failure, 502–504): health is re-checked at once. */
function serverGone(error: unknown): boolean {
  return error instanceof TypeError || (error instanceof ApiError && error.status >= 502 && error.status <= 504);
}

/**
 * What a failed call goes through: every query and mutation here, and the one form hook's submit
 * (components/forms/useContractForm.ts), so a failure is reported the same way wherever it happened.
 */
export function onApiFailure(error: unknown, meta: { errorToast?: boolean | string } | undefined): void {
  if (serverGone(error)) recheckHealthNow();
  const toast = meta?.errorToast;
  if (toast) {
    handleError(error, { notifier: notifications.show, ...(typeof toast === 'string' ? { prefix: toast } : {}) });
  } else if (isUnexpectedError(error)) {
    handleError(error);
  }
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({ onError: (error, query) => onApiFailure(error, query.meta) }),
    mutationCache: new MutationCache({ onError: (error, _v, _c, mutation) => onApiFailure(error, mutation.meta) }),
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        retry: (failureCount, error) => {
          if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
          // A busy answer (503 with Retry-After) was already waited out and asked again once by the client.
          if (error instanceof ApiError && error.retryAfterSeconds !== null) return false;
          if (error instanceof AnswerShapeError) return false;
          return failureCount < 2;
        },
      },
      mutations: { retry: false },
    },
  });
}
