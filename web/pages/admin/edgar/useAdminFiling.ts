import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useParams } from 'react-router';
import { EDGAR_PATHS, edgarCorrectionSchema, type EdgarDealRequest, type Filing, type TermSheetReading } from '@common/api/edgar';
import { apiErrorText } from '../../../api/errorText';
import { apiKey, useApiMutation, useApiQuery } from '../../../api/queries';
import { useContractForm } from '../../../components/forms/useContractForm';
import { edgarApi } from './edgarApi';
import { NO_READING, PERCENT_FIELDS } from './readingFields';
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
 * The reading is a form checked against the route's contract (edgarCorrectionSchema) as it is
 * typed (the reading as read passes it: the filing's own schema holds it to the same contract), so a correction the server would refuse is refused on its field and never sent; a 400
 * naming a field lands on it; any other refusal is the editor's error.
 */
export function useFilingEditor(filing: Filing) {
  const client = useQueryClient();
  const [choice, setChoice] = useState<EdgarDealRequest | null>(null);
  const [error, setError] = useState<string | null>(null);
  const problems = useMemo(() => new Map(filing.problemList.map((p) => [p.field, p.message])), [filing.problemList]);
  const { form, onSubmit } = useContractForm({
    schema: edgarCorrectionSchema,
    initialValues: filing.reading ?? NO_READING,
    toBody: (reading) => ({ reading }),
    fieldOf: (path) => path.replace(/^reading\.?/, ''),
    units: PERCENT_FIELDS,
    refused: (failure) => setError(apiErrorText(failure)),
  });
  const show = (filed: Filing) => client.setQueryData(apiKey(EDGAR_PATHS.filing({ id: filing.id })), filed);
  // Making the deal is no form's: the one mutation idiom, its refusal the editor's error.
  const making = useApiMutation((c: EdgarDealRequest) => edgarApi.makeDeal(filing.id, c), { onDone: show });
  const reading = filing.reading ? form.values : null;
  return {
    reading,
    /** An edit of the reading, checked against the contract at once. */
    setReading: (next: TermSheetReading) => {
      form.setValues(next);
      form.validate();
    },
    refusals: form.errors,
    choice,
    setChoice,
    error: error ?? making.error,
    busy: making.busy || form.submitting,
    problems,
    /** Corrections not saved yet: the deal waits for them to be checked. */
    edited: JSON.stringify(reading) !== JSON.stringify(filing.reading),
    saveCorrections: onSubmit(async ({ reading: corrected }) => {
      setError(null);
      making.reset();
      show(await edgarApi.correct(filing.id, corrected));
    }),
    makeDeal: (c: EdgarDealRequest) => {
      setError(null);
      void making.run(c);
    },
  };
}

export type FilingEditorState = ReturnType<typeof useFilingEditor>;
