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
  type DisplayNamePreview,
  type DisplayNamesResponse,
  type DisplayNameSubject,
  type DisplayNameSubjectRow,
  type DisplayNameSubjectsResponse,
} from '@common/api/adminDisplayNames';
import { api } from '../../../api/client';
import { rereadEverything, useApiMutation, useApiQuery } from '../../../api/queries';
import { editsShown } from '../adminEdits';

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

/** One subject's editor: the name typed, its preview, and a save allowed only for the name previewed. */
export function useDisplayNameEditor(type: DisplayNameSubject, subject: DisplayNameSubjectRow, onDone: () => Promise<unknown>) {
  const [name, setName] = useState(subject.override ?? subject.referenceName);
  const [preview, setPreview] = useState<DisplayNamePreview | null>(null);
  const previewName = useApiMutation(
    (displayName: string) =>
      api.post<DisplayNamePreview>(ADMIN_DISPLAY_NAME_PATHS.preview, { subjectType: type, subjectId: subject.subjectId, displayName }),
    { onDone: setPreview },
  );
  const saveName = useApiMutation(
    (displayName: string) =>
      api.put(ADMIN_DISPLAY_NAME_PATHS.override({ subjectType: type, subjectId: subject.subjectId }), {
        displayName,
        version: subject.version,
      }),
    { onDone },
  );
  const { busy, error, start } = editsShown({ preview: previewName, save: saveName });
  return {
    name,
    setName,
    preview,
    // Editing after a preview means saving a name whose effect was not seen, so save waits for a new one.
    previewed: preview !== null && preview.proposedName === name.trim(),
    busy,
    error,
    askPreview: () => {
      void start(previewName, name);
    },
    save: () => {
      void start(saveName, name);
    },
  };
}
