/**
 * The login flow of spec §4 as a small state machine (a vanilla zustand store), independent of
 * React so every path is unit-tested:
 *
 *   credentials ──POST /auth/login/start──▶ kind 'session'      ─▶ done
 *                                          kind 'passkey'       ─▶ passkey      (startAuthentication → login/finish)
 *                                          kind 'enrolPasskey'  ─▶ enrolPasskey (startRegistration → mfa/enroll)
 *                                          kind 'secondFactor'  ─▶ chooseFactor | totp | emailCode
 *   passkey / enrolPasskey / chooseFactor offer the alternative factors (e-mailed code, TOTP).
 *   totp      ──login/finish {totpCode}──▶ done
 *   emailCode ──mfa/email/send, then mfa/email {code}──▶ done
 *
 * `done` hands the auth response to `onSession` (store tokens, schedule refresh); the route
 * guard then sends the user to the remembered path or the market summary.
 */
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { AuthResponse, LoginStartResult, MfaPlatform, SecondFactor, WebauthnOptionsJson } from '@common/api/auth';
import { ApiError } from '../api/client';
import type { authApi } from './authApi';

export type LoginStep =
  | { name: 'credentials' }
  | { name: 'passkey'; options: WebauthnOptionsJson; factors: SecondFactor[] }
  | { name: 'enrolPasskey'; protocol: WebauthnOptionsJson; factors: SecondFactor[] }
  | { name: 'chooseFactor'; factors: SecondFactor[] }
  | { name: 'totp'; factors: SecondFactor[] }
  | { name: 'emailCode'; factors: SecondFactor[]; sent: boolean }
  | { name: 'done' };

export type LoginStepName = LoginStep['name'];

/** What the machine needs from the outside world (injected; tests pass fakes). */
export interface LoginDeps {
  api: Pick<typeof authApi, 'loginStart' | 'loginFinish' | 'mfaEnroll' | 'mfaEmailSend' | 'mfaEmail'>;
  /** @simplewebauthn/browser startAuthentication / startRegistration (JSON in, JSON out). */
  startAuthentication: (options: WebauthnOptionsJson) => Promise<unknown>;
  startRegistration: (options: WebauthnOptionsJson) => Promise<unknown>;
  /** Which passkeys this browser can use (sent as mfaPlatform). */
  detectPlatform: () => Promise<MfaPlatform>;
  /** Aborts a pending passkey prompt (the user chose another way to sign in). */
  cancelPasskey: () => void;
  /** Called once with the finished login. */
  onSession: (auth: AuthResponse) => void;
}

export interface LoginState {
  step: LoginStep;
  busy: boolean;
  /** A passkey prompt is open (the alternatives stay usable and cancel it). */
  passkeyPending: boolean;
  /** Message to show above the current step. */
  error: string | null;
  /** The account is locked (423): offer the unlock page. */
  locked: boolean;
  email: string;
  submitCredentials: (email: string, password: string) => Promise<void>;
  /** Runs the passkey prompt (passkey step). */
  authenticateWithPasskey: () => Promise<void>;
  /** Creates and enrols a passkey (enrolPasskey step). */
  enrolPasskey: (name?: string) => Promise<void>;
  /** Switches to an alternative factor (sends the e-mail for 'email'). */
  chooseFactor: (factor: SecondFactor) => Promise<void>;
  submitTotp: (code: string) => Promise<void>;
  submitEmailCode: (code: string) => Promise<void>;
  resendEmailCode: () => Promise<void>;
  /** Back to e-mail + password (e.g. the MFA session expired). */
  restart: () => void;
}

/**
 * The step a login/start result leads to (pure). For 'secondFactor' with a single factor the
 * choice is skipped; an e-mail step starts unsent (the machine sends it).
 */
export function stepForStartResult(result: LoginStartResult): LoginStep {
  switch (result.kind) {
    case 'session':
      return { name: 'done' };
    case 'passkey':
      return { name: 'passkey', options: result.options, factors: result.factors };
    case 'enrolPasskey':
      return { name: 'enrolPasskey', protocol: result.protocol, factors: result.factors };
    case 'secondFactor':
      if (result.factors.length === 1 && result.factors[0] === 'totp') return { name: 'totp', factors: result.factors };
      if (result.factors.length === 1 && result.factors[0] === 'email') {
        return { name: 'emailCode', factors: result.factors, sent: false };
      }
      return { name: 'chooseFactor', factors: result.factors };
  }
}

