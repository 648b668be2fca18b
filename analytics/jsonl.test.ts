import { describe, expect, it } from 'vitest';
import { parseSharingCurve, processLine } from './jsonl';
import { exampleBond } from './testBonds';

const CURVE = [
  { tenor: '1Y', years: 1, yield: 0.04 },
  { tenor: '10Y', years: 10, yield: 0.045 },
];

/** The command reuses the previous line's parsed curve; what it reads must be JSON.parse's, always. */
describe('reading input lines that repeat one Treasury curve', () => {
  it('every line reads exactly as JSON.parse reads it, including lines built to mislead the shortcut', () => {
    const base = { ...exampleBond({ yield: 0.065, settlementDate: '2009-02-15' }), treasuryCurve: CURVE };
    const lines = [
      JSON.stringify({ id: 'a', ...base }),
      JSON.stringify({ id: 'b', ...base }),
      JSON.stringify({ id: 'c', ...base, treasuryCurve: [{ tenor: '1Y]', years: 1, yield: 0.041 }] }),
      JSON.stringify({ id: 'd"treasuryCurve":[{"tenor":"1Y","years":1,"yield":0.04},{"tenor":"10Y","years":10,"yield":0.045}]', ...base }),
      JSON.stringify({ id: 'e', ...base, callSchedule: [{ treasuryCurve: CURVE }] }),
      JSON.stringify({ treasuryCurve: CURVE, id: 'f' }),
      JSON.stringify({ id: 'g', ...base, treasuryCurve: null }),
      JSON.stringify({ id: 'h', ...base }),
      JSON.stringify({ id: 'i', ...base }).replace('"treasuryCurve":[', '"treasuryCurve": ['),
    ];
    for (const line of lines) expect(parseSharingCurve(line)).toEqual(JSON.parse(line));
  });

  it('results are the same whether the curve is read fresh or shared', () => {
    const bond = (id: string) =>
      JSON.stringify({ id, ...exampleBond({ cleanPrice: 98, settlementDate: '2009-02-15' }), treasuryCurve: CURVE });
    const first = JSON.parse(processLine(bond('x')));
    const second = JSON.parse(processLine(bond('x')));
    expect(second).toEqual(first);
    expect(first.gSpreadBp).toBeTypeOf('number');
  });
});
