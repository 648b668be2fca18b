/**
 * API contract of the domains admin page (`/admin/domains`, admins only): the e-mail domains of
 * organisations — a person signing up on one joins its organisation; on an employee domain they
 * are an employee (no trial). A domain belongs to one organisation: adding it to a second is
 * refused (409, naming the holder). Edits and removals name the `updatedAt` they were decided on:
 * a domain changed since is refused (409).
 */
import { z } from 'zod';
import { path } from './path';

export const ADMIN_DOMAIN_PATHS = {
  domains: '/admin/domains',
  domain: path('/admin/domains/:domain'),
} as const;

/** A domain as the organisations page accepts it: lower case, labels and a top-level domain. */
export const domainNameSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(253)
  .regex(/^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/, 'Enter a domain like example.com');

export const adminDomainSchema = z.object({
  domain: z.string(),
  organization: z.object({ id: z.string(), name: z.string() }),
  employee: z.boolean(),
  updatedAt: z.string(),
});
export type AdminDomain = z.infer<typeof adminDomainSchema>;
export const adminDomainListSchema = z.object({
  domains: z.array(adminDomainSchema),
  /** Employee domains of the configuration (EMPLOYEE_EMAIL_DOMAINS): shown, not editable here. */
  configuredEmployeeDomains: z.array(z.string()),
});
export type AdminDomainList = z.infer<typeof adminDomainListSchema>;

/** POST /admin/domains → 201 AdminDomain; 409 when another organisation (or this one) holds it. */
export const domainCreateBodySchema = z
  .object({ domain: domainNameSchema, organizationId: z.string().trim().min(1).max(100), employee: z.boolean().default(false) })
  .strict();
export type DomainCreateBody = z.input<typeof domainCreateBodySchema>;
/** PUT /admin/domains/{domain} → AdminDomain: move it to another organisation and/or mark employees. */
export const domainUpdateBodySchema = z
  .object({
    updatedAt: z.iso.datetime({ offset: true }),
    organizationId: z.string().trim().min(1).max(100).optional(),
    employee: z.boolean().optional(),
  })
  .strict()
  .refine((b) => b.organizationId !== undefined || b.employee !== undefined, {
    message: 'organizationId or employee: say what changes',
    path: ['organizationId'],
  });
export type DomainUpdateBody = z.input<typeof domainUpdateBodySchema>;
/** DELETE /admin/domains/{domain}?updatedAt=… → 204. */
export const domainDeleteQuerySchema = z.object({ updatedAt: z.iso.datetime({ offset: true }) }).strict();
