import { describe, expect, it } from 'vitest';
import { callText, parseCalls } from './bondTerms';

describe("a bond's call schedule as the admin types it", () => {
  it('reads DATE@PRICE entries separated by semicolons or lines, spaces ignored', () => {
    expect(parseCalls(' 2030-11-23@100 ;2031-05-23 @ 100.5\n2032-05-23@100')).toEqual([
      { date: '2030-11-23', price: 100 },
      { date: '2031-05-23', price: 100.5 },
      { date: '2032-05-23', price: 100 },
    ]);
    expect(parseCalls('  ')).toEqual([]);
  });

  it('sends a price that is not a number as null, for the server to refuse by name', () => {
    expect(parseCalls('2030-11-23@par')).toEqual([{ date: '2030-11-23', price: null }]);
    expect(parseCalls('2030-11-23')).toEqual([{ date: '2030-11-23', price: null }]);
  });

  it('writes the stored schedule back in the same form', () => {
    expect(
      callText([
        { date: '2030-11-23', price: 100 },
        { date: '2031-05-23', price: 100.5 },
      ]),
    ).toBe('2030-11-23@100; 2031-05-23@100.5');
  });
});
