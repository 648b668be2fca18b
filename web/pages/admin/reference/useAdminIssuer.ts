/**
 * The data of /bw/admin/issuer/{issuerId}: the issuer (with its bonds and curve), the sectors
 * its form offers, the notice after a save or merge, and reading the issuer again.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useParams } from 'react-router';
import { ADMIN_ISSUER_PATHS, type AdminIssuerDetail, type AdminIssuerMergeResponse } from '@common/api/adminIssuers';
import { ADMIN_SECTOR_PATHS, type AdminSectorsResponse } from '@common/api/adminSectors';
import { apiKey, useApiQuery } from '../../../api/queries';
import { curvePoints, isIssuerId, mergedNotice, savedNotice } from './issuerText';

export function useAdminIssuer() {
  const { issuerId = '' } = useParams();
  const client = useQueryClient();
  const [notice, setNotice] = useState<string | null>(null);
  const path = ADMIN_ISSUER_PATHS.issuer({ issuerId });
  const detail = useApiQuery<AdminIssuerDetail>(isIssuerId(issuerId) ? path : null);
  const sectors = useApiQuery<AdminSectorsResponse>(ADMIN_SECTOR_PATHS.list);
  const issuer = detail.data;
  const points = useMemo(() => curvePoints(issuer), [issuer]);
  const reload = () => client.invalidateQueries({ queryKey: apiKey(path) });
  return {
    detail,
    issuer,
    sectors: sectors.data?.sectors ?? [],
    points,
    notice,
    closeNotice: () => setNotice(null),
    reload,
    /** The saved issuer is the server's answer, so it replaces the cached one without a read. */
    saved: (saved: AdminIssuerDetail) => {
      client.setQueryData(apiKey(path), saved);
      setNotice(savedNotice(saved));
    },
    merged: async (r: AdminIssuerMergeResponse) => {
      setNotice(mergedNotice(r));
      await reload();
    },
  };
}

export type AdminIssuerState = ReturnType<typeof useAdminIssuer>;
