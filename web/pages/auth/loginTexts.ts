/** What the login steps check and say: the credentials' schema and the second factors' button labels. */
import type { SecondFactor } from '@common/api/auth';
import { emailSchema, loginPasswordSchema } from '@common/validation/account';
import { z } from 'zod';

export const credentialsSchema = z.object({ email: emailSchema, password: loginPasswordSchema });

export const FACTOR_LABELS: Record<SecondFactor, string> = {
  totp: 'Use an authenticator app code',
  email: 'E-mail me a login code',
};
