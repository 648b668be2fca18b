import { useState } from 'react';
import { ADMIN_BOND_PATHS, type CompareResponse, type MergeResult } from '@common/api/adminBonds';
import { api } from '../../../api/client';
import { apiErrorText } from '../../../api/errorText';
import { type Bond } from './compareRows';

export type MergeBondsState = {
  survivor: number | null;
  setSurvivor: (id: number) => void;
  /** The bonds that would be merged into the kept one. */
  others: Bond[];
  asking: boolean;
  setAsking: (asking: boolean) => void;
  busy: boolean;
  error: string | null;
  merge: () => Promise<void>;
};

/**
 * Choosing the bond to keep and merging the others into it, after confirmation. Sends the
 * versions compared so the server can refuse a stale comparison.
 */
export function useMergeBonds(data: CompareResponse, onMerged: (r: MergeResult) => void): MergeBondsState {
  const [survivor, setSurvivor] = useState<number | null>(null);
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const others = data.bonds.filter((b) => b.id !== survivor);
  const merge = async () => {
    if (survivor === null) return;
    setBusy(true);
    setError(null);
    try {
      onMerged(
        await api.post<MergeResult>(ADMIN_BOND_PATHS.merge, {
          survivorId: survivor,
          mergedIds: others.map((b) => b.id),
          versions: Object.fromEntries(data.bonds.map((b) => [String(b.id), b.updatedAt])),
          confirm: true,
        }),
      );
    } catch (err) {
      setError(apiErrorText(err));
    } finally {
      setBusy(false);
      setAsking(false);
    }
  };
  return { survivor, setSurvivor, others, asking, setAsking, busy, error, merge };
}
