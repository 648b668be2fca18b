import { useState } from 'react';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import { adminDealCreateSchema, type AdminTrancheInput } from '@common/api/adminDeals';
import { useContractForm } from '../../../components/forms/useContractForm';
import { adminDealsApi } from './adminDealsApi';
import { ADDED_TRANCHE, FIRST_TRANCHE, newDealBody, type NewDealDraft } from './adminDeals';

/** The create contract, with the words a person reads when no issuer is picked yet. */
const newDealSchema = adminDealCreateSchema.extend({ issuerId: z.number({ message: 'Pick an issuer.' }).int().positive() });

/**
 * The new deal being typed and its creation, a form on the create contract: what it or the server
 * refuses (an unknown issuer, a tranche's size) is said under its field. A created deal opens on
 * its admin page.
 */
export function useNewDeal() {
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const { form, formError, onSubmit } = useContractForm({
    schema: newDealSchema,
    initialValues: { issuerId: null, bookrunners: '', useOfProceeds: '', tranches: [FIRST_TRANCHE] } as NewDealDraft,
    // No issuer yet is sent to the check as missing, for it to say so.
    toBody: (d) => newDealBody(d) as z.input<typeof newDealSchema>,
    // One bookrunner of the list ("bookrunners.2") is the bookrunners field; a tranche's level keeps its path.
    fieldOf: (path) => (path.startsWith('bookrunners.') ? 'bookrunners' : path),
  });
  const values = form.getValues();
  /** Sends the body as the fields make it (not the contract's defaults filled in). */
  const submit = onSubmit(async () => {
    setBusy(true);
    try {
      const created = await adminDealsApi.create(newDealBody(form.getValues()) as z.input<typeof adminDealCreateSchema>);
      void navigate(`/bw/admin/deal/${created.id}`);
    } finally {
      setBusy(false);
    }
  });
  const setTranches = (tranches: AdminTrancheInput[]) => form.setFieldValue('tranches', tranches);
  return {
    form,
    issuerId: values.issuerId,
    setIssuerId: (id: string | null) => form.setFieldValue('issuerId', id),
    tranches: values.tranches,
    setTranche: (k: number, patch: Partial<AdminTrancheInput>) =>
      setTranches(form.getValues().tranches.map((t, i) => (i === k ? { ...t, ...patch } : t))),
    addTranche: () => setTranches([...form.getValues().tranches, ADDED_TRANCHE]),
    removeTranche: (k: number) => setTranches(form.getValues().tranches.filter((_, i) => i !== k)),
    /** A refusal that names no field of the form. */
    error: formError,
    busy,
    submit: () => submit(),
  };
}

export type NewDealState = ReturnType<typeof useNewDeal>;
