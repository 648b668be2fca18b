import { describe, expect, it } from 'vitest';
import { trade } from './tradeFixture';
import { compareValues, defaultIndexOf, indexPoints, tradeMarkers, tradeMarkerSize, tradeStatusText } from './historyView';

describe('trades on the history chart', () => {
  it('sit at their price or yield on their day, coloured by side and sized by quantity', () => {
    const markers = tradeMarkers([trade({}), trade({ side: 'inter_dealer', reportedQuantity: 5_000_000, quantity: '5MM+' })], 'price');
    expect(markers).toHaveLength(2);
    expect(markers[0]).toMatchObject({ time: '2026-11-20', value: 99.5, color: '#20c997' });
    expect(markers[1]!.size!).toBeGreaterThan(markers[0]!.size!);
    expect(tradeMarkers([trade({})], 'yield')[0]!.value).toBe(0.051);
  });

  it('leave out cancelled trades, trades before the range, trades without a yield on the yield chart, and spread/confidence charts', () => {
    expect(tradeMarkers([trade({ status: 'cancelled' })], 'price')).toEqual([]);
    // Prints the pricer flagged are not levels the bond traded at.
    expect(tradeMarkers([trade({ flag: 'bad print' }), trade({ flag: 'off-market' })], 'price')).toEqual([]);
    expect(tradeMarkers([trade({})], 'price', '2026-11-21')).toEqual([]);
    expect(tradeMarkers([trade({ yield: null })], 'yield')).toEqual([]);
    expect(tradeMarkers([trade({})], 'spread')).toEqual([]);
    expect(tradeMarkers([trade({})], 'confidence')).toEqual([]);
  });

  it('the tape says why a flagged print is not a valid level', () => {
    expect(tradeStatusText(trade({}))).toBe('active');
    expect(tradeStatusText(trade({ flag: 'bad print' }))).toBe('Bad print: not priced from');
    expect(tradeStatusText(trade({ flag: 'off-market' }))).toBe('Off-market: not priced from');
  });

  it('sizes grow on a log scale and are capped', () => {
    expect(tradeMarkerSize(10_000)).toBe(0.6);
    expect(tradeMarkerSize(1_000_000)).toBe(1.6);
    expect(tradeMarkerSize(1e12)).toBe(2.2);
    expect(tradeMarkerSize(0)).toBe(0.6);
  });
});

describe('default index and comparison', () => {
  it('a bond is shown against IG or HY by the lower of its S&P and Moody’s ratings', () => {
    expect(defaultIndexOf('BBB-', 'Baa3')).toBe('IG');
    expect(defaultIndexOf('BBB-', 'Ba1')).toBe('HY');
    expect(defaultIndexOf(null, 'Baa1')).toBe('IG');
    expect(defaultIndexOf(null, null)).toBeNull();
    const index = {
      points: [
        { date: '2026-11-19', ig: 100, hy: null, igConstituents: 100, hyConstituents: 0 },
        { date: '2026-11-20', ig: 100.2, hy: 99, igConstituents: 100, hyConstituents: 100 },
      ],
      weighting: 'amountOutstanding' as const,
    };
    expect(indexPoints(index, 'HY')).toEqual([{ time: '2026-11-20', value: 99 }]);
  });

  it('normalised: price rebased to 100, yields as bp changes, spreads as bp changes', () => {
    expect(compareValues('price', [null, 98, 99.96], 'normalised')).toEqual([null, 100, 102]);
    expect(compareValues('yield', [0.05, 0.0512], 'normalised').map((v) => Math.round(v! * 10) / 10)).toEqual([0, 12]);
    expect(compareValues('spread', [120, 115], 'normalised')).toEqual([0, -5]);
    expect(compareValues('spread', [120, 115], 'absolute')).toEqual([120, 115]);
    expect(compareValues('price', [null, null], 'normalised')).toEqual([null, null]);
  });
});
