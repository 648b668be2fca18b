/**
 * A new password is typed twice, so that a slip of the finger does not lock the person out of the
 * account. The form's schema is the body's contract and a `repeat` that must match the new
 * password; the body sent is the contract's alone, without the repeat.
 */
import { z } from 'zod';

export const PASSWORDS_DIFFER = 'The passwords do not match.';

export function typedTwice<S extends z.ZodObject, Field extends keyof z.output<S> & string>(contract: S, field: Field) {
  return (
    z
      .intersection(contract, z.object({ repeat: z.string() }))
      // The schema's own refinement, so the mismatch shows beside the repeat as any refusal does.
      .refine((values) => values.repeat === values[field], { path: ['repeat'], message: PASSWORDS_DIFFER })
      .transform(({ repeat: _repeat, ...body }) => body)
  );
}
