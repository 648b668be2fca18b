import { startRegistration, type PublicKeyCredentialCreationOptionsJSON } from '@simplewebauthn/browser';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import type { MfaStatus, Passkey } from '@common/api/user';
import { userInfoKey } from '../../session/userInfo';
import { mfaStatusKey, profileApi } from './profileApi';
import type { PasskeyRow } from './passkeys';

/**
 * The passkeys section's edits: add one (the server's options, then the browser's WebAuthn
 * prompt, then register), remove one with the password, and which row's name is being edited.
 * Each edit updates the cached MFA status and refreshes the user info (its second-factor flags).
 */
export function usePasskeys(userId: string, status: MfaStatus) {
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const [removing, setRemoving] = useState<Passkey | null>(null);
  const [editing, setEditing] = useState<string | null>(null);
  const refreshInfo = () => void queryClient.invalidateQueries({ queryKey: userInfoKey(userId) });
  const add = useMutation({
    mutationFn: async () => {
      const { options } = await profileApi.passkeyOptions(userId);
      const credential = await startRegistration({
        optionsJSON: options as unknown as PublicKeyCredentialCreationOptionsJSON,
      });
      return profileApi.registerPasskey(userId, credential, name.trim() || undefined);
    },
    onSuccess: (passkey) => {
      queryClient.setQueryData<MfaStatus>(mfaStatusKey(userId), (old) => old && { ...old, passkeys: [...old.passkeys, passkey] });
      setName('');
      refreshInfo();
    },
  });
  const remove = useMutation({
    mutationFn: ({ id, password }: { id: string; password: string }) => profileApi.removePasskey(userId, id, password),
    onSuccess: (next) => {
      queryClient.setQueryData(mfaStatusKey(userId), next);
      setRemoving(null);
      refreshInfo();
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    add.mutate();
  };
  const rows: PasskeyRow[] = status.passkeys.map((passkey) => ({
    userId,
    passkey,
    editing: editing === passkey.id,
    toggleEditing: () => setEditing((e) => (e === passkey.id ? null : passkey.id)),
    stopEditing: () => setEditing(null),
    remove: () => setRemoving(passkey),
  }));
  return { name, setName, removing, setRemoving, add, remove, submit, rows };
}

export type PasskeysState = ReturnType<typeof usePasskeys>;
