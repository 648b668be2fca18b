import { describe, expect, it } from 'vitest';
import { measureUnit, statsColumns } from './sectorStats';

describe("the sector tables' units name the weighting the server used", () => {
  it('by amount outstanding when every priced bond has one', () => {
    const tips = statsColumns('Sector', 'amountOutstanding').map((c) => c.headerTooltip);
    expect(tips).toContain('G-spread, bp, weighted by amount outstanding');
    expect(tips).toContain('Yield to worst, %, weighted by amount outstanding');
    expect(measureUnit('spread', 'amountOutstanding')).toBe('G-spread, bp, weighted by amount outstanding');
  });

  it('equally where amount outstanding is unknown; a sum names no weighting', () => {
    const tips = statsColumns('Industry', 'equal').map((c) => c.headerTooltip);
    expect(tips).toContain('G-spread, bp, each bond weighted equally (amount outstanding not known for every bond)');
    expect(measureUnit('yield', 'equal')).toBe(
      'yield to worst, %, each bond weighted equally (amount outstanding not known for every bond)',
    );
    expect(measureUnit('volume', 'equal')).toBe('par traded today, USD MM');
  });
});
