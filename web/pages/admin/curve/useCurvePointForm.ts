/**
 * The correction of one curve point: which point is being corrected, and its yield checked
 * against the route's contract (curvePointUpdateSchema) before it is sent, typed in percent so
 * its bounds are said in percent. A 400 naming the yield lands under it; any other refusal goes
 * to `refused` (the page's message).
 */
import { useState } from 'react';
import { curvePointUpdateSchema, type CurvePoint, type CurvePointUpdate } from '@common/api/adminCurve';
import { useContractForm } from '../../../components/forms/useContractForm';

export type CorrectPoint = (point: CurvePoint, body: CurvePointUpdate) => Promise<unknown>;

export function useCurvePointForm(correct: CorrectPoint, refused: (failure: unknown) => void) {
  const [editing, setEditing] = useState<CurvePoint | null>(null);
  const { form, onSubmit } = useContractForm({
    schema: curvePointUpdateSchema,
    initialValues: { yield: null as number | null, updatedAt: '' },
    units: { yield: 'percent' },
    refused,
  });
  return {
    /** The tenor being corrected, if any. */
    editing: editing?.tenor ?? null,
    value: form.values.yield,
    error: form.errors.yield,
    setValue: (value: number | null) => form.setFieldValue('yield', value),
    submitting: form.submitting,
    start: (point: CurvePoint) => {
      setEditing(point);
      form.setValues({ yield: point.yield, updatedAt: point.updatedAt });
      form.clearErrors();
    },
    save: onSubmit(async (body) => {
      if (!editing) return;
      await correct(editing, body);
      setEditing(null);
    }),
    cancel: () => {
      setEditing(null);
      form.clearErrors();
    },
  };
}
