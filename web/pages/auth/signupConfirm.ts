/**
 * Spec §5: "Signup confirm needs a start response with uuid and email; otherwise nothing is sent.
 * The full name sent is first and last name joined by a space."
 */
import type { ConfirmBody, ConfirmInfo } from '@common/api/auth';
import type { AccountDetails } from './AccountDetailsForm';

/** The POST /auth/confirm body, or null when the link check gave no uuid and e-mail. */
export function buildConfirmBody(info: Partial<ConfirmInfo> | null | undefined, details: AccountDetails): ConfirmBody | null {
  if (!info?.uuid || !info.email) return null;
  return {
    uuid: info.uuid,
    email: info.email,
    name: `${details.firstName.trim()} ${details.lastName.trim()}`,
    password: details.password,
    tosConsent: true,
  };
}
