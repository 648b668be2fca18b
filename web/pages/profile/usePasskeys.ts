import { startRegistration, type PublicKeyCredentialCreationOptionsJSON } from '@simplewebauthn/browser';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { USER_PATHS, type MfaStatus, type Passkey } from '@common/api/user';
import { apiKey, useApiMutation, useApiSend } from '../../api/queries';
import { mfaStatusKey, profileApi } from './profileApi';
import { addPasskeyErrorText, type PasskeyRow } from './passkeys';

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
  const refreshInfo = () => void queryClient.invalidateQueries({ queryKey: apiKey(USER_PATHS.user({ id: userId })) });
  // The browser's prompt can fail too (cancelled, no authenticator): its own sentence, kept here.
  const [addError, setAddError] = useState<string | null>(null);
  const add = useApiMutation(
    async () => {
      try {
        const { options } = await profileApi.passkeyOptions(userId);
        const credential = await startRegistration({
          optionsJSON: options as unknown as PublicKeyCredentialCreationOptionsJSON,
        });
        return await profileApi.registerPasskey(userId, credential, name.trim() || undefined);
      } catch (failure) {
        setAddError(addPasskeyErrorText(failure));
        throw failure;
      }
    },
    {
      onDone: (passkey) => {
        queryClient.setQueryData<MfaStatus>(mfaStatusKey(userId), (old) => old && { ...old, passkeys: [...old.passkeys, passkey] });
        setName('');
        refreshInfo();
      },
    },
  );
  // The password dialog's send: its form places a refusal.
  const remove = useApiSend(({ id, password }: { id: string; password: string }) => profileApi.removePasskey(userId, id, password), {
    onDone: (next) => {
      queryClient.setQueryData(mfaStatusKey(userId), next);
      setRemoving(null);
      refreshInfo();
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setAddError(null);
    void add.run();
  };
  const rows: PasskeyRow[] = status.passkeys.map((passkey) => ({
    userId,
    passkey,
    editing: editing === passkey.id,
    toggleEditing: () => setEditing((e) => (e === passkey.id ? null : passkey.id)),
    stopEditing: () => setEditing(null),
    remove: () => setRemoving(passkey),
  }));
  return { name, setName, removing, setRemoving, add, addError, remove, submit, rows };
}

export type PasskeysState = ReturnType<typeof usePasskeys>;
