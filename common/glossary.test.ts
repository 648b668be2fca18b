import { describe, expect, it } from 'vitest';
import { BOND_TABLE_COLUMNS } from './enums';
import { GLOSSARY, glossaryTooltip } from './glossary';

describe('the bond-table glossary', () => {
  it.each(BOND_TABLE_COLUMNS)('has a complete entry for the %s column', (column) => {
    const entry = GLOSSARY[column];
    expect(entry, `no glossary entry for ${column}`).toBeDefined();
    for (const field of ['term', 'short', 'definition', 'unit', 'formula'] as const) {
      expect(entry[field].trim().length, `${column}.${field} is empty`).toBeGreaterThan(0);
    }
  });

  it('has no entry for a column the table does not have', () => {
    expect(Object.keys(GLOSSARY).sort()).toEqual([...BOND_TABLE_COLUMNS].sort());
  });

  it('gives tooltips the definition, the unit and the formula', () => {
    const tip = glossaryTooltip(GLOSSARY.gSpread);
    expect(tip).toContain('Treasury of exactly the same maturity');
    expect(tip).toContain('Unit: basis points');
    expect(tip).toContain('interpolated');
  });
});
