import { describe, expect, it } from 'vitest';
import { changeTone, toneClass } from './tone';

describe('the good/bad colour rule', () => {
  it('colours a change green when it is good for a holder', () => {
    expect(changeTone('spread', -1)).toBe('good');
    expect(changeTone('yield', 0.0001)).toBe('bad');
    expect(changeTone('price', 0.5)).toBe('good');
    expect(changeTone('index', -0.2)).toBe('bad');
    expect(changeTone('volume', -5)).toBe('bad');
    expect(changeTone('spread', 0)).toBeUndefined();
    expect(changeTone('spread', null)).toBeUndefined();
  });

  it('names the text class, empty for no change', () => {
    expect(toneClass('yield', -0.0002)).toBe('bw-tone-good');
    expect(toneClass('price', -1)).toBe('bw-tone-bad');
    expect(toneClass('price', 0)).toBe('');
  });
});
