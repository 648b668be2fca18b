import { describe, expect, it } from 'vitest';
import { freshnessText, marketFreshness } from './MarketAsOf';

const NOW = Date.parse('2026-11-23T15:30:00Z'); // 10:30 in New York

describe('how current the market figures are', () => {
  it("calls figures repriced a minute ago live, with New York's time", () => {
    const f = marketFreshness('2026-11-23T15:29:00Z', NOW);
    expect(f.kind).toBe('live');
    expect(freshnessText(f)).toBe('as of 10:29 AM ET');
  });

  it("calls Friday's close a close, not live, even on Monday morning", () => {
    const f = marketFreshness('2026-11-20T23:59:59.999Z', NOW);
    expect(f).toEqual({ kind: 'close', day: '2026-11-20' });
    expect(freshnessText(f)).toBe('Close of Nov 20, 2026');
  });

  it('marks figures older than two full reprices as delayed, with their date and time', () => {
    const f = marketFreshness('2026-11-23T15:27:00Z', NOW);
    expect(f.kind).toBe('delayed');
    expect(freshnessText(f)).toBe('as of Nov 23, 2026, 10:27 AM ET');
  });

  it('says so when there are no prices yet, or the time is not one', () => {
    expect(freshnessText(marketFreshness(null, NOW))).toBe('no prices yet');
    expect(marketFreshness('not a time', NOW)).toEqual({ kind: 'none' });
  });
});
