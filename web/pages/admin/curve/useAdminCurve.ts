import { type UseQueryResult } from '@tanstack/react-query';
import { useState } from 'react';
import {
  ADMIN_CURVE_PATHS,
  type AdminCurve,
  type CurveCompare,
  type CurvePoint,
  type CurvePointSaved,
  type CurvePointUpdate,
} from '@common/api/adminCurve';
import { type ImportReportBody, UPLOAD_PATH } from '@common/api/upload';
import { api } from '../../../api/client';
import { apiErrorText } from '../../../api/errorText';
import { useApiQuery } from '../../../api/queries';
import { correctedText, importedText } from './curveView';

export type CurveMessage = { ok: boolean; text: string };

export type AdminCurveState = {
  /** The date asked for; undefined means the latest curve. */
  asked: string | undefined;
  setAsked: (date: string | undefined) => void;
  curve: UseQueryResult<AdminCurve, Error>;
  /** The date compared with: the one typed, else the previous curve's. */
  compareWith: string;
  setOther: (date: string) => void;
  compare: UseQueryResult<CurveCompare, Error>;
  busy: boolean;
  message: CurveMessage | null;
  clearMessage: () => void;
  /** Sends a point's correction; a refusal is thrown back to the correction's form. */
  correct: (point: CurvePoint, body: CurvePointUpdate) => Promise<void>;
  /** Says a refused correction that names no field of it in the page's message. */
  refused: (failure: unknown) => void;
  importFile: (file: File | null) => Promise<void>;
};

/**
 * The curve of the date asked, its comparison with another date, correcting a point and importing
 * a Treasury file. Both edits show their outcome or refusal in one message and reload the curve.
 */
export function useAdminCurve(): AdminCurveState {
  const [asked, setAsked] = useState<string | undefined>(undefined);
  const [other, setOther] = useState('');
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<CurveMessage | null>(null);
  const curve = useApiQuery<AdminCurve>(ADMIN_CURVE_PATHS.curve, { query: { date: asked }, placeholderData: (prev) => prev });
  const c = curve.data;
  const compareWith = other || c?.previousDate || '';
  const compare = useApiQuery<CurveCompare>(c && compareWith ? ADMIN_CURVE_PATHS.compare : null, {
    query: { a: compareWith, b: c?.date ?? '' },
  });

  const correct = async (point: CurvePoint, body: CurvePointUpdate): Promise<void> => {
    if (!c) return;
    setBusy(true);
    setMessage(null);
    try {
      const saved = await api.put<CurvePointSaved>(ADMIN_CURVE_PATHS.point({ date: c.date, tenor: point.tenor }), body);
      setMessage({ ok: true, text: correctedText(c.date, point, saved) });
    } finally {
      setBusy(false);
      await curve.refetch();
      await compare.refetch();
    }
  };

  const importFile = async (file: File | null) => {
    if (!file) return;
    const form = new FormData();
    form.append('file', file, file.name);
    setBusy(true);
    setMessage(null);
    try {
      const report = await api.post<ImportReportBody>(UPLOAD_PATH({ kind: 'treasury' }), undefined, {
        body: form,
        query: { skipBadRows: 'false' },
      });
      setMessage({ ok: true, text: importedText(file.name, report) });
      setAsked(undefined);
    } catch (err) {
      setMessage({ ok: false, text: `${file.name}: ${apiErrorText(err)}` });
    } finally {
      setBusy(false);
      await curve.refetch();
    }
  };

  return {
    asked,
    setAsked,
    curve,
    compareWith,
    setOther,
    compare,
    busy,
    message,
    clearMessage: () => setMessage(null),
    correct,
    refused: (err) => setMessage({ ok: false, text: apiErrorText(err) }),
    importFile,
  };
}
