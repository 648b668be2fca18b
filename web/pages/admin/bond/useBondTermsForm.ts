import { adminBondTermsSchema, type AdminBond, type AdminBondTerms } from '@common/api/adminBonds';
import { useContractForm } from '../../../components/forms/useContractForm';
import { draftFieldOf, draftOf, termsOfDraft, type BondTermsDraft } from './bondTerms';

/**
 * The terms form's draft, checked against the contract (adminBondTermsSchema) before it is sent:
 * a refusal naming a term shows on its field, any other goes to `refused`. `undo` puts the bond's
 * own terms back and clears the errors.
 */
export function useBondTermsForm(bond: AdminBond, refused: (failure: unknown) => void) {
  const { form, onSubmit } = useContractForm({
    schema: adminBondTermsSchema,
    initialValues: draftOf(bond),
    toBody: termsOfDraft,
    fieldOf: draftFieldOf,
    // The coupon is typed in percent (DecimalInput), the contract's bound is a decimal.
    units: { coupon: 'percent' },
    refused,
  });
  // Typed by the draft's own keys: @mantine/form's path types cannot follow a generic key.
  const set = <K extends keyof BondTermsDraft>(key: K, value: BondTermsDraft[K]) => form.setFieldValue(key, value as never);
  return {
    values: form.values,
    set,
    error: (key: keyof BondTermsDraft) => form.errors[key],
    submitting: form.submitting,
    submit: (onSave: (terms: AdminBondTerms) => Promise<unknown>) => onSubmit(onSave),
    undo: () => {
      form.setValues(draftOf(bond));
      form.clearErrors();
    },
  };
}

export type BondTermsFormState = ReturnType<typeof useBondTermsForm>;
