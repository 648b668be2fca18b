/** What the login steps say: the second factors' button labels. */
import type { SecondFactor } from '@common/api/auth';

export const FACTOR_LABELS: Record<SecondFactor, string> = {
  totp: 'Use an authenticator app code',
  email: 'E-mail me a login code',
};
