import { describe, expect, it } from 'vitest';
import { issuerKey } from './review';

describe('matching a term sheet issuer to a known issuer', () => {
  it('ignores case, punctuation and the legal form', () => {
    expect(issuerKey('Northwind Industries, Inc.')).toBe('northwind industries');
    expect(issuerKey('NORTHWIND INDUSTRIES INC')).toBe('northwind industries');
    expect(issuerKey('The Contoso Bank Corp.')).toBe('contoso bank');
    expect(issuerKey('Procter & Gamble Co')).toBe('procter and gamble');
  });
});