/** User-facing text for a failed call. */
export function loginErrorText(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.serverError) return error.serverError;
    if (error.status === 401) return 'Incorrect e-mail or password';
    if (error.status === 423) return 'This account is locked. Check your e-mail for an unlock link.';
    if (error.status === 429) return 'Too many attempts. Wait a minute and try again.';
    return `The server could not complete the login (${error.status}). Try again.`;
  }
  if (error instanceof Error && (error.name === 'NotAllowedError' || error.name === 'AbortError')) {
    return 'The passkey request was cancelled or timed out. Try again or use another method.';
  }
  if (error instanceof Error && error.name === 'InvalidStateError') {
    return 'This device already has a passkey for this account.';
  }
  if (error instanceof TypeError) return 'Could not reach the server. Check your connection and try again.';
  return error instanceof Error && error.message ? error.message : 'Login failed. Try again.';
}

export type LoginMachine = StoreApi<LoginState>;

export function createLoginMachine(deps: LoginDeps): LoginMachine {
  // Credentials and the MFA session stay in the closure, not in the rendered state.
  let password = '';
  let mfaSession: string | undefined;
  /** Id of the current operation: results of a superseded one (e.g. a cancelled prompt) are ignored. */
  let operation = 0;

  return createStore<LoginState>()((set, get) => {
    /** Runs a call with busy/error handling; returns its result or undefined on failure. */
    async function run<T>(work: () => Promise<T>, passkey = false): Promise<T | undefined> {
      const id = ++operation;
      set({ busy: true, passkeyPending: passkey, error: null, locked: false });
      try {
        return await work();
      } catch (error) {
        if (id === operation) set({ error: loginErrorText(error), locked: error instanceof ApiError && error.status === 423 });
        return undefined;
      } finally {
        if (id === operation) set({ busy: false, passkeyPending: false });
      }
    }

    /** Abandons whatever is in flight (an open passkey prompt in particular). */
    function supersede(): void {
      if (get().passkeyPending) deps.cancelPasskey();
      operation++;
      set({ busy: false, passkeyPending: false, error: null, locked: false });
    }

    function finish(auth: AuthResponse): void {
      password = '';
      mfaSession = undefined;
      set({ step: { name: 'done' } });
      deps.onSession(auth);
    }

    async function sendEmail(factors: SecondFactor[]): Promise<void> {
      const sent = await run(async () => {
        await deps.api.mfaEmailSend({ email: get().email, password, mfaSession });
        return true;
      });
      set({ step: { name: 'emailCode', factors, sent: sent === true } });
    }

    function factorsOf(step: LoginStep): SecondFactor[] {
      return 'factors' in step ? step.factors : [];
    }

    return {
      step: { name: 'credentials' },
      busy: false,
      passkeyPending: false,
      error: null,
      locked: false,
      email: '',

      submitCredentials: async (email, typedPassword) => {
        set({ email });
        password = typedPassword;
        const result = await run(async () => {
          const mfaPlatform = await deps.detectPlatform().catch((): MfaPlatform => 'none');
          return deps.api.loginStart({ email, password: typedPassword, mfaPlatform });
        });
        if (!result) return;
        if (result.kind === 'session') {
          finish(result.auth);
          return;
        }
        mfaSession = result.mfaSession;
        const step = stepForStartResult(result);
        set({ step });
        if (step.name === 'emailCode') await sendEmail(step.factors);
      },

      authenticateWithPasskey: async () => {
        const step = get().step;
        if (step.name !== 'passkey') return;
        const auth = await run(async () => {
          const credential = await deps.startAuthentication(step.options);
          return deps.api.loginFinish({
            email: get().email,
            password,
            mfaSession,
            credential: JSON.stringify(credential),
          });
        }, true);
        if (auth) finish(auth);
      },

      enrolPasskey: async (name) => {
        const step = get().step;
        if (step.name !== 'enrolPasskey') return;
        const auth = await run(async () => {
          const credential = await deps.startRegistration(step.protocol);
          return deps.api.mfaEnroll({
            email: get().email,
            password,
            mfaSession: mfaSession ?? '',
            credential: JSON.stringify(credential),
            ...(name?.trim() ? { name: name.trim() } : {}),
          });
        }, true);
        if (auth) finish(auth);
      },

      chooseFactor: async (factor) => {
        const factors = factorsOf(get().step);
        supersede();
        if (factor === 'totp') set({ step: { name: 'totp', factors } });
        else await sendEmail(factors);
      },

      submitTotp: async (code) => {
        const auth = await run(() => deps.api.loginFinish({ email: get().email, password, mfaSession, totpCode: code }));
        if (auth) finish(auth);
      },

      submitEmailCode: async (code) => {
        const auth = await run(() => deps.api.mfaEmail(code));
        if (auth) finish(auth);
      },

      resendEmailCode: async () => {
        await sendEmail(factorsOf(get().step));
      },

      restart: () => {
        supersede();
        password = '';
        mfaSession = undefined;
        set({ step: { name: 'credentials' }, error: null, locked: false, busy: false });
      },
    };
  });
}
