/**
 * The data of /bw/admin/display-name: the subject search (issuers or bonds), the subject being
 * edited, the overrides in force, and the calls that preview, save and remove an override.
 * After a save or a removal every query is read again, since bond tables and issuer search show
 * the names too.
 */
import { useDebouncedValue } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  ADMIN_DISPLAY_NAME_PATHS,
  type DisplayNameOverride,
  displayNamePutSchema,
  type DisplayNamePreview,
  type DisplayNamesResponse,
  type DisplayNameSubject,
  type DisplayNameSubjectRow,
  type DisplayNameSubjectsResponse,
} from '@common/api/adminDisplayNames';
import { api } from '../../../api/client';
import { rereadEverything, useApiMutation, useApiQuery, useApiSend } from '../../../api/queries';
import { useContractForm } from '../../../components/forms/useContractForm';

export function useAdminDisplayName() {
  const client = useQueryClient();
  const [type, setType] = useState<DisplayNameSubject>('issuer');
  const [text, setText] = useState('');
  const [q] = useDebouncedValue(text.trim(), 250);
  const [subject, setSubject] = useState<DisplayNameSubjectRow | null>(null);
  const subjects = useApiQuery<DisplayNameSubjectsResponse>(q ? ADMIN_DISPLAY_NAME_PATHS.subjects : null, { query: { type, q } });
  const overrides = useApiQuery<DisplayNamesResponse>(ADMIN_DISPLAY_NAME_PATHS.list, { query: { limit: 200 } });
  // Every query, not a list of paths: a name shows in bond tables and issuer search too.
  const refresh = () => rereadEverything(client);
  // A refused removal (an override changed meanwhile) reads again as well, so the list shows what is stored.
  const removal = useApiMutation(
    (o: DisplayNameOverride) =>
      api.delete(ADMIN_DISPLAY_NAME_PATHS.override({ subjectType: o.subjectType, subjectId: o.subjectId }), {
        query: { version: o.version },
      }),
    { invalidates: 'everything', rereadWhenRefused: 'everything' },
  );
  return {
    type,
    // A subject of the other kind cannot stay open once the kind changes.
    chooseType: (v: DisplayNameSubject) => {
      setType(v);
      setSubject(null);
    },
    text,
    setText,
    q,
    subjects,
    subject,
    setSubject,
    saved: async () => {
      setSubject(null);
      await refresh();
    },
    overrides,
    removeError: removal.error,
    remove: (o: DisplayNameOverride) => void removal.run(o),
  };
}
export type AdminDisplayNameState = ReturnType<typeof useAdminDisplayName>;

/**
 * One subject's editor: the name typed, its preview, and a save allowed only for the name
 * previewed. The name is a form on the override's contract: a name it refuses says so under the
 * field before a preview or a save is sent, as does a 400 naming it; any other refusal (409: the
 * override changed meanwhile) is the editor's error line.
 */
export function useDisplayNameEditor(type: DisplayNameSubject, subject: DisplayNameSubjectRow, onDone: () => Promise<unknown>) {
  const [preview, setPreview] = useState<DisplayNamePreview | null>(null);
  // Which of the two sends is on its way, for its button's spinner.
  const [asked, setAsked] = useState<'preview' | 'save'>('preview');
  const previewName = useApiSend(
    (displayName: string) =>
      api.post<DisplayNamePreview>(ADMIN_DISPLAY_NAME_PATHS.preview, { subjectType: type, subjectId: subject.subjectId, displayName }),
    { onDone: setPreview },
  );
  const saveName = useApiSend(
    (displayName: string) =>
      api.put(ADMIN_DISPLAY_NAME_PATHS.override({ subjectType: type, subjectId: subject.subjectId }), {
        displayName,
        version: subject.version,
      }),
    { onDone },
  );
  // The preview checks the name by the same rule (displayNameSchema) as the save's contract.
  const { form, formError, onSubmit } = useContractForm({
    schema: displayNamePutSchema,
    initialValues: { displayName: subject.override ?? subject.referenceName },
    toBody: ({ displayName }) => ({ displayName, version: subject.version }),
  });
  // Sent as typed: the server trims it, as it always did.
  const send = (which: 'preview' | 'save', call: (displayName: string) => Promise<unknown>) => {
    setAsked(which);
    onSubmit(() => call(form.getValues().displayName))();
  };
  return {
    nameInput: form.getInputProps('displayName'),
    preview,
    // Editing after a preview means saving a name whose effect was not seen, so save waits for a new one.
    previewed: preview !== null && preview.proposedName === form.values.displayName.trim(),
    busy: form.submitting ? asked : null,
    error: formError,
    askPreview: () => send('preview', previewName),
    save: () => send('save', saveName),
  };
}
