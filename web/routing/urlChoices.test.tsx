import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation, useNavigationType } from 'react-router';
import { describe, expect, it } from 'vitest';
import { useUrlChoices, withChoices } from './urlChoices';

describe('a page choice held in the URL', () => {
  it('changing one choice keeps the others, null removes one, and an empty value stays chosen', () => {
    const next = withChoices(new URLSearchParams('metric=yield&from=2026-01-02&sector=FINL'), {
      from: null,
      sector: 'ENRG',
      issuer: '',
    });
    expect(next.toString()).toBe('metric=yield&sector=ENRG&issuer=');
  });

  const inRouter = (at: string) =>
    function Wrapper({ children }: { children: ReactNode }) {
      return <MemoryRouter initialEntries={[at]}>{children}</MemoryRouter>;
    };
  const useProbe = () => ({ ...useUrlChoices(), location: useLocation(), how: useNavigationType() });

  it('a filter edit replaces the history entry; a drill step adds one', () => {
    const { result } = renderHook(useProbe, { wrapper: inRouter('/bw/sector?measure=spread') });
    act(() => result.current.setChoices({ measure: 'yield' }));
    expect(result.current.location.search).toBe('?measure=yield');
    expect(result.current.how).toBe('REPLACE');
    act(() => result.current.setChoices({ sector: 'FINL' }, 'push'));
    expect(result.current.location.search).toBe('?measure=yield&sector=FINL');
    expect(result.current.how).toBe('PUSH');
    expect(result.current.params.get('sector')).toBe('FINL');
  });
});
