import { ADMIN_PATHS, type OrganizationListResponse } from '@common/api/admin';
import { ADMIN_DOMAIN_PATHS, type AdminDomain, type AdminDomainList, domainCreateBodySchema } from '@common/api/adminDomains';
import { api } from '../../../api/client';
import { type ApiMutation, useApiMutation, useApiQuery, useApiSend } from '../../../api/queries';
import { useContractForm } from '../../../components/forms/useContractForm';
import { editsShown } from '../adminEdits';
import { type DomainDraft, EMPTY_DRAFT, domainBodyOf, organizationChoices } from './adminDomainsView';

type DomainChange = { organizationId: string } | { employee: boolean };

/**
 * The domains and organisations, the add form, and the edits. The add form is checked against the
 * create contract: a domain it refuses says so under the field before anything is sent, as does a
 * 400 naming a field. Each edit sends the `updatedAt` it was shown; any other refusal is the
 * page's one error line, and the lists are re-read whatever the answer.
 */
export function useAdminDomains() {
  const list = useApiQuery<AdminDomainList>(ADMIN_DOMAIN_PATHS.domains);
  const organizations = useApiQuery<OrganizationListResponse>(ADMIN_PATHS.adminOrganizations);
  const invalidates = [ADMIN_DOMAIN_PATHS.domains, ADMIN_PATHS.adminOrganizations];
  const path = (row: AdminDomain) => ADMIN_DOMAIN_PATHS.domain({ domain: row.domain });
  const addDomain = useApiSend((added: DomainDraft) => api.post(ADMIN_DOMAIN_PATHS.domains, added), {
    invalidates,
    rereadWhenRefused: invalidates,
  });
  const changeDomain = useApiMutation(
    ({ row, changes }: { row: AdminDomain; changes: DomainChange }) => api.put(path(row), { updatedAt: row.updatedAt, ...changes }),
    { invalidates, rereadWhenRefused: invalidates },
  );
  const removeDomain = useApiMutation((row: AdminDomain) => api.delete(path(row), { query: { updatedAt: row.updatedAt } }), {
    invalidates,
    rereadWhenRefused: invalidates,
  });
  const { form, formError, setFormError, onSubmit } = useContractForm({
    schema: domainCreateBodySchema,
    initialValues: EMPTY_DRAFT,
    toBody: domainBodyOf,
  });
  // One refusal line for the page: each edit forgets the others' refusal as it starts.
  const edits = editsShown({ change: changeDomain, remove: removeDomain });
  const start = <Vars>(edit: ApiMutation<Vars, unknown>, vars: Vars) => {
    setFormError(null);
    void edits.start(edit, vars);
  };
  return {
    list,
    options: organizationChoices(organizations.data),
    form,
    error: formError ?? edits.error,
    // Sent as typed (the server trims and lower-cases the domain); the form empties once it is taken.
    add: onSubmit(async () => {
      changeDomain.reset();
      removeDomain.reset();
      await addDomain(form.getValues());
      form.reset();
    }),
    change: (row: AdminDomain, changes: DomainChange) => start(changeDomain, { row, changes }),
    remove: (row: AdminDomain) => start(removeDomain, row),
  };
}
export type AdminDomainsState = ReturnType<typeof useAdminDomains>;
