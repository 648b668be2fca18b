import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { USER_PATHS, type MfaRemoveBody, type MfaStatus, type TotpEnrolment } from '@common/api/user';
import { apiKey, useApiMutation, useApiSend } from '../../api/queries';
import { mfaStatusKey, profileApi } from './profileApi';

/**
 * The authenticator-app section's edits: start an enrolment (the secret and otpauth URI shown
 * until it is confirmed or cancelled) and remove the app with the password. A new MFA status
 * replaces the cached one and refreshes the user info (its second-factor flags).
 */
export function useTotp(userId: string) {
  const queryClient = useQueryClient();
  const [enrolment, setEnrolment] = useState<TotpEnrolment | null>(null);
  const [removing, setRemoving] = useState(false);
  const applyStatus = (next: MfaStatus) => {
    queryClient.setQueryData(mfaStatusKey(userId), next);
    void queryClient.invalidateQueries({ queryKey: apiKey(USER_PATHS.user({ id: userId })) });
  };
  const start = useApiMutation(() => profileApi.startTotp(userId), { onDone: setEnrolment });
  // The password dialog's send: its form places a refusal.
  const remove = useApiSend(({ password }: MfaRemoveBody) => profileApi.removeTotp(userId, password), {
    onDone: (next) => {
      applyStatus(next);
      setRemoving(false);
    },
  });
  return { enrolment, setEnrolment, removing, setRemoving, applyStatus, start, remove };
}

export type TotpState = ReturnType<typeof useTotp>;
