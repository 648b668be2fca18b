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
import { useApiQuery } from '../../../api/queries';
import { useAdminAction } from '../useAdminAction';

export function useAdminDisplayName() {
  const client = useQueryClient();
  const [type, setType] = useState<DisplayNameSubject>('issuer');
  const [text, setText] = useState('');
  const [q] = useDebouncedValue(text.trim(), 250);
  const [subject, setSubject] = useState<DisplayNameSubjectRow | null>(null);
  const { error, run } = useAdminAction();
  const subjects = useApiQuery<DisplayNameSubjectsResponse>(q ? ADMIN_DISPLAY_NAME_PATHS.subjects : null, { query: { type, q } });
  const overrides = useApiQuery<DisplayNamesResponse>(ADMIN_DISPLAY_NAME_PATHS.list, { query: { limit: 200 } });
  const refresh = () => client.invalidateQueries({ queryKey: ['api'] });
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
    removeError: error,
    remove: (o: DisplayNameOverride) =>
      void run(
        'remove',
        () =>
          api.delete(ADMIN_DISPLAY_NAME_PATHS.override({ subjectType: o.subjectType, subjectId: o.subjectId }), {
            query: { version: o.version },
          }),
        refresh,
      ),
  };
}
export type AdminDisplayNameState = ReturnType<typeof useAdminDisplayName>;

/** One subject's editor: the name typed, its preview, and a save allowed only for the name previewed. */
export function useDisplayNameEditor(type: DisplayNameSubject, subject: DisplayNameSubjectRow, onDone: () => Promise<unknown>) {
  const [name, setName] = useState(subject.override ?? subject.referenceName);
  const [preview, setPreview] = useState<DisplayNamePreview | null>(null);
  const { busy, error, run } = useAdminAction();
  return {
    name,
    setName,
    preview,
    // Editing after a preview means saving a name whose effect was not seen, so save waits for a new one.
    previewed: preview !== null && preview.proposedName === name.trim(),
    busy,
    error,
    askPreview: () =>
      void run('preview', async () =>
        setPreview(
          await api.post<DisplayNamePreview>(ADMIN_DISPLAY_NAME_PATHS.preview, {
            subjectType: type,
            subjectId: subject.subjectId,
            displayName: name,
          }),
        ),
      ),
    save: () =>
      void run('save', async () => {
        await api.put(ADMIN_DISPLAY_NAME_PATHS.override({ subjectType: type, subjectId: subject.subjectId }), {
          displayName: name,
          version: subject.version,
        });
        await onDone();
      }),
  };
}
