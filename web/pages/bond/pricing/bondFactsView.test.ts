import { describe, expect, it } from 'vitest';
import { makeWholeText, noFutureCallText } from './bondFactsView';

describe('a bond with a make-whole call from its term sheet', () => {
  it('shows the spread over Treasuries and the par call date it runs until', () => {
    expect(makeWholeText({ spreadBp: 20, until: '2035-03-15' })).toBe('Make-whole call at T+20 bp until Mar 15, 2035');
  });

  it('keeps a half basis point as the sheet wrote it', () => {
    expect(makeWholeText({ spreadBp: 7.5, until: '2019-11-15' })).toBe('Make-whole call at T+7.5 bp until Nov 15, 2019');
  });
});

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
