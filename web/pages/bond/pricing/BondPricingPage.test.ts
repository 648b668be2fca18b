import { describe, expect, it } from 'vitest';
import { noFutureCallText } from './BondFacts';

describe('a callable whose call dates have all passed', () => {
  it('says it is callable any time from the last scheduled call, at its price', () => {
    expect(
      noFutureCallText([
        { date: '2025-06-15', price: 101 },
        { date: '2026-06-15', price: 100 },
      ]),
    ).toBe('Call period started Jun 15, 2026: callable any time at 100.000');
  });
});
