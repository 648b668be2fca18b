/**
 * A served answer checked against its contract (the response schema in common/api). An answer
 * that does not match means the server and this page disagree (one of them was deployed without
 * the other): a fault to report, and one that asking again does not mend.
 */
import { z } from 'zod';

/** What a person reads when an answer did not match its contract. */
export const ANSWER_SHAPE_SENTENCE = 'The server sent an answer this page cannot read. Reload the page and try again.';

/** An answer (status 2xx) whose body is not what its contract says. */
export class AnswerShapeError extends Error {
  override readonly name = 'AnswerShapeError';
  constructor(
    /** The path that answered. */
    readonly path: string,
    /** Where and how the body differs, for the report (not for people: see ANSWER_SHAPE_SENTENCE). */
    readonly issues: readonly z.core.$ZodIssue[],
  ) {
    super(`The answer from ${path} does not match its contract: ${z.prettifyError(new z.ZodError([...issues]))}`);
  }
}

/** `answer` as the contract's output (defaults filled, unknown keys dropped), or an AnswerShapeError. */
export function checkedAnswer<T>(path: string, schema: z.ZodType<T>, answer: unknown): T {
  const checked = schema.safeParse(answer);
  if (!checked.success) throw new AnswerShapeError(path, checked.error.issues);
  return checked.data;
}
