/**
 * The data of /bw/admin/issuer/{issuerId}: the issuer (with its bonds and curve), the sectors
 * its form offers, the notice after a save or merge, and reading the issuer again.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useParams } from 'react-router';
import {
  ADMIN_ISSUER_PATHS,
  adminIssuerUpdateSchema,
  type AdminIssuerDetail,
  type AdminIssuerMergeResponse,
  type AdminIssuerUpdate,
} from '@common/api/adminIssuers';
import { ADMIN_SECTOR_PATHS, type AdminSectorsResponse } from '@common/api/adminSectors';
import { ApiError, api } from '../../../api/client';
import { apiErrorText } from '../../../api/errorText';
import { apiKey, useApiQuery, useApiSend } from '../../../api/queries';
import { useContractForm } from '../../../components/forms/useContractForm';
import { changesSomething, issuerDraftOf, issuerUpdateOf } from './issuerDraft';
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

/**
 * The issuer's reference fields as a form on the update's contract: a field it refuses says so
 * under the field before anything is sent, as does a 400 of the server's naming one; any other
 * refusal (409: changed since it was read) is the form's error line.
 */
export function useIssuerEdit(issuer: AdminIssuerDetail, onSaved: (saved: AdminIssuerDetail) => void) {
  const save = useApiSend(
    (update: AdminIssuerUpdate) => api.put<AdminIssuerDetail>(ADMIN_ISSUER_PATHS.issuer({ issuerId: issuer.id }), update),
    { onDone: onSaved },
  );
  /** Whether the last refusal was a 409 (someone changed the issuer since it was read): a reload is offered. */
  const [stale, setStale] = useState(false);
  const contract = useContractForm({
    schema: adminIssuerUpdateSchema,
    initialValues: issuerDraftOf(issuer),
    toBody: (draft) => issuerUpdateOf(issuer, draft),
    // Said on the error line as before; the 409 is known by its status, not its words.
    refused: (failure) => {
      setStale(failure instanceof ApiError && failure.status === 409);
      contract.setFormError(apiErrorText(failure));
    },
  });
  const { form, formError, onSubmit } = contract;
  return {
    form,
    formError,
    stale,
    dirty: changesSomething(issuerUpdateOf(issuer, form.values)),
    busy: form.submitting,
    // Checked by the contract, sent as typed: the server trims and upper-cases as it always did.
    submit: onSubmit(() => save(issuerUpdateOf(issuer, form.getValues()))),
  };
}
