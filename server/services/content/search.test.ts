import { describe, expect, it } from 'vitest';
import { firstSoughtWord } from './search';

describe('the word a snippet is centred on', () => {
  it('is the first word sought: not an exclusion or an operator, inside a phrase too, lower-cased', () => {
    expect(firstSoughtWord('Spread tightening')).toBe('spread');
    expect(firstSoughtWord('-energy utilities')).toBe('utilities');
    expect(firstSoughtWord('"Yield curve" -swap')).toBe('yield');
    expect(firstSoughtWord('or callable')).toBe('callable');
    expect(firstSoughtWord('-only')).toBe('');
  });
});
