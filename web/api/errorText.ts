import { ANSWER_SHAPE_SENTENCE, AnswerShapeError } from './answerCheck';
import { ApiError } from './client';

/** A failed call as one sentence for a form: the server's text when it sent one. */
export function apiErrorText(error: unknown, fallback = 'Something went wrong. Try again.'): string {
  if (error instanceof ApiError) {
    if (error.serverError) return error.serverError;
    if (error.status === 404) return 'This link is not valid or has already been used.';
    if (error.status === 410) return 'This link has expired.';
    if (error.status === 429) return 'Too many attempts. Wait a minute and try again.';
    return `${fallback} (${error.status})`;
  }
  if (error instanceof AnswerShapeError) return ANSWER_SHAPE_SENTENCE;
  if (error instanceof TypeError) return 'Could not reach the server. Check your connection and try again.';
  return fallback;
}
