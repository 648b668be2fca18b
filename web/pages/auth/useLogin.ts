import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useStore } from 'zustand';
import { createLoginMachine, type LoginDeps } from '../../session/loginMachine';

/**
 * The login flow's machine (web/session/loginMachine.ts, one per page visit) and what the page
 * shows from it: the current step, the error and whether the account is locked; plus the URL's
 * ?created=1 (just signed up) and ?email= (prefills the e-mail field).
 */
export function useLogin(deps: LoginDeps) {
  const [machine] = useState(() => createLoginMachine(deps));
  const step = useStore(machine, (s) => s.step);
  const error = useStore(machine, (s) => s.error);
  const locked = useStore(machine, (s) => s.locked);
  const [params] = useSearchParams();
  return {
    machine,
    step,
    error,
    locked,
    created: params.get('created') === '1',
    initialEmail: params.get('email') ?? '',
  };
}

export type LoginState = ReturnType<typeof useLogin>;
