import type { Organization } from '@common/api/admin';
import type { OrganizationType } from '@common/enums';

/** An organisation as its fields hold it: the e-mail domains as one typed text. */
export type OrganizationDraft = {
  name: string;
  type: OrganizationType | null;
  domains: string;
  subscribed: boolean;
};

export const EMPTY_ORGANIZATION_DRAFT: OrganizationDraft = { name: '', type: null, domains: '', subscribed: false };

export const draftOfOrganization = (o: Organization): OrganizationDraft => ({
  name: o.name,
  type: o.type,
  domains: o.domains.join(', '),
  subscribed: o.subscribed,
});

/** The body sent on create and save: the domains split on commas and spaces. */
export const organizationBodyOf = (d: OrganizationDraft) => ({
  name: d.name,
  type: d.type,
  domains: d.domains
    .split(/[\s,]+/)
    .map((s) => s.trim())
    .filter(Boolean),
  subscribed: d.subscribed,
});
