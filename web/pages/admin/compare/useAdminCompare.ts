import { type UseQueryResult } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { ADMIN_BOND_PATHS, type CompareResponse, type MergeResult } from '@common/api/adminBonds';
import { useApiQuery } from '../../../api/queries';
import { parseIds } from './compareRows';

export type AdminCompareState = {
  /** The ids in the path: the bonds being compared (two or more to compare). */
  fromPath: number[];
  picked: number[];
  setPicked: (ids: number[]) => void;
  goCompare: () => void;
  merged: MergeResult | null;
  onMerged: (r: MergeResult) => void;
  compare: UseQueryResult<CompareResponse, Error>;
};

/** The bonds picked and compared (from the path, else `?with=`), the comparison and the merge outcome. */
export function useAdminCompare(): AdminCompareState {
  const navigate = useNavigate();
  const params = useParams();
  const [search] = useSearchParams();
  const fromPath = parseIds(params.bondIds);
  const [picked, setPicked] = useState<number[]>(() => (fromPath.length > 0 ? fromPath : parseIds(search.get('with'))));
  const [merged, setMerged] = useState<MergeResult | null>(null);
  const compare = useApiQuery<CompareResponse>(fromPath.length >= 2 ? ADMIN_BOND_PATHS.compare : null, {
    query: { ids: fromPath.join(',') },
  });
  return {
    fromPath,
    picked,
    setPicked,
    goCompare: () => void navigate(`/bw/admin/${picked.join(',')}/compare`),
    merged,
    onMerged: (r) => {
      setMerged(r);
      setPicked([r.survivorId]);
    },
    compare,
  };
}
