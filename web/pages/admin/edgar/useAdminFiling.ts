import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useParams } from 'react-router';
import { EDGAR_PATHS, type EdgarDealRequest, type Filing, type TermSheetReading } from '@common/api/edgar';
import { apiErrorText } from '../../../api/errorText';
import { apiKey, useApiQuery } from '../../../api/queries';
import { edgarApi } from './edgarApi';
import { readableSource } from './sourceText';

/** The filing of the URL's :edgarId and its document as readable text. */
export function useAdminFiling() {
  const id = Number(useParams().edgarId);
  const filing = useApiQuery<Filing>(EDGAR_PATHS.filing({ id }));
  const f = filing.data;
  const text = useMemo(() => (f ? readableSource(f.source, f.contentType) : ''), [f]);
  return { filing, text };
}

export type AdminFilingState = ReturnType<typeof useAdminFiling>;

/**
 * The editor's reading being corrected, the issuer choice and the two server calls (save the
 * corrections, make the deal); each answer is the filing as the server now has it, put in the cache.
 */
export function useFilingEditor(filing: Filing) {
  const client = useQueryClient();
  const [reading, setReading] = useState<TermSheetReading | null>(filing.reading);
  const [choice, setChoice] = useState<EdgarDealRequest | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const problems = useMemo(() => new Map(filing.problemList.map((p) => [p.field, p.message])), [filing.problemList]);
  const run = async (work: () => Promise<Filing>) => {
    setBusy(true);
    setError(null);
    try {
      client.setQueryData(apiKey(EDGAR_PATHS.filing({ id: filing.id })), await work());
    } catch (err) {
      setError(apiErrorText(err));
    } finally {
      setBusy(false);
    }
  };
  return {
    reading,
    setReading,
    choice,
    setChoice,
    error,
    busy,
    problems,
    /** Corrections not saved yet: the deal waits for them to be checked. */
    edited: JSON.stringify(reading) !== JSON.stringify(filing.reading),
    saveCorrections: (r: TermSheetReading) => void run(() => edgarApi.correct(filing.id, r)),
    makeDeal: (c: EdgarDealRequest) => void run(() => edgarApi.makeDeal(filing.id, c)),
  };
}

export type FilingEditorState = ReturnType<typeof useFilingEditor>;
