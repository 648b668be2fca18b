import { useState } from 'react';
import { AUDIT_LOG_PATHS, type AuditLogPage } from '@common/api/auditLog';
import { type ImportReportBody, UPLOAD_MAX_BYTES, UPLOAD_PATH, type UploadKind, type UploadRefusal } from '@common/api/upload';
import { ApiError, api } from '../../api/client';
import { apiErrorText } from '../../api/errorText';
import { useApiQuery } from '../../api/queries';
import { tooLargeText, uploadKindSpec } from './uploadKinds';

/**
 * The upload's choices (kind, skip bad rows), the file's upload with its progress, the import's
 * report or refusal (a refused import may still send its report), and the past imports from the
 * audit log, read again after each import.
 */
export function useAdminUpload() {
  const [kind, setKind] = useState<UploadKind>('treasury');
  const [skipBadRows, setSkipBadRows] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const [result, setResult] = useState<{ report: ImportReportBody | null; refusal: string | null } | null>(null);
  const past = useApiQuery<AuditLogPage>(AUDIT_LOG_PATHS.entries, { query: { action: 'market.import.', limit: 20 } });

  const upload = async (file: File | null) => {
    if (!file) return;
    setResult(null);
    if (file.size > UPLOAD_MAX_BYTES) {
      setResult({ report: null, refusal: tooLargeText(file) });
      return;
    }
    const form = new FormData();
    form.append('file', file, file.name);
    setProgress(0);
    try {
      const report = await api.post<ImportReportBody>(UPLOAD_PATH({ kind }), undefined, {
        body: form,
        query: { skipBadRows: skipBadRows ? 'true' : 'false' },
        onUploadProgress: setProgress,
      });
      setResult({ report, refusal: null });
      void past.refetch();
    } catch (err) {
      const body = err instanceof ApiError ? (err.body as UploadRefusal | undefined) : undefined;
      setResult({ report: body?.report ?? null, refusal: apiErrorText(err) });
    } finally {
      setProgress(null);
    }
  };

  return { kind, setKind, spec: uploadKindSpec(kind), skipBadRows, setSkipBadRows, progress, result, past, upload };
}

export type AdminUploadState = ReturnType<typeof useAdminUpload>;
