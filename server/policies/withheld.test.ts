import { describe, expect, it } from 'vitest';
import { holdsGatedData, withoutGatedData } from './gatedData';

describe('answers with nothing gated need no look-up of the caller’s features', () => {
  it('a notification poll, a plain bond and a Moody’s-only history hold nothing gated, and pass unchanged', () => {
    const answers = [
      { notifications: [{ id: '7', type: 'markethawkalert', payload: { bondId: 3, title: 'Price above 101' } }], cursor: '7' },
      { bond: { cusip: '037833AK6', ratings: { moody: 'Aa1' } } },
      { history: [{ agency: 'moody', rating: 'Aa1' }] },
      'plain text',
    ];
    for (const answer of answers) {
      expect(holdsGatedData(answer)).toBe(false);
      expect(withoutGatedData(answer, new Set())).toEqual(answer);
    }
  });

  it('a gated field at any depth, an S&P rating beside a Moody’s one, or an S&P history entry is gated', () => {
    expect(holdsGatedData({ rows: [{ cusip: 'x', ratingSP: 'AA' }] })).toBe(true);
    expect(holdsGatedData({ page: { rows: [{ discountMargin: 12 }] } })).toBe(true);
    expect(holdsGatedData({ ratings: { sp: 'AA', moody: 'Aa2' } })).toBe(true);
    expect(holdsGatedData({ history: [{ agency: 'sp', rating: 'AA' }] })).toBe(true);
    // An "sp" key alone is not a rating pair (nothing would be withheld).
    expect(holdsGatedData({ sp: 1 })).toBe(false);
  });
});

describe('gated data is withheld under every declared spelling and path', () => {
  it('a deal’s ratingSp, a bond’s ratingSP and ratings.sp are null, S&P history entries leave, without the feature', () => {
    const answer = {
      deals: [{ id: 1, ratingSp: 'BB+', ratingMoody: 'Ba1' }],
      bond: { ratingSP: 'BB+', ratings: { sp: 'BB+', moody: 'Ba1', history: [{ agency: 'sp' }, { agency: 'moody' }] } },
    };
    expect(holdsGatedData(answer)).toBe(true);
    expect(withoutGatedData(answer, new Set())).toEqual({
      deals: [{ id: 1, ratingSp: null, ratingMoody: 'Ba1' }],
      bond: { ratingSP: null, ratings: { sp: null, moody: 'Ba1', history: [{ agency: 'moody' }] } },
    });
    expect(withoutGatedData(answer, new Set(['s_and_p_ratings']))).toEqual(answer);
  });

  it('route paths: the term-structure levels null and bonds empty; the calculator’s rating only for an existing issuer', () => {
    const tsc = { buckets: [{ tenor: '5Y', from: 1, to: 2, change: 1 }], bonds: [{ bondId: 1, from: 1, to: 2, change: 1 }] };
    expect(withoutGatedData(tsc, new Set(['term_structure_change_visual_bond']), 'GET /v2/market/term-structure-change')).toEqual({
      buckets: [{ tenor: '5Y', from: null, to: null, change: 1 }],
      bonds: [{ bondId: 1, from: null, to: null, change: 1 }],
    });
    expect(
      withoutGatedData(tsc, new Set(['term_structure_change_non_delta_metrics']), 'GET /v2/market/term-structure-change').bonds,
    ).toEqual([]);
    const route = 'POST /v2/primary/calculator';
    expect(withoutGatedData({ issuer: { id: 1 }, rating: 'A-' }, new Set(), route)).toEqual({ issuer: { id: 1 }, rating: null });
    expect(withoutGatedData({ issuer: null, rating: 'A-' }, new Set(), route)).toEqual({ issuer: null, rating: 'A-' });
  });
});
