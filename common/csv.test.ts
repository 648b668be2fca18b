import { describe, expect, it } from 'vitest';
import { csvCell, csvDocument } from './csv';

describe('the CSV writer', () => {
  it('text that a spreadsheet would run as a formula is written as text (OWASP)', () => {
    expect(csvCell('=HYPERLINK("http://evil.example","Click")')).toBe(`"'=HYPERLINK(""http://evil.example"",""Click"")"`);
    expect(csvCell('+1+1')).toBe(`"'+1+1"`);
    expect(csvCell('-2+3')).toBe(`"'-2+3"`);
    expect(csvCell('@SUM(A1)')).toBe(`"'@SUM(A1)"`);
    expect(csvCell('\tcmd')).toBe(`"'\tcmd"`);
    expect(csvCell('\rcmd')).toBe(`"'\rcmd"`);
  });

  it('numbers stay numbers, negative ones included; text is quoted only when RFC 4180 needs it', () => {
    expect(csvCell(-0.25)).toBe('-0.25');
    expect(csvCell(101.5)).toBe('101.5');
    expect(csvCell('BETA Holdings, Inc. "B"')).toBe('"BETA Holdings, Inc. ""B"""');
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell(null)).toBe('');
    expect(csvCell(Number.NaN)).toBe('');
  });

  it('a document is a header and rows, CRLF-terminated', () => {
    expect(
      csvDocument(
        ['a', 'b'],
        [
          [1, 'x'],
          [null, '=1'],
        ],
      ),
    ).toBe(`a,b\r\n1,x\r\n,"'=1"\r\n`);
  });
});
