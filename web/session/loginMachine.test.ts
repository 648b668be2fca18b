import { describe, expect, it, vi } from 'vitest';
import type { LoginStartResult } from '@common/api/auth';
import { ApiError } from '../api/client';
import { createLoginMachine, stepForStartResult, type LoginDeps } from './loginMachine';
import { makeAuthResponse } from './testTokens';

const EMAIL = 'ann@example.com';
const PASSWORD = 'correct horse battery';
const options = { challenge: 'abc', rpId: 'localhost' };

function setup(start: LoginStartResult | Error) {
  const auth = makeAuthResponse();
  const deps = {
    api: {
      loginStart: vi.fn(async () => {
        if (start instanceof Error) throw start;
        return start;
      }),
      loginFinish: vi.fn(async () => auth),
      mfaEnroll: vi.fn(async () => auth),
      mfaEmailSend: vi.fn(async () => ({ message: 'sent' })),
      mfaEmail: vi.fn(async () => auth),
    },
    startAuthentication: vi.fn(async () => ({ id: 'cred-1', type: 'public-key' })),
    startRegistration: vi.fn(async () => ({ id: 'cred-new', type: 'public-key' })),
    detectPlatform: vi.fn(async () => 'platform' as const),
    cancelPasskey: vi.fn(),
    onSession: vi.fn(),
  } satisfies LoginDeps;
  const machine = createLoginMachine(deps);
  return { deps, machine, auth, state: () => machine.getState() };
}

