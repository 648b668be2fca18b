import { describe, expect, it } from 'vitest';
import { messageDealOptions } from './messageDeals';

const deal = (id: number, ticker: string, announcedAt: string) => ({
  id,
  issuer: { id: id * 10, name: `${ticker} Inc`, displayName: ticker, ticker },
  announcedAt,
});

describe('the calendar messages picker', () => {
  it('lists each deal once, those with unread messages first (most first), then in the calendar order', () => {
    const deals = [
      deal(1, 'ACME', '2026-11-23T14:00:00Z'),
      deal(2, 'GLOBX', '2026-11-23T15:00:00Z'),
      deal(1, 'ACME', '2026-11-23T14:00:00Z'),
      deal(3, 'INIT', '2026-11-24T14:00:00Z'),
      deal(4, 'UMBR', '2026-11-24T15:00:00Z'),
    ];
    const options = messageDealOptions(deals, { 3: 1, 4: 5 });
    expect(options.map((o) => [o.value, o.unread])).toEqual([
      ['4', 5],
      ['3', 1],
      ['1', 0],
      ['2', 0],
    ]);
    expect(options[0]!.label).toMatch(/^UMBR · .+ · 5 unread$/);
    expect(options[2]!.label).not.toMatch(/unread/);
  });
});
