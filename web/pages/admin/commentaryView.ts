import type { Commentary } from '@common/api/commentary';
import { fromLocalInput, toLocalInput } from '../../components/localDateTime';

/** The form's fields; the publish time as a datetime-local string, empty for "now". */
export interface CommentaryFormValues extends Record<string, unknown> {
  headline: string;
  markdown: string;
  publishAt: string;
}

export const EMPTY_COMMENTARY: CommentaryFormValues = { headline: '', markdown: '', publishAt: '' };

/** The request body from the form: the publish time back to an instant (none for "now"). */
export function commentaryBody(v: CommentaryFormValues) {
  return { headline: v.headline, markdown: v.markdown, publishAt: fromLocalInput(v.publishAt) };
}

/** A saved note's fields, for editing it. */
export function commentaryFormValues(c: Commentary): CommentaryFormValues {
  return { headline: c.headline, markdown: c.markdown, publishAt: toLocalInput(c.publishAt) };
}

/** A note whose publish time is still ahead: readers do not see it yet. */
export const isScheduled = (c: Commentary, nowMs: number) => Date.parse(c.publishAt) > nowMs;
