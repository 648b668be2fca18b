/** What the passkeys section shows besides React: a row's shape and the add error's text. */
import type { Passkey } from '@common/api/user';
import { apiErrorText } from '../../api/errorText';
import { loginErrorText } from '../../session/loginMachine';

/** A passkey as its row shows it: whether its name is being edited, and what the row's buttons do. */
export interface PasskeyRow {
  userId: string;
  passkey: Passkey;
  editing: boolean;
  toggleEditing: () => void;
  stopEditing: () => void;
  remove: () => void;
}

/** Adding fails either at our API (an ApiError, which has a status) or in the browser's WebAuthn prompt. */
export function addPasskeyErrorText(error: unknown): string {
  return error instanceof Error && 'status' in error ? apiErrorText(error) : loginErrorText(error);
}
