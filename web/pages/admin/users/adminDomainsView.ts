/** What the domains admin page builds from its form and answers: the empty form, choices, texts. Pure. */
import type { OrganizationListResponse } from '@common/api/admin';
import type { DomainCreateBody } from '@common/api/adminDomains';

/** The add form: a domain, the organisation people on it join, and whether they are employees. */
export type DomainDraft = {
  domain: string;
  organizationId: string | null;
  employee: boolean;
};
export const EMPTY_DRAFT: DomainDraft = { domain: '', organizationId: null, employee: false };

/** The body the create contract checks: no organisation chosen reads as a missing one. */
export const domainBodyOf = (draft: DomainDraft): DomainCreateBody => ({ ...draft, organizationId: draft.organizationId ?? '' });

export const organizationChoices = (data: OrganizationListResponse | undefined) =>
  (data?.organizations ?? []).map((o) => ({ value: o.id, label: o.name }));

export const canAdd = (draft: DomainDraft) => !!draft.domain.trim() && !!draft.organizationId;

/** Asked before removing: members keep their organisation, only new sign-ups are affected. */
export const removeQuestion = (domain: string) => `Remove ${domain}? New sign-ups on it will join no organisation; members stay.`;

export const configuredDomainsText = (domains: string[]) =>
  `Employee domains from the configuration (EMPLOYEE_EMAIL_DOMAINS): ${domains.join(', ') || 'none'}`;
