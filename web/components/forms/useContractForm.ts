/**
 * The one form hook: a @mantine/form checked against a zod contract of common/api (or a page's
 * schema built from the shared limits), so the browser refuses what the server would, and with the
 * same sentence. Each field's refusal is `humaneIssue` of the contract's issue, the words the
 * server's 400 reads as through `humaneServerError`; a 400 the server sends anyway (a rule only it
 * can check), or a 409 in the validator's form (a value another row has: `bodyRefusal` of
 * common/api/shared), lands on the fields it names. Any other failure goes where a failed mutation's goes
 * (`onApiFailure`, api/queryClient.ts): an unexpected one (a 5xx, no answer, a bug) is logged and
 * reported by `handleError`, a refusal the person caused (a 409, a 422…) is not; then the form
 * says it on its error line, through `refused`, or as the §8 toast with `errorToast`.
 */
import { schemaResolver, useForm, type FormErrors, type UseFormReturnType } from '@mantine/form';
import { useState, type FormEvent } from 'react';
import type { z } from 'zod';
import { ApiError } from '../../api/client';
import { apiErrorText } from '../../api/errorText';
import { humaneIssue, humaneServerIssues, type Unit } from '../../api/humaneError';
import { onApiFailure } from '../../api/queryClient';

export interface ContractFormOptions<Values extends Record<string, unknown>, S extends z.ZodType> {
  /** The request body's contract; what is sent is its parsed output. */
  schema: S;
  initialValues: Values;
  /** The body the contract checks, from the fields (trimmed, empty to null…); the values themselves by default. */
  toBody?: (values: Values) => z.input<S>;
  /** The field that shows a refusal of a body path, when the two differ ("profile.sectors" → "sectors"). */
  fieldOf?: (path: string) => string;
  /**
   * How a field is typed when not as the contract's number (a rate typed in percent, carried as a
   * decimal), by the form's field: its refusals state their bounds in that unit, as it was typed.
   */
  units?: Partial<Record<keyof Values & string, Unit>>;
  /** The error line's sentence for a failure with no text of the server's. */
  failure?: string;
  /**
   * Says a failure that names no field of the form, when the page says it otherwise than on its
   * error line (a message of its own). It is already reported when unexpected: it need not be again.
   */
  refused?: (failure: unknown) => void;
  /**
   * Says a failure that names no field as the §8 error toast (the string is its prefix), as a
   * mutation's `meta.errorToast` does, instead of on the error line or through `refused`; as
   * there, `handleError` then reports every such failure but a 404 or 410.
   */
  errorToast?: boolean | string;
}

export interface ContractForm<Values extends Record<string, unknown>, S extends z.ZodType> {
  form: UseFormReturnType<Values>;
  /** A sentence for the form as a whole (a refusal that names no field of it), else null. */
  formError: string | null;
  setFormError: (error: string | null) => void;
  /** The form's onSubmit: checks the fields, then sends the contract's body; a refusal comes back onto the form. */
  onSubmit: (send: (body: z.output<S>) => Promise<unknown> | void) => (event?: FormEvent<HTMLFormElement>) => void;
}

/**
 * The server's own `{ error }` text of a 400, or of a 409 that names a field (a duplicate), before
 * the client made it sentences; a 409 in other words (changed meanwhile) stays the form's.
 */
function validationText(failure: unknown): string | null {
  if (!(failure instanceof ApiError) || (failure.status !== 400 && failure.status !== 409)) return null;
  const body = failure.body;
  if (body && typeof body === 'object' && 'error' in body && typeof body.error === 'string') return body.error;
  return null;
}

export function useContractForm<Values extends Record<string, unknown>, S extends z.ZodType>({
  schema,
  initialValues,
  toBody = (values) => values as z.input<S>,
  fieldOf = (path) => path,
  units = {},
  failure = 'Something went wrong. Try again.',
  refused,
  errorToast,
}: ContractFormOptions<Values, S>): ContractForm<Values, S> {
  const [formError, setFormError] = useState<string | null>(null);
  const resolve = schemaResolver(schema, { sync: true });
  const unitOf = (field: string): Unit | undefined => (units as Partial<Record<string, Unit>>)[field];
  const form = useForm<Values>({
    initialValues,
    validate: (values) => {
      const errors: FormErrors = {};
      // The resolver keys each first issue by its dotted path; the sentence is the server's.
      for (const [path, message] of Object.entries(resolve(toBody(values)))) {
        const field = fieldOf(path);
        if (!(field in errors)) errors[field] = humaneIssue({ path: path ? path.split('.') : [], message: String(message) }, unitOf(field));
      }
      return errors;
    },
  });
  const isField = (path: string) => path !== '' && path.split('.')[0]! in form.getValues();

  const refuse = (refusal: unknown) => {
    const issues = humaneServerIssues(validationText(refusal) ?? '', (path) => unitOf(fieldOf(path)));
    if (issues?.every((issue) => isField(fieldOf(issue.path)))) {
      for (const issue of issues) form.setFieldError(fieldOf(issue.path), issue.sentence);
      return;
    }
    // Once, here, as a mutation's failure is: the page's `refused` must not report it again.
    onApiFailure(refusal, { errorToast });
    if (errorToast) return;
    if (refused) refused(refusal);
    else setFormError(apiErrorText(refusal, failure));
  };

  const onSubmit: ContractForm<Values, S>['onSubmit'] = (send) =>
    form.onSubmit(
      async (values) => {
        setFormError(null);
        try {
          await send(schema.parse(toBody(values)));
        } catch (refusal) {
          refuse(refusal);
        }
      },
      // A refusal of the body as a whole, or of a part no field shows, still needs saying.
      (errors) => {
        const stray = Object.entries(errors).find(([field]) => !isField(field));
        setFormError(stray ? String(stray[1]) : null);
      },
    );

  return { form, formError, setFormError, onSubmit };
}
