import { useState } from 'react';
import type { z } from 'zod';
import { COMMENTARY_PATHS, type Commentary, type CommentaryList, commentaryCreateBodySchema } from '@common/api/commentary';
import { api } from '../../api/client';
import { useApiMutation, useApiQuery } from '../../api/queries';
import { useNow } from '../../clock/clock';
import { useContractForm } from '../../components/forms/useContractForm';
import { EMPTY_COMMENTARY, commentaryBody, commentaryFormValues } from './commentaryView';

/** What the form sends: a new note, or the same fields for the note being edited (with its version). */
interface CommentarySave {
  body: z.output<typeof commentaryCreateBodySchema>;
  editing: Commentary | null;
}

/**
 * The commentary list and its edits: the form (a new note, or the one being edited), saving it,
 * and deleting a note once confirmed. Every change refreshes the admin list and the public one.
 */
export function useAdminCommentary() {
  const clock = useNow();
  const list = useApiQuery<CommentaryList>(COMMENTARY_PATHS.admin, { query: { pageSize: 50 } });
  const [editing, setEditing] = useState<Commentary | null>(null);
  // A note is checked by the create contract's rules; an edit sends the same fields with its version.
  const { form, formError, onSubmit } = useContractForm({
    schema: commentaryCreateBodySchema,
    initialValues: EMPTY_COMMENTARY,
    toBody: commentaryBody,
  });
  const [deleting, setDeleting] = useState<Commentary | null>(null);
  const invalidates = [COMMENTARY_PATHS.admin, COMMENTARY_PATHS.list];
  const reset = () => {
    setEditing(null);
    form.reset();
  };
  const saveNote = useApiMutation(
    ({ body, editing: note }: CommentarySave) =>
      note
        ? api.patch(COMMENTARY_PATHS.adminOne({ id: note.id }), { ...body, version: note.version })
        : api.post(COMMENTARY_PATHS.admin, body),
    { invalidates, onDone: reset, fallback: 'Something went wrong. Try again.' },
  );
  const deleteNote = useApiMutation((note: Commentary) => api.delete(COMMENTARY_PATHS.adminOne({ id: note.id })), {
    invalidates,
    onDone: () => setDeleting(null),
  });
  const save = onSubmit((body) => saveNote.run({ body, editing }));
  const startEdit = (c: Commentary) => {
    setEditing(c);
    form.setValues(commentaryFormValues(c));
    form.clearErrors();
  };
  return {
    list,
    // The key ConfirmDelete's spinner is shown by.
    busy: deleteNote.busy ? 'delete' : null,
    error: deleteNote.error ?? saveNote.error ?? formError,
    form,
    editing,
    save,
    reset,
    startEdit,
    deleting,
    setDeleting,
    confirmDelete: () => {
      if (deleting) void deleteNote.run(deleting);
    },
    now: clock(),
  };
}

export type AdminCommentaryState = ReturnType<typeof useAdminCommentary>;