describe('login flow state machine, per login/start result kind', () => {
  it("kind 'session': logged in at once, with the browser's mfaPlatform sent", async () => {
    const auth = makeAuthResponse();
    const { deps, state } = setup({ kind: 'session', auth });
    await state().submitCredentials(EMAIL, PASSWORD);
    expect(deps.api.loginStart).toHaveBeenCalledWith({ email: EMAIL, password: PASSWORD, mfaPlatform: 'platform' });
    expect(state().step.name).toBe('done');
    expect(deps.onSession).toHaveBeenCalledWith(auth);
  });

  it("kind 'passkey': startAuthentication(options) then login/finish with the credential as JSON text", async () => {
    const { deps, state, auth } = setup({ kind: 'passkey', mfaSession: 'mfa-1', options, factors: ['email', 'totp'] });
    await state().submitCredentials(EMAIL, PASSWORD);
    expect(state().step).toEqual({ name: 'passkey', options, factors: ['email', 'totp'] });
    await state().authenticateWithPasskey();
    expect(deps.startAuthentication).toHaveBeenCalledWith(options);
    expect(deps.api.loginFinish).toHaveBeenCalledWith({
      email: EMAIL,
      password: PASSWORD,
      mfaSession: 'mfa-1',
      credential: JSON.stringify({ id: 'cred-1', type: 'public-key' }),
    });
    expect(deps.onSession).toHaveBeenCalledWith(auth);
    expect(state().step.name).toBe('done');
  });

  it("kind 'passkey': a cancelled prompt stays on the step with a message; TOTP is still offered", async () => {
    const { deps, state } = setup({ kind: 'passkey', mfaSession: 'mfa-1', options, factors: ['totp'] });
    deps.startAuthentication.mockRejectedValueOnce(Object.assign(new Error('x'), { name: 'NotAllowedError' }));
    await state().submitCredentials(EMAIL, PASSWORD);
    await state().authenticateWithPasskey();
    expect(state().step.name).toBe('passkey');
    expect(state().error).toMatch(/cancelled or timed out/);
    await state().chooseFactor('totp');
    expect(state().step.name).toBe('totp');
    await state().submitTotp('123456');
    expect(deps.api.loginFinish).toHaveBeenCalledWith({ email: EMAIL, password: PASSWORD, mfaSession: 'mfa-1', totpCode: '123456' });
    expect(state().step.name).toBe('done');
  });

  it("kind 'enrolPasskey': startRegistration(protocol) then POST /auth/mfa/enroll with a name", async () => {
    const { deps, state } = setup({ kind: 'enrolPasskey', mfaSession: 'mfa-2', protocol: options, factors: ['email'] });
    await state().submitCredentials(EMAIL, PASSWORD);
    expect(state().step.name).toBe('enrolPasskey');
    await state().enrolPasskey(' Work laptop ');
    expect(deps.startRegistration).toHaveBeenCalledWith(options);
    expect(deps.api.mfaEnroll).toHaveBeenCalledWith({
      email: EMAIL,
      password: PASSWORD,
      mfaSession: 'mfa-2',
      credential: JSON.stringify({ id: 'cred-new', type: 'public-key' }),
      name: 'Work laptop',
    });
    expect(state().step.name).toBe('done');
  });

  it("kind 'secondFactor' with both factors: choose; e-mail sends the code, then the code logs in", async () => {
    const { deps, state } = setup({ kind: 'secondFactor', mfaSession: 'mfa-3', factors: ['email', 'totp'] });
    await state().submitCredentials(EMAIL, PASSWORD);
    expect(state().step).toEqual({ name: 'chooseFactor', factors: ['email', 'totp'] });
    await state().chooseFactor('email');
    expect(deps.api.mfaEmailSend).toHaveBeenCalledWith({ email: EMAIL, password: PASSWORD, mfaSession: 'mfa-3' });
    expect(state().step).toEqual({ name: 'emailCode', factors: ['email', 'totp'], sent: true });
    await state().submitEmailCode('ABCDE-12345');
    expect(deps.api.mfaEmail).toHaveBeenCalledWith('ABCDE-12345');
    expect(state().step.name).toBe('done');
  });

  it("kind 'secondFactor' with TOTP only: straight to the code; a wrong code keeps the step", async () => {
    const { deps, state } = setup({ kind: 'secondFactor', mfaSession: 'mfa-4', factors: ['totp'] });
    deps.api.loginFinish.mockRejectedValueOnce(new ApiError(401, 'Unauthorized', 'That code is not right', null));
    await state().submitCredentials(EMAIL, PASSWORD);
    expect(state().step.name).toBe('totp');
    await state().submitTotp('000000');
    expect(state().step.name).toBe('totp');
    expect(state().error).toBe('That code is not right');
    expect(deps.onSession).not.toHaveBeenCalled();
  });

  it("kind 'secondFactor' with e-mail only: the code is sent without asking", async () => {
    const { deps, state } = setup({ kind: 'secondFactor', mfaSession: 'mfa-5', factors: ['email'] });
    await state().submitCredentials(EMAIL, PASSWORD);
    expect(deps.api.mfaEmailSend).toHaveBeenCalledTimes(1);
    expect(state().step).toEqual({ name: 'emailCode', factors: ['email'], sent: true });
  });

  it('wrong password stays on credentials with the server text; 423 flags a locked account', async () => {
    const wrong = setup(new ApiError(401, 'Unauthorized', 'Incorrect e-mail or password', null));
    await wrong.state().submitCredentials(EMAIL, 'nope');
    expect(wrong.state().step.name).toBe('credentials');
    expect(wrong.state().error).toBe('Incorrect e-mail or password');
    expect(wrong.state().locked).toBe(false);

    const locked = setup(new ApiError(423, 'Locked', null, null));
    await locked.state().submitCredentials(EMAIL, PASSWORD);
    expect(locked.state().locked).toBe(true);
    expect(locked.state().error).toMatch(/locked/);
  });

  it("kind 'passkey': choosing another factor while the prompt is open cancels it and ignores its failure", async () => {
    const { deps, state } = setup({ kind: 'passkey', mfaSession: 'mfa-1', options, factors: ['email', 'totp'] });
    let rejectPrompt: (e: Error) => void = () => {};
    deps.startAuthentication.mockImplementationOnce(() => new Promise((_, reject) => (rejectPrompt = reject)));
    await state().submitCredentials(EMAIL, PASSWORD);
    const prompt = state().authenticateWithPasskey();
    await Promise.resolve();
    expect(state().passkeyPending).toBe(true);
    await state().chooseFactor('email');
    expect(deps.cancelPasskey).toHaveBeenCalledTimes(1);
    rejectPrompt(Object.assign(new Error('aborted'), { name: 'AbortError' }));
    await prompt;
    expect(state().step).toEqual({ name: 'emailCode', factors: ['email', 'totp'], sent: true });
    expect(state().error).toBeNull();
    expect(state().busy).toBe(false);
  });

  it('restart forgets the MFA session and returns to credentials', async () => {
    const { state } = setup({ kind: 'secondFactor', mfaSession: 'm', factors: ['totp'] });
    await state().submitCredentials(EMAIL, PASSWORD);
    state().restart();
    expect(state().step.name).toBe('credentials');
  });

  it('stepForStartResult maps every kind', () => {
    const auth = makeAuthResponse();
    expect(stepForStartResult({ kind: 'session', auth }).name).toBe('done');
    expect(stepForStartResult({ kind: 'passkey', mfaSession: 'm', options, factors: [] }).name).toBe('passkey');
    expect(stepForStartResult({ kind: 'enrolPasskey', mfaSession: 'm', protocol: options, factors: [] }).name).toBe('enrolPasskey');
    expect(stepForStartResult({ kind: 'secondFactor', mfaSession: 'm', factors: ['email', 'totp'] }).name).toBe('chooseFactor');
  });
});
