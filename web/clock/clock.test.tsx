import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ClockProvider, useNow } from './clock';

function Shows() {
  const now = useNow();
  return <span data-testid="now">{new Date(now()).toISOString()}</span>;
}

describe('the web clock', () => {
  it('a page under a clock provider reads the time it is given', () => {
    render(
      <ClockProvider now={() => Date.parse('2026-11-24T15:00:00Z')}>
        <Shows />
      </ClockProvider>,
    );
    expect(screen.getByTestId('now').textContent).toBe('2026-11-24T15:00:00.000Z');
  });

  it('without one, a page reads the machine clock', () => {
    const before = Date.now();
    render(<Shows />);
    const shown = Date.parse(screen.getByTestId('now').textContent ?? '');
    expect(shown).toBeGreaterThanOrEqual(before);
    expect(shown).toBeLessThanOrEqual(Date.now());
  });
});
