/** The real dependencies of the login machine: the accounts API, @simplewebauthn/browser, the session. */
import {
  browserSupportsWebAuthn,
  platformAuthenticatorIsAvailable,
  startAuthentication,
  startRegistration,
  WebAuthnAbortService,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';
import type { MfaPlatform } from '@common/api/auth';
import { authApi } from './authApi';
import type { LoginDeps } from './loginMachine';
import { acceptAuthResponse } from './refresh';

/** 'platform' with a built-in authenticator, 'cross-platform' with WebAuthn only, else 'none'. */
export async function detectMfaPlatform(): Promise<MfaPlatform> {
  if (!browserSupportsWebAuthn()) return 'none';
  return (await platformAuthenticatorIsAvailable()) ? 'platform' : 'cross-platform';
}

export const defaultLoginDeps: LoginDeps = {
  api: authApi,
  // The contract types the options loosely (a JSON object with a challenge); the server builds
  // them with @simplewebauthn/server, so they are the JSON shapes the browser library expects.
  startAuthentication: (options) => startAuthentication({ optionsJSON: options as unknown as PublicKeyCredentialRequestOptionsJSON }),
  startRegistration: (options) => startRegistration({ optionsJSON: options as unknown as PublicKeyCredentialCreationOptionsJSON }),
  detectPlatform: detectMfaPlatform,
  cancelPasskey: () => WebAuthnAbortService.cancelCeremony(),
  onSession: acceptAuthResponse,
};
