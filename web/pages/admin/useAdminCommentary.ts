import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { COMMENTARY_PATHS, type Commentary, type CommentaryList, commentaryCreateBodySchema } from '@common/api/commentary';
import { api } from '../../api/client';
import { apiKey, useApiQuery } from '../../api/queries';
import { useNow } from '../../clock/clock';
import { useContractForm } from '../../components/forms/useContractForm';
import { useAdminAction } from './useAdminAction';
import { EMPTY_COMMENTARY, commentaryBody, commentaryFormValues } from './commentaryView';

/**
 * The commentary list and its edits: the form (a new note, or the one being edited), saving it,
 * and deleting a note once confirmed. Every change refreshes the admin list and the public one.
 */
export function useAdminCommentary() {
  const client = useQueryClient();
  const clock = useNow();
  const list = useApiQuery<CommentaryList>(COMMENTARY_PATHS.admin, { query: { pageSize: 50 } });
  const { busy, error, run } = useAdminAction();
  const [editing, setEditing] = useState<Commentary | null>(null);
  // A note is checked by the create contract's rules; an edit sends the same fields with its version.
  const { form, formError, onSubmit } = useContractForm({
    schema: commentaryCreateBodySchema,
    initialValues: EMPTY_COMMENTARY,
    toBody: commentaryBody,
  });
  const [deleting, setDeleting] = useState<Commentary | null>(null);
  const refresh = async () => {
    await client.invalidateQueries({ queryKey: apiKey(COMMENTARY_PATHS.admin) });
    await client.invalidateQueries({ queryKey: apiKey(COMMENTARY_PATHS.list) });
  };
  const reset = () => {
    setEditing(null);
    form.reset();
  };
  const save = onSubmit(async (body) => {
    try {
      if (editing) await api.patch(COMMENTARY_PATHS.adminOne({ id: editing.id }), { ...body, version: editing.version });
      else await api.post(COMMENTARY_PATHS.admin, body);
      reset();
    } finally {
      await refresh();
    }
  });
  const startEdit = (c: Commentary) => {
    setEditing(c);
    form.setValues(commentaryFormValues(c));
    form.clearErrors();
  };
  const confirmDelete = () =>
    void run(
      'delete',
      async () => {
        if (deleting) await api.delete(COMMENTARY_PATHS.adminOne({ id: deleting.id }));
        setDeleting(null);
      },
      refresh,
    );
  return {
    list,
    busy,
    error: error ?? formError,
    form,
    editing,
    save,
    reset,
    startEdit,
    deleting,
    setDeleting,
    confirmDelete,
    now: clock(),
  };
}

export type AdminCommentaryState = ReturnType<typeof useAdminCommentary>;
