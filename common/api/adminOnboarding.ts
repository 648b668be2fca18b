/**
 * API contract of the onboarding queue (`/admin/onboarding`, admins only): sign-ups whose e-mail
 * domain belongs to no organisation, oldest first; an admin approves one (as they are), assigns
 * them an organisation, or rejects them with a message e-mailed to them (their account is then
 * locked). Each action names the person's `version` (common/api/adminUsers): a person changed
 * since is refused (409); one no longer waiting is refused too.
 */
import { z } from 'zod';
import { path } from './path';

export const ADMIN_ONBOARDING_PATHS = {
  queue: '/admin/onboarding',
  approve: path('/admin/onboarding/:userId/approve'),
  assign: path('/admin/onboarding/:userId/assign'),
  reject: path('/admin/onboarding/:userId/reject'),
} as const;

export const ONBOARDING_MESSAGE_MAX = 2000;

export const onboardingEntrySchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string().nullable(),
  /** The e-mail's domain, to give to an organisation on the domains page. */
  domain: z.string(),
  signedUpAt: z.string(),
  version: z.number().int(),
});
export type OnboardingEntry = z.infer<typeof onboardingEntrySchema>;
export const onboardingQueueSchema = z.object({ people: z.array(onboardingEntrySchema), total: z.number().int() });
export type OnboardingQueue = z.infer<typeof onboardingQueueSchema>;

const version = z.number().int().min(0);
export const onboardingApproveBodySchema = z.object({ version }).strict();
export const onboardingAssignBodySchema = z.object({ version, organizationId: z.string().trim().min(1).max(100) }).strict();
export const onboardingRejectBodySchema = z
  .object({
    version,
    /** Why, in the admin's words: e-mailed to the person as plain text. */
    message: z.string().trim().min(1, 'message: say why, for the person').max(ONBOARDING_MESSAGE_MAX),
  })
  .strict();
export type OnboardingAssignBody = z.input<typeof onboardingAssignBodySchema>;
export type OnboardingRejectBody = z.input<typeof onboardingRejectBodySchema>;
