import { describe, expect, it } from 'vitest';
import { holdsGatedFields, withoutGatedFields } from './entitlements';

describe('answers with nothing gated need no look-up of the caller’s features', () => {
  it('a notification poll, a plain bond and a Moody’s-only history hold nothing gated, and pass unchanged', () => {
    const answers = [
      { notifications: [{ id: '7', type: 'markethawkalert', payload: { bondId: 3, title: 'Price above 101' } }], cursor: '7' },
      { bond: { cusip: '037833AK6', ratings: { moody: 'Aa1' } } },
      { history: [{ agency: 'moody', rating: 'Aa1' }] },
      'plain text',
    ];
    for (const answer of answers) {
      expect(holdsGatedFields(answer)).toBe(false);
      expect(withoutGatedFields(answer, new Set())).toEqual(answer);
    }
  });

  it('a gated field at any depth, an S&P rating beside a Moody’s one, or an S&P history entry is gated', () => {
    expect(holdsGatedFields({ rows: [{ cusip: 'x', ratingSP: 'AA' }] })).toBe(true);
    expect(holdsGatedFields({ page: { rows: [{ discountMargin: 12 }] } })).toBe(true);
    expect(holdsGatedFields({ ratings: { sp: 'AA', moody: 'Aa2' } })).toBe(true);
    expect(holdsGatedFields({ history: [{ agency: 'sp', rating: 'AA' }] })).toBe(true);
    // An "sp" key alone is not a rating pair (nothing would be withheld).
    expect(holdsGatedFields({ sp: 1 })).toBe(false);
  });
});
