import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { AdminTrancheInput } from '@common/api/adminDeals';
import { apiErrorText } from '../../../api/errorText';
import { adminDealsApi } from './adminDealsApi';
import { ADDED_TRANCHE, FIRST_TRANCHE, newDealBody } from './adminDeals';

/** The new deal being typed and its creation; a created deal opens on its admin page. */
export function useNewDeal() {
  const navigate = useNavigate();
  const [issuerId, setIssuerId] = useState<string | null>(null);
  const [bookrunners, setBookrunners] = useState('');
  const [useOfProceeds, setUseOfProceeds] = useState('');
  const [tranches, setTranches] = useState<AdminTrancheInput[]>([FIRST_TRANCHE]);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    if (!issuerId) return setError('Pick an issuer.');
    setBusy(true);
    setError(null);
    try {
      const created = await adminDealsApi.create(newDealBody({ issuerId, bookrunners, useOfProceeds, tranches }));
      void navigate(`/bw/admin/deal/${created.id}`);
    } catch (err) {
      setError(apiErrorText(err));
    } finally {
      setBusy(false);
    }
  };
  return {
    issuerId,
    setIssuerId,
    bookrunners,
    setBookrunners,
    useOfProceeds,
    setUseOfProceeds,
    tranches,
    setTranche: (k: number, patch: Partial<AdminTrancheInput>) => setTranches(tranches.map((t, i) => (i === k ? { ...t, ...patch } : t))),
    addTranche: () => setTranches([...tranches, ADDED_TRANCHE]),
    removeTranche: (k: number) => setTranches(tranches.filter((_, i) => i !== k)),
    error,
    busy,
    submit,
  };
}

export type NewDealState = ReturnType<typeof useNewDeal>;
