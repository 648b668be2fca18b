/**
 * Every term of a bond as a form, checked against the contract (adminBondTermsSchema: formats,
 * ranges, call prices) before it is sent. The server checks the rest (CUSIP check digit, dates in
 * order, coupon against its type) and names the field it refuses, which then shows on that field;
 * the enumerations keep to their vocabulary (common/market.ts). The call schedule is typed as the
 * reference file writes it: `2030-11-23@100; 2031-05-23@100`.
 */
import { Button, Group } from '@mantine/core';
import type { AdminBond, AdminBondTerms } from '@common/api/adminBonds';
import { BondTermsFields } from './BondTermsFields';
import { useBondTermsForm } from './useBondTermsForm';

interface Props {
  bond: AdminBond;
  /** Sends the terms; a refusal naming a term shows on its field, any other goes to `refused`. */
  onSave: (terms: AdminBondTerms) => Promise<unknown>;
  refused: (failure: unknown) => void;
}

export function BondTermsForm({ bond, onSave, refused }: Props) {
  const state = useBondTermsForm(bond, refused);
  return (
    <form onSubmit={state.submit(onSave)} noValidate data-testid="bond-terms-form">
      <BondTermsFields state={state} bond={bond} />
      <Group mt="sm">
        <Button type="submit" size="xs" loading={state.submitting} data-testid="bond-save">
          Save and reprice
        </Button>
        <Button size="xs" variant="default" onClick={state.undo}>
          Undo changes
        </Button>
      </Group>
    </form>
  );
}
