import { useState } from 'react';
import {
  ADMIN_PATHS,
  type Organization,
  type OrganizationListResponse,
  organizationCreateBodySchema,
  organizationUpdateBodySchema,
} from '@common/api/admin';
import { api } from '../../api/client';
import { useApiQuery, useApiSend } from '../../api/queries';
import { useContractForm } from '../../components/forms/useContractForm';
import { EMPTY_ORGANIZATION_DRAFT, draftOfOrganization, organizationBodyOf, type OrganizationDraft } from './organizationDrafts';

/**
 * The organisations list and its edits: the new organisation's form, the one row being edited and
 * its form, the one row opened on its members and features. Both forms are checked against the
 * contract their request is (create, update): a name or domain it refuses says so under its field
 * before anything is sent, as does a 400 naming a field. Any other refusal (a domain another
 * organisation holds is a 409 whose reason is a sentence) is the page's one error line, which each
 * edit clears as it starts. Each edit reads the list again.
 */
/** The field a refusal of a body path shows under: one domain of the list ("domains.1") under the domains typed. */
const fieldOf = (path: string) => path.split('.')[0]!;

export function useAdminOrganizations() {
  const list = useApiQuery<OrganizationListResponse>(ADMIN_PATHS.adminOrganizations);
  const [editing, setEditing] = useState<string | null>(null);
  const [opened, setOpened] = useState<string | null>(null);
  const invalidates = [ADMIN_PATHS.adminOrganizations];
  // Sent as typed (the server trims the name and lower-cases the domains), as before the forms checked.
  const createOne = useApiSend((draft: OrganizationDraft) => api.post(ADMIN_PATHS.adminOrganizations, organizationBodyOf(draft)), {
    invalidates,
  });
  const saveOne = useApiSend(
    ({ id, draft }: { id: string; draft: OrganizationDraft }) => api.put(ADMIN_PATHS.adminOrganization({ id }), organizationBodyOf(draft)),
    { invalidates },
  );
  const created = useContractForm({
    schema: organizationCreateBodySchema,
    initialValues: EMPTY_ORGANIZATION_DRAFT,
    toBody: organizationBodyOf,
    fieldOf,
  });
  const edited = useContractForm({
    schema: organizationUpdateBodySchema,
    initialValues: EMPTY_ORGANIZATION_DRAFT,
    toBody: organizationBodyOf,
    fieldOf,
  });
  return {
    list,
    organizations: list.data?.organizations ?? [],
    createForm: created.form,
    editForm: edited.form,
    editing,
    edit: (o: Organization) => {
      edited.form.setValues(draftOfOrganization(o));
      edited.form.clearErrors();
      setEditing(o.id);
    },
    cancelEdit: () => setEditing(null),
    opened,
    toggleOpened: (id: string) => setOpened(opened === id ? null : id),
    // One refusal line for the page: each edit forgets the other's refusal as it starts.
    error: created.formError ?? edited.formError,
    create: created.onSubmit(async () => {
      edited.setFormError(null);
      await createOne(created.form.getValues());
      created.form.reset();
    }),
    save: (id: string) =>
      edited.onSubmit(async () => {
        created.setFormError(null);
        await saveOne({ id, draft: edited.form.getValues() });
        setEditing(null);
      }),
  };
}

export type AdminOrganizationsState = ReturnType<typeof useAdminOrganizations>;
